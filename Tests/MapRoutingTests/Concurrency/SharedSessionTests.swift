import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport

@testable import MapRouting

/// A ``RoadQuerySession`` is `Sendable`: tasks sharing one get the answers each would get
/// alone (its search state is used by one question at a time).
@Suite("One road session shared by many tasks")
struct SharedSessionTests {
    @Test("directions asked by 8 tasks at once equal the same directions asked one by one")
    func sharedSessionAnswersAsAlone() async throws {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        let network = try RoadNetwork.prepared(from: GeoJSONReader().read(contentsOfFile: root + "/Data/roads.geojson"))
        let stops = try GeoJSONReader().read(contentsOfFile: root + "/Data/stops.geojson").features.compactMap { feature -> Position? in
            if case let .point(point)? = feature.geometry { return point }
            return nil
        }
        let pairs: [(Position, Position, RoadMetric)] = (0..<48).map { index in
            let metric: RoadMetric = index % 2 == 0 ? .time : .distance
            return (stops[(index * 7) % stops.count], stops[(index * 11 + 3) % stops.count], metric)
        }
        let alone = pairs.map { from, to, metric in
            (try? RoadQuerySession(network).directions(from: from, to: to, by: metric)).map { [$0.distance, $0.duration] }
        }
        let shared = RoadQuerySession(network)
        let together = await withTaskGroup(of: (Int, [Double]?).self) { group in
            for (index, (from, to, metric)) in pairs.enumerated() {
                group.addTask { (index, (try? shared.directions(from: from, to: to, by: metric)).map { [$0.distance, $0.duration] }) }
            }
            var answers = [[Double]?](repeating: nil, count: pairs.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(alone.compactMap { $0 }.count >= 40)
        #expect(together == alone)
    }
}
