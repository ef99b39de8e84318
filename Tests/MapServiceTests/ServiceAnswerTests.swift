import Foundation
import HummingbirdTesting
import MapGeometry
import MapGeoJSON
import MapService
import TestSupport
import Testing

/// The service equals the command: the same question over HTTP and on the command line gives
/// the same bytes, for random views of real data and for each kind of answer.
@Suite("Service answers equal the command's bytes")
struct ServiceAnswerTests {
    static let objects = "Data/objects.geojson"

    /// `count` random views (zoom 0–18, some boxes across the antimeridian when `world`) of a data extent.
    static func viewports(_ count: Int, around extent: BoundingBox, world: Bool, seed: UInt64) -> [(zoom: Double, bbox: String)] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { step in
            let zoom = (random.unit() * 18 * 4).rounded() / 4
            if world && step % 5 == 4 {
                let west = 150 + random.unit() * 29, east = -180 + random.unit() * 29
                return (zoom, "\(west),-60,\(east),70")
            }
            let width = max(0.001, (extent.east - extent.west) * random.unit())
            let height = max(0.001, (extent.north - extent.south) * random.unit())
            let west = extent.west + (extent.east - extent.west - width) * random.unit()
            let south = extent.south + (extent.north - extent.south - height) * random.unit()
            let box = [west, south, west + width, south + height].map { String(format: "%.5f", $0) }
            return (zoom, box.joined(separator: ","))
        }
    }

    static func extent(of path: String) throws -> BoundingBox {
        let document = try GeoJSONReader().read(contentsOfFile: path.hasPrefix("/") ? path : ServiceHarness.path(path))
        return DataExtent(document.features.compactMap(\.geometry)).bounds!
    }

    @Test("/clusters equals mapctl cluster --with-legend for 50 random views of the sample, places and Andorra")
    func clusterViews() async throws {
        var files: [(file: String, name: String, views: Int, world: Bool)] = [(Self.objects, "objects", 30, false)]
        if SharedData.isAvailable {
            files.append((SharedData.url("real/places_15000.geojson").path, "places", 10, true))
            files.append((SharedData.url("real/andorra/objects.geojson").path, "andorra", 10, false))
        }
        for (file, name, count, world) in files {
            let views = Self.viewports(count, around: world ? .world : try Self.extent(of: file), world: world, seed: 7)
            try await ServiceHarness.withService(["\(name)=\(file)"]) { client in
                for (zoom, bbox) in views {
                    let answer = try await client.get("/datasets/\(name)/clusters?zoom=\(zoom)&bbox=\(bbox)")
                    #expect(answer.status == .ok, "\(name) zoom \(zoom) bbox \(bbox): \(answer.body)")
                    #expect(answer.headers[.contentType] == "application/geo+json")
                    let command = try await commandOutput(["cluster", "--zoom", "\(zoom)", "--bbox", bbox, "--with-legend", file])
                    #expect(answer.body == command, "\(name) zoom \(zoom) bbox \(bbox)")
                }
            }
        }
    }

    @Test("members, children, expansion zoom and tiles equal the command's")
    func clusterQueries() async throws {
        try await ServiceHarness.withService([Self.objects]) { client in
            let view = try await client.get("/datasets/objects/clusters?zoom=14")
            let clusterIDs = Self.clusterIDs(in: view.body).prefix(4)
            #expect(!clusterIDs.isEmpty)
            for id in clusterIDs {
                for page in 1...2 {
                    let members = try await client.get("/datasets/objects/clusters/\(id)/members?page=\(page)&limit=20")
                    let command = try await commandOutput(["cluster", "--members", "\(id)", "--limit", "20", "--offset", "\((page - 1) * 20)", Self.objects])
                    #expect(members.body == command, "members of \(id), page \(page)")
                }
                let children = try await client.get("/datasets/objects/clusters/\(id)/children")
                await #expect(children.body == (try commandOutput(["cluster", "--children", "\(id)", Self.objects])))
                let zoom = try await client.get("/datasets/objects/clusters/\(id)/expansion-zoom")
                await #expect(zoom.body == (try commandOutput(["cluster", "--expansion-zoom", "\(id)", Self.objects])))
            }
            let tile = try await client.get("/datasets/objects/tiles/14/9326/4740.geojson")
            #expect(tile.status == .ok)
            await #expect(tile.body == (try commandOutput(["cluster", "--tile", "14/9326/4740", Self.objects])))
        }
    }

    @Test("every Feature of every map answer carries its top-level id: clusters their cluster id, objects their own")
    func topLevelIDs() async throws {
        try await ServiceHarness.withService([Self.objects]) { client in
            var answers = ["/datasets/objects/objects/node%2F25389429", "/datasets/objects/tiles/14/9326/4740.geojson",
                           "/datasets/objects/near?lon=24.9414&lat=60.1713&radius=300&limit=50",
                           "/datasets/objects/nearest?lon=24.9414&lat=60.1713&k=20", "/datasets/objects/search?q=ka&limit=50"]
            for zoom in [10, 14, 17] { answers.append("/datasets/objects/clusters?zoom=\(zoom)") }
            for id in Self.clusterIDs(in: try await client.get("/datasets/objects/clusters?zoom=14").body).prefix(3) {
                answers += ["/datasets/objects/clusters/\(id)/members?limit=100", "/datasets/objects/clusters/\(id)/children"]
            }
            var singles = 0
            for answer in answers {
                let (status, _, body) = try await client.get(answer)
                #expect(status == .ok, "\(answer): \(body.prefix(300))")
                let wrong = try TopLevelIDs.wrong(in: body)
                #expect(wrong.isEmpty, "\(answer): \(wrong.prefix(3))")
                singles += try TopLevelIDs.features(in: body).count { ($0["properties"] as? [String: Any])?["cluster_id"] == nil }
            }
            #expect(singles > 100, "the answers hold objects, not only clusters")
        }
    }

    @Test("selected=ID flags the object's own marker, or the cluster that holds it, as the command does")
    func selectedMarker() async throws {
        let id = "node/25389429"
        try await ServiceHarness.withService([Self.objects]) { client in
            for zoom in [11, 14, 17] {
                let view = try await client.get("/datasets/objects/clusters?zoom=\(zoom)&selected=\(id.replacingOccurrences(of: "/", with: "%2F"))")
                #expect(view.status == .ok, "\(view.body)")
                await #expect(view.body == (try commandOutput(["cluster", "--zoom", "\(zoom)", "--with-legend", "--selected", id, Self.objects])))
                let json = try #require(try JSONSerialization.jsonObject(with: Data(view.body.utf8)) as? [String: Any])
                let flagged = (json["features"] as! [[String: Any]]).filter { ($0["properties"] as? [String: Any])?["selected"] as? Bool == true }
                #expect(flagged.count == 1, "zoom \(zoom)")
                let properties = try #require(flagged.first?["properties"] as? [String: Any])
                if let cluster = properties["cluster_id"] as? Int {
                    // The flagged cluster holds the object.
                    let members = try await client.get("/datasets/objects/clusters/\(cluster)/members?limit=1000")
                    #expect(members.body.contains("\"id\":\"\(id)\""), "zoom \(zoom): cluster \(cluster) does not hold \(id)")
                } else {
                    #expect(properties["id"] as? String == id)
                }
            }
            #expect(try await client.get("/datasets/objects/clusters?zoom=14&selected=nothing").status == .badRequest)
        }
    }

    @Test("near, nearest, search, extents, route, validate and measure equal the command's")
    func otherAnswers() async throws {
        let stops = try String(contentsOfFile: ServiceHarness.path("Data/stops.geojson"), encoding: .utf8)
        let drawn = try String(contentsOfFile: ServiceHarness.path("Data/drawn.geojson"), encoding: .utf8)
        // The routes: a fixed number of iterations well inside a generous time limit on both
        // sides, as the fleets' below; under a loaded machine's default 2 s one was cut short.
        try await ServiceHarness.withService([Self.objects], configure: {
            $0.maxRouteTime = .seconds(90)
            $0.requestTimeout = .seconds(115)
        }) { client in
            let near = try await client.get("/datasets/objects/near?lon=24.9414&lat=60.1713&radius=300&limit=20&types=restaurant,shop")
            await #expect(near.body == (try commandOutput(["query", "--near", "24.9414,60.1713", "--radius", "300", "--limit", "20", "--layers", "restaurant,shop", Self.objects])))
            let nearKm = try await client.get("/datasets/objects/near?lon=24.9414&lat=60.1713&radius=0.3&units=km&limit=20&types=restaurant,shop")
            #expect(nearKm.body == near.body)
            let nearest = try await client.get("/datasets/objects/nearest?lon=24.9414&lat=60.1713&k=5")
            await #expect(nearest.body == (try commandOutput(["query", "--nearest", "5", "--at", "24.9414,60.1713", Self.objects])))
            let search = try await client.get("/datasets/objects/search?q=rautatie&lon=24.9414&lat=60.1713&page=2&limit=4")
            await #expect(search.body == (try commandOutput(["query", "--search", "rautatie", "--at", "24.9414,60.1713", "--page", "2", "--page-size", "4", Self.objects])))
            // Values percent-encoded, as a browser's URLSearchParams sends them, read the same.
            #expect(try await client.get("/datasets/objects/search?q=%72autatie&lon=24.9414&lat=60.1713&page=2&limit=4").body == search.body)
            #expect(try await client.get("/datasets/objects/near?lon=24.9414&lat=60.1713&radius=300&limit=20&types=restaurant%2Cshop").body == near.body)

            let extents = try await client.send(.post, "/datasets/objects/extents", body: #"{"width": 1024, "height": 768, "insets": {"left": 320}, "padding": 16, "maxZoom": 18}"#)
            #expect(extents.status == .ok, "\(extents.body)")
            await #expect(extents.body == (try commandOutput(["extents", "--width", "1024", "--height", "768", "--insets", "0,0,0,320", "--padding", "16", "--max-zoom", "18", Self.objects])))

            let route = try await client.sendPatiently(.post, "/route?iterations=300&timeLimit=90000&start=24.9414,60.1713", body: stops, type: "application/geo+json")
            #expect(route.status == .ok, "\(route.body)")
            await #expect(route.body == (try commandOutput(["route", "--iterations", "300", "--time-limit", "90s", "--start", "24.9414,60.1713", "Data/stops.geojson"])))
            let imperialRoute = try await client.sendPatiently(.post, "/route?iterations=300&timeLimit=90000&units=imperial", body: stops, type: "application/geo+json")
            await #expect(imperialRoute.body == (try commandOutput(["route", "--iterations", "300", "--time-limit", "90s", "--units", "imperial", "Data/stops.geojson"])))
            #expect(imperialRoute.body.contains(" mi · "), "the label says miles: \(imperialRoute.body.prefix(300))")

            // The same bytes on standard input; the reader's messages name the input, which is
            // "<stdin>" there and "request body" here.
            func fromStandardInput(_ arguments: [String], status: Int32) async throws -> String {
                try await commandOutput(arguments + ["-"], status: status, input: Data(drawn.utf8))
                    .replacingOccurrences(of: "<stdin>", with: "request body")
            }
            let validate = try await client.send(.post, "/validate", body: drawn, type: "application/geo+json")
            #expect(validate.status == .ok)
            await #expect(validate.body == (try fromStandardInput(["validate"], status: 1)))
            let repair = try await client.send(.post, "/repair", body: drawn, type: "application/geo+json")
            await #expect(repair.body == (try fromStandardInput(["validate", "--repair"], status: 1)))
            let objects = try String(contentsOfFile: ServiceHarness.path(Self.objects), encoding: .utf8)
            let measure = try await client.send(.post, "/measure?areaUnit=ha", body: objects)
            await #expect(measure.body == (try commandOutput(["measure", "--area-unit", "ha", Self.objects])))
            let imperialMeasure = try await client.send(.post, "/measure?units=imperial&lengthUnit=ft", body: objects)
            await #expect(imperialMeasure.body == (try commandOutput(["measure", "--units", "imperial", "--length-unit", "ft", Self.objects])))
            #expect(imperialMeasure.body.contains(#""area_ac":"#) && imperialMeasure.body.contains(#""perimeter_ft":"#))
            let badUnits = try await client.send(.post, "/measure?units=nautical", body: objects)
            #expect(badUnits.status == .badRequest && badUnits.body.contains("give metric or imperial"), "\(badUnits.body)")
        }
    }

    @Test("fleet and directions equal mapctl route --vehicles and mapctl directions")
    func fleetAndDirections() async throws {
        let stops = try String(contentsOfFile: ServiceHarness.path("Data/stops.geojson"), encoding: .utf8)
        let vehicles = try String(contentsOfFile: ServiceHarness.path("Data/vehicles.json"), encoding: .utf8)
        // The vehicles travel as the stops collection's member "vehicles".
        let list = vehicles.trimmingCharacters(in: .whitespacesAndNewlines)
        let array = list.hasPrefix("[") ? list : String(list.drop { $0 != "[" }.reversed().drop { $0 != "]" }.reversed())
        let body = stops.replacingOccurrences(of: #"{"type":"FeatureCollection","#, with: #"{"type":"FeatureCollection","vehicles":\#(array),"#)
        // A fixed number of iterations well inside a generous time limit on both sides: a search
        // cut by its limit would differ between the two (the first plan is built until half the
        // limit). A debug build shares the cores with the suite, and each fleet runs two
        // searches: the priced fleet below takes 8–11 s alone here, and in a full run it once
        // ran past the half of 30 s. Few iterations, so the suite stays short.
        try await ServiceHarness.withService([Self.objects], configure: {
            $0.roads = [try! DatasetSource(argument: "helsinki=Data/roads.geojson")]
            $0.maxRouteTime = .seconds(90)
            $0.requestTimeout = .seconds(115)
        }) { client in
            let fleet = try await client.sendPatiently(.post, "/fleet?iterations=120&timeLimit=90000&units=imperial", body: body, type: "application/geo+json")
            #expect(fleet.status == .ok, "\(fleet.body)")
            await #expect(fleet.body == (try commandOutput([
                "route", "--vehicles", "Data/vehicles.json", "--iterations", "120", "--time-limit", "90s", "--units", "imperial",
                "Data/stops.geojson"])))
            let onRoads = try await client.sendPatiently(.post, "/fleet?iterations=60&timeLimit=90000&roads=helsinki", body: body, type: "application/geo+json")
            #expect(onRoads.status == .ok, "\(onRoads.body)")
            await #expect(onRoads.body == (try commandOutput([
                "route", "--vehicles", "Data/vehicles.json", "--roads", "Data/roads.geojson", "--iterations", "60",
                "--time-limit", "90s", "Data/stops.geojson"])))
            // Capacity dimensions, route limits and costs: the same bytes, the plan's totals too.
            let weighed = stops.replacingOccurrences(of: #""items":"#, with: #""weight":4.5,"items":"#)
            let limited = #"[{"id": "van-1", "start": [24.9384, 60.1699], "capacity": {"items": 160, "weight": 300}, "max_duration": 14400, "max_distance": 30000, "costs": {"fixed": 20, "per_km": 0.5, "per_hour": 30}}, {"id": "van-2", "start": [24.9384, 60.1699], "capacity": 300, "costs": {"per_km": 1}}]"#
            let limitedFile = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-\(UUID().uuidString).json")
            try Data(limited.utf8).write(to: limitedFile)
            defer { try? FileManager.default.removeItem(at: limitedFile) }
            let priced = try await client.sendPatiently(
                .post, "/fleet?iterations=30&timeLimit=90000",
                body: weighed.replacingOccurrences(of: #"{"type":"FeatureCollection","#, with: #"{"type":"FeatureCollection","vehicles":\#(limited),"#),
                type: "application/geo+json")
            #expect(priced.status == .ok, "\(priced.body)")
            #expect(priced.body.contains(#""plan":{"cost":"#) && priced.body.contains(#""load_weight":"#), "\(priced.body.prefix(300))")
            await #expect(priced.body == (try commandOutput(
                ["route", "--vehicles", limitedFile.path, "--iterations", "30", "--time-limit", "90s", "-"], input: Data(weighed.utf8))))
            let directions = try await client.send(.post, "/directions", body: #"{"roads": "helsinki", "from": [24.9384, 60.1699], "to": [24.9525, 60.1675]}"#)
            #expect(directions.status == .ok, "\(directions.body)")
            await #expect(directions.body == (try commandOutput(["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9525,60.1675"])))
            // The turn-by-turn forms: manoeuvre Points and text in either unit system.
            let cli = ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9525,60.1675"]
            for (options, arguments) in [
                (#""steps": true"#, ["--steps"]), (#""format": "text""#, ["--format", "text"]),
                (#""format": "text", "units": "imperial""#, ["--format", "text", "--units", "imperial"]),
                (#""format": "geojson", "steps": false"#, []),
            ] {
                let answer = try await client.send(.post, "/directions", body: #"{"roads": "helsinki", "from": [24.9384, 60.1699], "to": [24.9525, 60.1675], "# + options + "}")
                #expect(answer.status == .ok, "\(options): \(answer.body)")
                await #expect(answer.body == (try commandOutput(cli + arguments)), "\(options)")
            }
            // Turn restrictions: the left turn from Kaivokatu into Mannerheimintie forbidden.
            let restrictions = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/29689101","via":313959319,"to":"way/45150440"},"geometry":null}]}"#
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("restrictions-\(UUID()).geojson")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(restrictions.utf8).write(to: file)
            let restricted = try await client.send(.post, "/directions", body: #"{"roads": "helsinki", "from": [24.9384, 60.1699], "to": [24.9525, 60.1675], "format": "text", "restrictions": "# + restrictions + "}")
            #expect(restricted.status == .ok, "\(restricted.body)")
            await #expect(restricted.body == (try commandOutput(cli + ["--format", "text", "--restrictions", file.path])))
            #expect(!restricted.body.contains("Turn left onto Mannerheimintie"))
            // A fleet on the roads with the same turn forbidden: mapctl route --restrictions's bytes,
            // and other legs than without (the vans start on Kaivokatu).
            let restrictedBody = body.replacingOccurrences(of: #"{"type":"FeatureCollection","#, with: #"{"type":"FeatureCollection","restrictions":\#(restrictions),"#)
            let restrictedFleet = try await client.sendPatiently(.post, "/fleet?iterations=20&timeLimit=90000&roads=helsinki", body: restrictedBody, type: "application/geo+json")
            #expect(restrictedFleet.status == .ok, "\(restrictedFleet.body.prefix(300))")
            let fleetCommand = ["route", "--vehicles", "Data/vehicles.json", "--roads", "Data/roads.geojson", "--iterations", "20", "--time-limit", "90s"]
            await #expect(restrictedFleet.body == (try commandOutput(fleetCommand + ["--restrictions", file.path, "Data/stops.geojson"])))
            await #expect(restrictedFleet.body != (try commandOutput(fleetCommand + ["Data/stops.geojson"])))
            for options in [#""restrictions": []"#, #""restrictions": {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/1","via":2,"to":"way/3"},"geometry":null}]}"#,
                            #""units": "imperial""#, #""steps": true, "format": "text""#, #""format": "pdf""#, #""steps": "yes""#] {
                let refused = try await client.send(.post, "/directions", body: #"{"roads": "helsinki", "from": [24.9384, 60.1699], "to": [24.9525, 60.1675], "# + options + "}")
                #expect(refused.status == .badRequest, "\(options): \(refused.body)")
            }
            let unknown = try await client.send(.post, "/directions", body: #"{"roads": "paris", "from": [24.9384, 60.1699], "to": [24.9525, 60.1675]}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.body.contains("no road network named paris"))
        }
    }

    /// The `cluster_id`s of the clusters in a view's text.
    static func clusterIDs(in body: String) -> [Int] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
              let features = json["features"] as? [[String: Any]] else { return [] }
        return features.compactMap { ($0["properties"] as? [String: Any])?["cluster_id"] as? Int }
    }
}
