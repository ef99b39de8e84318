import Foundation
import MapGeometry
import Testing
import TestSupport

@testable import MapRouting

/// The engine's road lengths against pgRouting 3 (`postgresql-15-pgrouting`), an independent
/// router, on the same graph: the real Andorra and Helsinki roads exported from our built
/// ``RoadGraph`` as a pgRouting edge table (``RoadGraph/edgeTableCSV(_:)``: the same nodes,
/// lengths and one-way rules), in a PostgreSQL the tests start (see ``PostgresServer``).
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage), .serialized)
struct PgRoutingReferenceTests {
    static let cities = ["andorra", "helsinki"]

    static func network(_ city: String) throws -> RoadNetwork {
        try #require(city == "andorra" ? RoadTestData.andorra : RoadTestData.helsinki)
    }

    /// The edge tables, loaded once per run: city → table name.
    static let tables = Result<[String: String], Error> {
        try PostgresServer.psql("CREATE EXTENSION IF NOT EXISTS pgrouting")
        var tables = [String: String]()
        for city in cities {
            guard let network = city == "andorra" ? RoadTestData.andorra : RoadTestData.helsinki else { continue }
            let table = PostgresServer.freshTable("edges_\(city)")
            let csv = FileManager.default.temporaryDirectory.appendingPathComponent("\(table).csv")
            try network.graph.edgeTableCSV(.distance).write(to: csv, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: csv) }
            try PostgresServer.psql(
                "CREATE TABLE \(table) (id bigint PRIMARY KEY, source bigint, target bigint, cost float8, reverse_cost float8)")
            try PostgresServer.psql("\\copy \(table) FROM '\(csv.path)' CSV HEADER")
            tables[city] = table
        }
        return tables
    }

    static func edgesSQL(_ city: String) throws -> String {
        let table = try #require(try tables.get()[city])
        return "'SELECT id, source, target, cost, reverse_cost FROM \(table)'"
    }

    /// Rows `a|b|cost` of a psql answer, notices silenced.
    static func rows(_ sql: String) throws -> [(Int, Int, Double)] {
        try PostgresServer.psql("SET client_min_messages = warning; " + sql).split(separator: "\n").map { line in
            let fields = line.split(separator: "|")
            return (Int(fields[0])!, Int(fields[1])!, Double(fields[2])!)
        }
    }

    @Test(arguments: cities)
    func edgeTableHoldsEverySegmentWithItsOneWayRule(city: String) throws {
        let graph = try Self.network(city).graph
        let table = try #require(try Self.tables.get()[city])
        let counts = try PostgresServer.psql(
            "SELECT count(*), count(*) FILTER (WHERE cost < 0), count(*) FILTER (WHERE reverse_cost < 0) FROM \(table)")
        let rows = graph.edgeRows(.distance)
        #expect(counts == "\(graph.segmentCount)|\(rows.filter { $0.cost < 0 }.count)|\(rows.filter { $0.reverseCost < 0 }.count)")
        // Both one-way rules occur (the check above would pass vacuously otherwise).
        #expect(rows.contains { $0.cost < 0 } || rows.contains { $0.reverseCost < 0 })
        #expect(rows.filter { $0.cost >= 0 }.count + rows.filter { $0.reverseCost >= 0 }.count == graph.edgeCount)
    }

    /// 200 random node pairs (fixed seed): our shortest length equals `pgr_dijkstra`'s within
    /// 0.1 m, and a pair pgRouting cannot join is one we cannot join either.
    @Test(arguments: cities)
    func shortestLengthsEqualPgrDijkstra(city: String) throws {
        let network = try Self.network(city)
        var random = SeededGenerator(seed: 2_026)
        var pairs = [(Int, Int)]()
        while pairs.count < 200 {
            let pair = (Int(random.next() % UInt64(network.graph.nodeCount)), Int(random.next() % UInt64(network.graph.nodeCount)))
            if pair.0 != pair.1 { pairs.append(pair) }
        }
        let combinations = pairs.map { "(\($0.0),\($0.1))" }.joined(separator: ",")
        let answer = try Self.rows("""
            SELECT start_vid, end_vid, agg_cost FROM pgr_dijkstra(\(try Self.edgesSQL(city)),
              'SELECT * FROM (VALUES \(combinations)) AS pairs(source, target)', directed => true) WHERE edge = -1
            """)
        var reference = [Int: Double]()
        for (from, to, cost) in answer { reference[from * network.graph.nodeCount + to] = cost }
        let session = RoadQuerySession(network)
        var unreachable = 0
        for (from, to) in pairs {
            let ours = try session.nodeCost(from: from, to: to, by: .distance)?.cost
            let theirs = reference[from * network.graph.nodeCount + to]
            if theirs == nil { unreachable += 1 }
            #expect((ours == nil) == (theirs == nil), "\(city): node \(from) → \(to): ours \(String(describing: ours)), pgRouting \(String(describing: theirs))")
            if let ours, let theirs { #expect(abs(ours - theirs) <= 0.1, "\(city): node \(from) → \(to): ours \(ours), pgRouting \(theirs)") }
        }
        // Random nodes include some outside the main network: unreachable agreement is checked too.
        print("\(city): \(pairs.count) pairs, \(unreachable) unreachable for both")
    }

    /// A 200 × 200 matrix between random nodes of the main network, through the product path
    /// (places at the nodes' positions, snapped as `mapctl matrix` snaps them), equals
    /// `pgr_dijkstraCostMatrix` within 0.1 m.
    @Test(arguments: cities)
    func matrixEqualsPgrDijkstraCostMatrix(city: String) throws {
        let network = try Self.network(city)
        let graph = network.graph
        let mainSize = (0..<graph.nodeCount).map(graph.componentSize(ofNode:)).max() ?? 0
        let main = (0..<graph.nodeCount).filter { graph.componentSize(ofNode: $0) == mainSize }
        var random = SeededGenerator(seed: 20)
        var nodes = [Int](), seen = Set<Int>()
        while nodes.count < 200 {
            let node = main[Int(random.next() % UInt64(main.count))]
            if seen.insert(node).inserted { nodes.append(node) }
        }
        let places = nodes.map { RoadMatrixPlace(id: .number(Double($0)), position: graph.position(ofNode: $0), name: "node \($0)") }
        let table = try RoadQuerySession(network).matrixTable(sources: places, targets: places, measures: .distance)
        let distances = try #require(table.distances)
        let answer = try Self.rows("""
            SELECT start_vid, end_vid, agg_cost FROM pgr_dijkstraCostMatrix(\(try Self.edgesSQL(city)),
              ARRAY[\(nodes.map(String.init).joined(separator: ","))]::bigint[], directed => true)
            """)
        var reference = [Int: Double]()
        for (from, to, cost) in answer { reference[from * graph.nodeCount + to] = cost }
        #expect(answer.count == 200 * 199, "\(city): the main network joins every pair")
        var checked = 0
        for (row, from) in nodes.enumerated() {
            for (column, to) in nodes.enumerated() {
                let ours = distances[row * 200 + column]
                let theirs = from == to ? 0 : reference[from * graph.nodeCount + to] ?? .infinity
                #expect(ours == theirs || abs(ours - theirs) <= 0.1, "\(city): node \(from) → \(to): ours \(ours), pgRouting \(theirs)")
                checked += 1
            }
        }
        #expect(checked == 40_000)
    }
}
