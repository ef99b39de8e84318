import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport

@testable import MapRouting

@Suite struct TurnRestrictionTests {
    static let p = RoadTinyGraphTests.p

    static func road(_ id: String, _ name: String, _ points: [(Double, Double)], nodes: (Int64, Int64)) -> RoadSegment {
        var segment = RoadTinyGraphTests.road(id, points, nodes: nodes)
        segment.name = name
        return segment
    }

    /// A T junction at node 2: Main from the south, East to a dead end, West onward.
    static let junction: RoadNetwork = try! RoadNetwork(segments: [
        road("way/10/0", "Main", [(0, -5), (0, 0)], nodes: (1, 2)), road("way/20/0", "East", [(0, 0), (5, 0)], nodes: (2, 3)),
        road("way/30/0", "West", [(0, 0), (-5, 0)], nodes: (2, 4)),
    ])

    @Test func aForbiddenLeftTurnGoesRoundByTheDeadEnd() throws {
        let session = RoadQuerySession(Self.junction)
        let free = try session.directions(from: Self.p(0, -3), to: Self.p(-3, 0), rules: TurnRules([], in: Self.junction))
        #expect(free.steps.map(\.instruction) == ["Head north on Main", "Turn left onto West", "Arrive at the destination on West"])
        #expect(free == (try session.directions(from: Self.p(0, -3), to: Self.p(-3, 0))))
        for restriction in [
            TurnRestriction(restriction: "no_left_turn", fromWay: "way/10", viaNode: 2, toWay: "way/30"),
            TurnRestriction(restriction: "only_right_turn", fromWay: "way/10", viaNode: 2, toWay: "way/20"),
        ] {
            let rules = try TurnRules([restriction], in: Self.junction)
            let path = try session.directions(from: Self.p(0, -3), to: Self.p(-3, 0), rules: rules)
            #expect(path.steps.map(\.instruction) == [
                "Head north on Main", "Turn right onto East", "Make a U-turn onto East", "Continue onto West",
                "Arrive at the destination on West",
            ], "\(restriction.restriction)")
            let east = Self.junction.graph.segmentLength[1]
            #expect(abs(path.distance - (free.distance + 2 * east)) < 1e-6)
        }
    }

    @Test func restrictionsAreReadFromGeoJSONAndCheckedAgainstTheNetwork() throws {
        let features = try GeoJSONReader().read(string: """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/10","via":2,"to":"way/30"},
              "geometry":{"type":"Point","coordinates":[24.9,60.1]}},
             {"type":"Feature","properties":{"restriction":"only_straight_on","from":"way/20","via":"2","to":"way/30"},"geometry":null}]}
            """).features
        let restrictions = try TurnRestriction.restrictions(from: features)
        #expect(restrictions.map(\.viaNode) == [2, 2] && restrictions[1].isMandatory)
        // no_left_turn: 1 turn; only_straight_on from East: the turns into Main and back into East.
        #expect(try TurnRules(restrictions, in: Self.junction).count == 3)
        let bad = try GeoJSONReader().read(string: """
            {"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/10","to":"way/30"},"geometry":null}
            """).features
        #expect(throws: RoadNetworkError.self) { try TurnRestriction.restrictions(from: bad) }
        let elsewhere = TurnRestriction(restriction: "no_left_turn", fromWay: "way/10", viaNode: 99, toWay: "way/30")
        #expect(throws: RoadNetworkError.self) { try TurnRules([elsewhere], in: Self.junction) }
        let wrongWay = TurnRestriction(restriction: "no_left_turn", fromWay: "way/20", viaNode: 1, toWay: "way/30")
        #expect(throws: RoadNetworkError.self) { try TurnRules([wrongWay], in: Self.junction) }
    }

    /// With nothing forbidden, the edge-based search finds what the contraction hierarchy finds
    /// (the shortest paths between the Andorra stops need no U-turn).
    @Test(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
    func withoutRestrictionsTheEdgeSearchAgreesWithTheHierarchy() throws {
        let network = try #require(RoadTestData.andorra)
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let session = RoadQuerySession(network)
        let rules = try TurnRules([], in: network)
        var compared = 0
        for index in 0..<60 {
            let from = stops[index], to = stops[(index * 61 + 101) % stops.count]
            guard let hierarchy = try? session.directions(from: from, to: to) else { continue }
            let edges = try session.directions(from: from, to: to, rules: rules)
            #expect(abs(edges.duration - hierarchy.duration) < 1e-6 * hierarchy.duration, "stop \(index)")
            #expect(abs(edges.distance - hierarchy.distance) < 1e-3, "stop \(index)")
            compared += 1
        }
        #expect(compared >= 50)
    }

    /// A turn of a Helsinki route, forbidden: the path goes round, never makes that turn, and
    /// has the length a plain edge-based search finds.
    @Test func aForbiddenTurnOnTheHelsinkiRoads() throws {
        let document = try GeoJSONReader().read(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/roads.geojson").path)
        let network = try RoadNetwork.prepared(from: document)
        let graph = network.graph
        let session = RoadQuerySession(network)
        func segment(between a: Position, _ b: Position) -> Int? {
            (0..<graph.segmentCount).first { s in
                let shape = graph.shape(ofSegment: s)
                return zip(shape, shape.dropFirst()).contains { ($0 == a && $1 == b) || ($0 == b && $1 == a) }
            }
        }
        // The first turn with road vertices on both sides, on routes between the sample stops.
        let stops = try GeoJSONReader().read(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/stops.geojson").path)
            .features.compactMap { feature -> Position? in if case .point(let p)? = feature.geometry { p } else { nil } }
        var found: (via: Int, from: Int, into: Int, next: Int)? = nil
        var sample = try session.directions(from: stops[0], to: stops[1])
        for index in 0..<20 where found == nil {
            sample = try session.directions(from: stops[index], to: stops[(index * 7 + 50) % stops.count])
            for (number, step) in sample.steps.enumerated() where step.manoeuvre == .turn && found == nil {
                guard let at = sample.positions.firstIndex(of: step.location), at > 0, at + 1 < sample.positions.count,
                    let from = segment(between: sample.positions[at - 1], sample.positions[at]),
                    let into = segment(between: sample.positions[at], sample.positions[at + 1]),
                    let via = (0..<graph.nodeCount).first(where: { graph.position(ofNode: $0) == step.location }),
                    number + 1 < sample.steps.count - 1
                else { continue }
                found = (via, from, into, number + 1)
            }
        }
        let (via, from, into, next) = try #require(found, "\(sample.steps.map(\.instruction))")
        let restriction = TurnRestriction(
            restriction: "no_turn", fromWay: TurnRules.way(of: graph.segmentIDs[from]),
            viaNode: try #require(graph.sourceID(ofNode: via)), toWay: TurnRules.way(of: graph.segmentIDs[into]))
        let rules = try TurnRules([restriction], in: network)
        // Between the node before the turn and the next manoeuvre's node.
        let source = graph.segmentFrom[from] == Int32(via) ? graph.segmentTo[from] : graph.segmentFrom[from]
        let target = try #require((0..<graph.nodeCount).first { graph.position(ofNode: $0) == sample.steps[next].location })
        let start = graph.position(ofNode: Int(source)), end = graph.position(ofNode: target)
        let free = try session.directions(from: start, to: end, by: .distance, rules: TurnRules([], in: network))
        let restricted = try session.directions(from: start, to: end, by: .distance, rules: rules)
        #expect(restricted.distance > free.distance + 10, "free \(free.distance) m, restricted \(restricted.distance) m")
        let line = restricted.positions
        let viaPosition = graph.position(ofNode: via)
        for index in line.indices.dropFirst().dropLast() where line[index] == viaPosition {
            #expect(!(segment(between: line[index - 1], line[index]) == from && segment(between: line[index], line[index + 1]) == into))
        }
        let forbiddenPairs: Set<[Int32]> = [[Int32(from), Int32(into)]]
        let reference = try #require(EdgeReferenceSearch.distance(in: graph, from: source, to: Int32(target), forbidden: forbiddenPairs))
        #expect(abs(restricted.distance - reference) < 1e-6 * reference, "engine \(restricted.distance) m, reference \(reference) m")
        let freeReference = try #require(EdgeReferenceSearch.distance(in: graph, from: source, to: Int32(target), forbidden: []))
        #expect(abs(free.distance - freeReference) < 1e-6 * freeReference)
    }

    /// The sample route's left turn from Kaivokatu into Mannerheimintie, forbidden, on the
    /// Helsinki sample: every matrix cell is the restricted directions' cost for its pair.
    @Test func aRestrictedMatrixHoldsWhatRestrictedDirectionsGive() throws {
        let document = try GeoJSONReader().read(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/roads.geojson").path)
        let network = try RoadNetwork.prepared(from: document)
        let session = RoadQuerySession(network)
        let rules = try TurnRules(
            [TurnRestriction(restriction: "no_left_turn", fromWay: "way/29689101", viaNode: 313959319, toWay: "way/45150440")], in: network)
        let stops = try GeoJSONReader().read(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/stops.geojson").path)
            .features.compactMap { feature -> Position? in if case .point(let p)? = feature.geometry { p } else { nil } }
        let positions = [try Position(longitude: 24.9384, latitude: 60.1699), try Position(longitude: 24.9521, latitude: 60.1675)]
            + stride(from: 0, to: stops.count, by: max(1, stops.count / 10)).map { stops[$0] }
        let places = positions.enumerated().map { RoadMatrixPlace(id: .string("\($0.offset)"), position: $0.element, name: "place \($0.offset)") }
        var withRules = network
        withRules.turnRules = rules
        let restricted = try RoadQuerySession(withRules).matrixTable(sources: places, targets: places)
        let free = try session.matrixTable(sources: places, targets: places)
        let (distances, durations) = (try #require(restricted.distances), try #require(restricted.durations))
        let freeDurations = try #require(free.durations)
        #expect(durations[1] > freeDurations[1] + 1, "the forbidden turn made the first pair no slower")
        for (row, from) in positions.enumerated() {
            for (column, to) in positions.enumerated() {
                let cell = row * positions.count + column
                let byTime = try? session.directions(from: from, to: to, by: .time, rules: rules)
                let byDistance = try? session.directions(from: from, to: to, by: .distance, rules: rules)
                #expect(abs(durations[cell] - (byTime?.duration ?? .infinity)) < 1e-6 || durations[cell] == byTime?.duration, "\(row) → \(column)")
                #expect(abs(distances[cell] - (byDistance?.distance ?? .infinity)) < 1e-6 || distances[cell] == byDistance?.distance, "\(row) → \(column)")
            }
        }
    }
}
