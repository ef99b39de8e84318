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

    /// Turn restrictions against pgRouting's Dijkstra on the graph of turns: a vertex per
    /// directed road edge, an arc per turn the restrictions allow (no U-turn but at a dead
    /// end), built in SQL from the edges and the restrictions' ways and nodes. For 60 node
    /// pairs of the main network, each with a turn of its unrestricted path forbidden, our
    /// restricted length equals pgRouting's within 0.1 m.
    @Test(arguments: cities)
    func restrictedLengthsEqualPgrDijkstraOnTheTurnGraph(city: String) throws {
        let network = try Self.network(city)
        let graph = network.graph
        let session = RoadQuerySession(network)
        let mainSize = (0..<graph.nodeCount).map(graph.componentSize(ofNode:)).max() ?? 0
        let main = (0..<graph.nodeCount).filter { graph.componentSize(ofNode: $0) == mainSize }
        let segmentByID = Dictionary(graph.segmentIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var random = SeededGenerator(seed: 77)
        var pairs: [(Int, Int)] = [], restrictions: [TurnRestriction] = [], forbidden: [(via: Int, from: String, to: String)] = []
        while pairs.count < 60 {
            let (from, to) = (main[Int(random.next() % UInt64(main.count))], main[Int(random.next() % UInt64(main.count))])
            guard from != to, let path = try? session.directions(from: graph.position(ofNode: from), to: graph.position(ofNode: to), by: .distance)
            else { continue }
            // A turn in the middle of the path between two ways: forbid it.
            let segments = path.segmentIDs.compactMap { segmentByID[$0] }
            let turns = zip(segments, segments.dropFirst()).compactMap { a, b -> (Int, String, String)? in
                let shared = Set([graph.segmentFrom[a], graph.segmentTo[a]]).intersection([graph.segmentFrom[b], graph.segmentTo[b]])
                let (wayA, wayB) = (TurnRules.way(of: graph.segmentIDs[a]), TurnRules.way(of: graph.segmentIDs[b]))
                guard shared.count == 1, let via = shared.first, wayA != wayB, graph.sourceID(ofNode: Int(via)) != nil else { return nil }
                return (Int(via), wayA, wayB)
            }
            guard let turn = turns.dropFirst(turns.count / 2).first else { continue }
            pairs.append((from, to))
            forbidden.append((turn.0, turn.1, turn.2))
            restrictions.append(TurnRestriction(restriction: "no_straight_on", fromWay: turn.1, viaNode: graph.sourceID(ofNode: turn.0)!, toWay: turn.2))
        }
        let rules = try TurnRules(restrictions, in: network)

        // The directed edges and the restrictions as tables; the turn graph from them, in SQL.
        let edges = PostgresServer.freshTable("turn_edges_\(city)"), banned = PostgresServer.freshTable("turn_bans_\(city)")
        let turns = PostgresServer.freshTable("turns_\(city)")
        var csv = "id,seg,tail,head,way,cost\n"
        for row in graph.edgeRows(.distance) {
            let way = TurnRules.way(of: graph.segmentIDs[row.id])
            if row.cost >= 0 { csv += "\(2 * row.id + 1),\(row.id),\(row.source),\(row.target),\(way),\(row.cost)\n" }
            if row.reverseCost >= 0 { csv += "\(2 * row.id + 2),\(row.id),\(row.target),\(row.source),\(way),\(row.reverseCost)\n" }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(edges).csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try PostgresServer.psql("CREATE TABLE \(edges) (id bigint PRIMARY KEY, seg bigint, tail bigint, head bigint, way text, cost float8)")
        try PostgresServer.psql("\\copy \(edges) FROM '\(file.path)' CSV HEADER")
        try PostgresServer.psql("CREATE TABLE \(banned) (via bigint, from_way text, to_way text); INSERT INTO \(banned) VALUES "
            + forbidden.map { "(\($0.via), '\($0.from)', '\($0.to)')" }.joined(separator: ","))
        try PostgresServer.psql("""
            CREATE TABLE \(turns) AS SELECT row_number() OVER () AS id, e.id AS source, f.id AS target, f.cost
            FROM \(edges) e JOIN \(edges) f ON f.tail = e.head
            WHERE (f.seg <> e.seg OR (SELECT count(*) FROM \(edges) g WHERE g.tail = e.head) = 1)
              AND NOT EXISTS (SELECT 1 FROM \(banned) b WHERE b.via = e.head AND b.from_way = e.way AND b.to_way = f.way)
            """)
        // A start vertex per source node before the edges leaving it, an end vertex per target
        // node after the edges arriving at it.
        let (startBase, endBase, arcBase) = (10_000_000_000, 20_000_000_000, 30_000_000_000)
        let sources = Set(pairs.map(\.0)).map(String.init).joined(separator: ","), targets = Set(pairs.map(\.1)).map(String.init).joined(separator: ",")
        let edgesSQL = """
            SELECT id, source, target, cost FROM \(turns)
            UNION ALL SELECT \(arcBase) + id, \(startBase) + tail, id, cost FROM \(edges) WHERE tail IN (\(sources))
            UNION ALL SELECT \(2 * arcBase) + id, id, \(endBase) + head, 0 FROM \(edges) WHERE head IN (\(targets))
            """
        let combinations = pairs.map { "(\(startBase + $0.0),\(endBase + $0.1))" }.joined(separator: ",")
        let answer = try Self.rows("""
            SELECT start_vid - \(startBase), end_vid - \(endBase), agg_cost FROM pgr_dijkstra($$\(edgesSQL)$$,
              'SELECT * FROM (VALUES \(combinations)) AS pairs(source, target)', directed => true) WHERE edge = -1
            """)
        var reference = [Int: Double]()
        for (from, to, cost) in answer { reference[from * graph.nodeCount + to] = cost }
        var longer = 0
        for (from, to) in pairs {
            let (start, end) = (graph.position(ofNode: from), graph.position(ofNode: to))
            let ours = try? session.directions(from: start, to: end, by: .distance, rules: rules).distance
            let theirs = reference[from * graph.nodeCount + to]
            #expect((ours == nil) == (theirs == nil), "\(city): node \(from) → \(to): ours \(String(describing: ours)), pgRouting \(String(describing: theirs))")
            if let ours, let theirs { #expect(abs(ours - theirs) <= 0.1, "\(city): node \(from) → \(to): ours \(ours), pgRouting \(theirs)") }
            if let ours, let free = try? session.directions(from: start, to: end, by: .distance).distance, ours > free + 0.1 { longer += 1 }
        }
        // Checked so that the restrictions mattered: 32 of Andorra's paths got longer, 8 of Helsinki's,
        // whose street grid mostly offers another way of the same length.
        #expect(longer >= 5, "\(city): only \(longer) of \(pairs.count) paths went round a forbidden turn")
        print("\(city): \(pairs.count) restricted pairs equal pgRouting's; \(longer) longer than without restrictions")
    }
}
