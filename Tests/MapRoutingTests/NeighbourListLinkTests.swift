import Foundation
import MapGeometry
import Testing
import TestSupport
@testable import MapRouting

/// Candidate lists linked across the parts of their graph that no list joins (islands): the
/// α-nearness ascent needs a connected graph, and the search a candidate edge to cross.
@Suite("Candidate lists across islands")
struct NeighbourListLinkTests {
    /// Parts of the graph in which each node is joined to its listed candidates.
    static func partCount(_ lists: NeighbourLists, count: Int, skipping skipped: Int? = nil) -> Int {
        var parts = UnionFind(count: count)
        for node in 0..<count where node != skipped {
            for other in lists.of(node) where Int(other) != skipped { parts.join(node, Int(other)) }
        }
        return Set((0..<count).filter { $0 != skipped }.map { parts.root($0) }).count
    }

    static func alphaLists(_ model: CycleModel, _ nearest: NeighbourLists) -> AlphaNearness? {
        AlphaNearness.lists(
            cost: { model.table[$0, $1] }, nearest: nearest, count: model.table.size, k: 5, iterations: 50,
            upperBound: model.table.cost(ofCycle: GreedyEdgeTour.build(table: model.table, neighbours: nearest, start: 0)),
            deadline: nil)
    }

    static func linked(_ model: CycleModel, _ nearest: NeighbourLists) -> NeighbourLists {
        nearest.linkingParts(of: model, kept: 10, linksPerPart: IteratedLocalSearch.linksPerPart, deadline: nil)
    }

    /// Five clusters of 130 random places in 20 km squares, their centres 300 km apart in a
    /// cross: none of a place's 20 nearest is in another cluster.
    static let clusterCentres: [(Double, Double)] = [(0, 0), (300_000, 0), (-300_000, 0), (0, 300_000), (0, -300_000)]

    static func clusterProblem(end: TourEnd) throws -> TourProblem {
        var random = RandomSource(seed: 5)
        var points: [(Double, Double)] = []
        for centre in clusterCentres {
            for _ in 0..<130 {
                points.append((centre.0 + Double(random.below(20_000)), centre.1 + Double(random.below(20_000))))
            }
        }
        let values = points.flatMap { from in points.map { hypot(from.0 - $0.0, from.1 - $0.1) } }
        return try TourProblem(costs: CostMatrix(count: points.count, values: values), end: end)
    }

    @Test("five clusters: one part after linking, α lists, each list still distinct others",
          arguments: [TourEnd.returnToStart, .anywhere])
    func clustersAreJoined(end: TourEnd) throws {
        let model = CycleModel(try Self.clusterProblem(end: end))
        let size = model.table.size
        let skipped = model.hasFreeEnd ? model.terminal : nil
        let nearest = NeighbourLists(table: model.table, isSymmetric: true, k: 20)
        // The premise: an open path's free end joins every cluster, but not by a real edge.
        #expect(Self.partCount(nearest, count: size, skipping: skipped) == 5)
        if skipped == nil { #expect(Self.alphaLists(model, nearest) == nil) }

        let linked = Self.linked(model, nearest)
        #expect(Self.partCount(linked, count: size, skipping: skipped) == 1)
        #expect(Self.alphaLists(model, linked) != nil)
        var changed = 0
        for node in 0..<size {
            let list = Array(linked.of(node))
            #expect(Set(list).count == 20 && !list.contains(Int32(node)), "node \(node)")
            // A changed list holds its link among the first 10, the search's own candidates.
            guard list != Array(nearest.of(node)) else { continue }
            changed += 1
            #expect(list.prefix(10).contains { !nearest.of(node).contains($0) }, "node \(node)")
        }
        // Two ends per link, at most 2 × 5 links for each of the four clusters that are not the largest.
        #expect(changed > 0 && changed <= 4 * 2 * 2 * IteratedLocalSearch.linksPerPart)
    }

    /// 1,000 GeoNames places of Italy (every so many in the file's order): Sardinia's places are
    /// a part of their own among the 20 nearest.
    static func italianPlaces() throws -> (positions: [Position], sardinia: Set<Int>) {
        let lines = String(decoding: try SharedData.gunzipped("real/places.geojson.gz"), as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("\"cc\":\"IT\"") }
        let step = max(1, lines.count / 1_000)
        var positions: [Position] = []
        var sardinia = Set<Int>()
        for line in stride(from: 0, to: lines.count, by: step).prefix(1_000).map({ lines[$0] }) {
            // One feature a line, followed by a comma but for the last.
            let text = line.hasSuffix(",") ? line.dropLast() : line
            let feature = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let properties = try #require(feature["properties"] as? [String: Any])
            let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            // GeoNames' first-level division 14 is Sardinia.
            if properties["admin1"] as? String == "14" { sardinia.insert(positions.count) }
            positions.append(try Position(longitude: coordinates[0], latitude: coordinates[1]))
        }
        return (positions, sardinia)
    }

    @Test("1,000 places of Italy: α lists despite Sardinia, and the round trip visits Sardinia in one go",
          .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
    func italy() throws {
        let (positions, sardinia) = try Self.italianPlaces()
        let problem = try TourProblem(costs: .geodesic(GeodesicCosts(positions), objective: .distance), end: .returnToStart)
        let model = CycleModel(problem)
        let nearest = NeighbourLists(table: model.table, isSymmetric: true, k: 20)
        #expect(Self.partCount(nearest, count: model.table.size) > 1)
        #expect(Self.alphaLists(model, nearest) == nil)
        #expect(Self.alphaLists(model, Self.linked(model, nearest)) != nil)

        let order = try TourSolver.solve(problem, options: TourSearchOptions(iterations: 100, timeLimit: nil)).order
        let crossings = order.indices.filter {
            sardinia.contains(order[$0]) != sardinia.contains(order[($0 + 1) % order.count])
        }.count
        #expect(sardinia.count > 20 && crossings == 2)
    }
}
