import Foundation
import Hummingbird
import HummingbirdTesting
import MapGeometry
import MapGeoJSON
import TestSupport
import Testing

/// Edit-mode saves: validated first, versions checked, visible at once, on disk when acknowledged.
@Suite("Service edits")
struct ServiceEditTests {
    /// A copy of the sample stops in a fresh folder, so edits never touch Data/.
    static func scratchDataset(_ name: String = "stops") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapengine-edits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).geojson").path
        try FileManager.default.copyItem(atPath: ServiceHarness.path("Data/stops.geojson"), toPath: path)
        return path
    }

    static func json(_ body: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:]
    }

    static func point(_ name: String, _ lon: Double, _ lat: Double, id: String? = nil) -> String {
        let idMember = id.map { "\"id\": \"\($0)\", " } ?? ""
        return #"{"type": "Feature", \#(idMember)"properties": {"name": "\#(name)", "type": "shop"}, "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}}"#
    }

    static let bowTie = #"{"type": "Feature", "properties": {"name": "bow tie"}, "geometry": {"type": "Polygon", "coordinates": [[[24.94, 60.17], [24.95, 60.18], [24.95, 60.17], [24.94, 60.18], [24.94, 60.17]]]}}"#

    @Test("create, read, change and delete an object; a refused save stores nothing")
    func lifecycle() async throws {
        let file = try Self.scratchDataset()
        try await ServiceHarness.withService(["stops=\(file)"]) { client in
            let created = try await client.send(.post, "/datasets/stops/objects", body: Self.point("Kiosk Zebra", 24.9441, 60.1699), type: "application/geo+json")
            #expect(created.status == .created, "\(created.body)")
            let location = try #require(created.headers[.location])
            let tag = try #require(created.headers[.eTag])
            let id = try #require(Self.json(created.body)["id"] as? String)
            #expect(location == "/datasets/stops/objects/\(id)")

            let read = try await client.get(location)
            #expect(read.body == created.body)
            #expect(read.headers[.eTag] == tag)
            let found = try await client.get("/datasets/stops/search?q=zebra")
            #expect(found.body.contains("Kiosk Zebra"))
            let near = try await client.get("/datasets/stops/near?lon=24.9441&lat=60.1699&radius=1")
            #expect(near.body.contains("Kiosk Zebra"))
            let onDisk = try GeoJSONReader().read(contentsOfFile: file)
            #expect(onDisk.features.contains { $0.properties.string("name") == "Kiosk Zebra" })

            let noPrecondition = try await client.send(.put, location, body: Self.point("Kiosk Zebra 2", 24.9441, 60.1699))
            #expect(noPrecondition.status == .preconditionRequired)
            let stale = try await client.send(.put, location, body: Self.point("Kiosk Zebra 2", 24.9441, 60.1699), headers: [.ifMatch: "\"0000000000000000\""])
            #expect(stale.status == .preconditionFailed)
            let changed = try await client.send(.put, location, body: Self.point("Kiosk Zebra 2", 24.9442, 60.1699), headers: [.ifMatch: tag])
            #expect(changed.status == .ok, "\(changed.body)")
            let newTag = try #require(changed.headers[.eTag])
            #expect(newTag != tag)
            #expect(try await client.send(.delete, location, body: "", headers: [.ifMatch: tag]).status == .preconditionFailed)

            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            let refused = try await client.send(.post, "/datasets/stops/objects", body: Self.bowTie, type: "application/geo+json")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.headers[.contentType] == "application/problem+json")
            let findings = Self.json(refused.body)["findings"] as? [[String: Any]]
            #expect(findings?.first?["kind"] as? String == "self_intersection", "\(refused.body)")
            #expect(findings?.first?["location"] != nil)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)

            // An object whose id is a property, changed by a body without an id, keeps its id.
            let sample = "/datasets/stops/objects/node%2F25389429"
            let sampleRead = try await client.get(sample)
            let kept = try await client.send(.put, sample, body: Self.point("Kaivokatu 1 (moved)", 24.9415, 60.1713),
                                             headers: [.ifMatch: sampleRead.headers[.eTag] ?? ""])
            #expect(kept.status == .ok, "\(kept.body)")
            #expect(try await client.get(sample).body.contains("Kaivokatu 1 (moved)"))
            #expect(Self.json(kept.body)["properties"].flatMap { ($0 as? [String: Any])?["id"] as? String } == "node/25389429")

            #expect(try await client.send(.delete, location, body: "", headers: [.ifMatch: newTag]).status == .noContent)
            #expect(try await client.get(location).status == .notFound)
            #expect(!(try GeoJSONReader().read(contentsOfFile: file)).features.contains { $0.properties.string("name")?.hasPrefix("Kiosk Zebra") == true })
        }
    }

    /// 50 editors × 20 saves on five shared objects and their own new ones: every save is
    /// stored or refused (412 for a stale version, 422 for an invalid shape), the stored
    /// versions of each object form one chain (no save overwrote another unseen), and the
    /// file at the end is valid and holds exactly what the service answers.
    @Test("50 concurrent editors × 20 saves lose nothing")
    func concurrentEditors() async throws {
        let file = try Self.scratchDataset()
        let hot = try GeoJSONReader().read(contentsOfFile: file).features.prefix(5).map { $0.properties.string("id")! }
        try await ServiceHarness.withService(["stops=\(file)"]) { client in
            let outcomes = try await withThrowingTaskGroup(of: [(HTTPResponse.Status, String, String?, String?)].self) { group in
                for editor in 0..<50 {
                    group.addTask {
                        var results: [(HTTPResponse.Status, String, String?, String?)] = []
                        var random = SeededGenerator(seed: UInt64(editor + 1))
                        for step in 0..<20 {
                            if step == 0 {
                                let body = Self.point("editor \(editor)", 24.93 + Double(editor) / 1000, 60.17, id: "new/\(editor)")
                                let answer = try await client.send(.post, "/datasets/stops/objects", body: body)
                                results.append((answer.status, "new/\(editor)", nil, answer.headers[.eTag]))
                                continue
                            }
                            let id = hot[Int(random.next() % UInt64(hot.count))]
                            let path = "/datasets/stops/objects/\(id.replacingOccurrences(of: "/", with: "%2F"))"
                            let current = try await client.get(path)
                            let tag = current.headers[.eTag] ?? ""
                            let body = step % 7 == 3 ? Self.bowTie.replacingOccurrences(of: "bow tie", with: "x")
                                : Self.point("editor \(editor) step \(step)", 24.94, 60.17, id: id)
                            let answer = try await client.send(.put, path, body: body, headers: [.ifMatch: tag])
                            results.append((answer.status, id, tag, answer.headers[.eTag]))
                        }
                        return results
                    }
                }
                var all: [(HTTPResponse.Status, String, String?, String?)] = []
                for try await results in group { all += results }
                return all
            }
            #expect(outcomes.count == 1000)
            let statuses = Set(outcomes.map(\.0.code))
            #expect(statuses.isSubset(of: [200, 201, 412, 422]), "\(statuses)")
            #expect(outcomes.filter { $0.0 == .created }.count == 50)
            #expect(outcomes.contains { $0.0 == .ok } && outcomes.contains { $0.0 == .preconditionFailed })

            // Each stored change replaced the version it read: per object, old → new tags form one chain.
            for id in hot {
                let stored = outcomes.filter { $0.0 == .ok && $0.1 == id }
                var next: [String: String] = [:]
                for (_, _, old, new) in stored {
                    #expect(next[old!] == nil, "two saves of \(id) replaced the same version \(old!)")
                    next[old!] = new!
                }
                let final = try await client.get("/datasets/stops/objects/\(id.replacingOccurrences(of: "/", with: "%2F"))")
                let olds = Set(next.keys), news = Set(next.values)
                if !stored.isEmpty {
                    #expect(olds.subtracting(news).count == 1, "one first version of \(id)")
                    #expect(news.subtracting(olds) == [final.headers[.eTag]!], "the last stored version of \(id) is the one served")
                }
            }
            let onDisk = try GeoJSONReader().read(contentsOfFile: file)
            #expect(onDisk.features.count == 200 + 50)
            for feature in onDisk.features.filter({ hot.contains($0.properties.string("id") ?? "") }) {
                let id = feature.properties.string("id")!
                let served = try await client.get("/datasets/stops/objects/\(id.replacingOccurrences(of: "/", with: "%2F"))")
                #expect(served.body == String(decoding: GeoJSONWriter().encode(feature), as: UTF8.self))
            }
        }
    }
}
