import Foundation
import MapGeometry
import Testing
import TestSupport

@testable import MapRouting

/// Turn-by-turn steps on the shared Helsinki and Andorra roads, judged against the road layer
/// read independently (``PlainRoads``): names from the features each step covers, turn angles
/// from plain spherical bearings, roundabout exits counted from the features around the ring.
@Suite("Turn-by-turn steps on real roads", .enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadStepRealDataTests {
    static let helsinkiRoads: PlainRoads? = try? PlainRoads(contentsOf: RoadTestData.url("real/helsinki/roads.geojson"))
    static let andorraRoads: PlainRoads? = try? PlainRoads(contentsOf: RoadTestData.url("real/andorra/roads.geojson"))

    static func vertex(_ position: Position) -> PlainRoads.Vertex {
        PlainRoads.Vertex(lon: position.longitude, lat: position.latitude)
    }

    /// Paths between stop pairs of a city (a fixed spread of pairs, both metrics).
    static func paths(_ network: RoadNetwork, stops file: String, count: Int) throws -> [RoadPath] {
        let stops = try RoadTestData.points(file)
        let session = RoadQuerySession(network)
        return (0..<count).compactMap { index in
            let from = stops[(index * 37 + 5) % stops.count], to = stops[(index * 61 + 101) % stops.count]
            return try? session.directions(from: from, to: to, by: index % 2 == 0 ? .time : .distance)
        }
    }

    /// Where each step lies in the path's line (depart at 0, arrive at the end).
    static func lineIndices(of path: RoadPath) -> [Int] {
        var indices = [Int](), from = 0
        for (number, step) in path.steps.enumerated() {
            if number == path.steps.count - 1 { indices.append(path.positions.count - 1); break }
            let found = path.positions[from...].firstIndex { $0.sameLocation(as: step.location) } ?? from
            indices.append(found)
            from = found
        }
        return indices
    }

    /// The roads of the layer whose consecutive vertices are the line's `k`-th and next position.
    static func roads(at k: Int, of path: RoadPath, in plain: PlainRoads) -> [PlainRoads.Road] {
        let pair = PlainRoads.Pair(vertex(path.positions[k]), vertex(path.positions[k + 1]))
        return (plain.byPair[pair] ?? []).map { plain.roads[$0] }
    }

    // MARK: Distances and names

    /// Every step's name is the name of each feature it covers (a roundabout step's ring
    /// excepted: it names the road taken out); returns the number of line pieces checked.
    static func checkNames(_ path: RoadPath, _ plain: PlainRoads) -> Int {
        let indices = lineIndices(of: path)
        var checked = 0
        for (number, step) in path.steps.enumerated().dropLast() {
            for k in indices[number]..<indices[number + 1] {
                let here = roads(at: k, of: path, in: plain)
                guard !here.isEmpty else { continue }  // a snapped end's partial stretch
                if step.manoeuvre == .roundabout && here.allSatisfy(\.isRing) { continue }
                #expect(
                    here.contains { $0.name == step.name && $0.ref == step.ref },
                    "step \(number + 1) '\(step.instruction)' covers \(here.map(\.id)) named \(here.map { $0.name ?? "null" })")
                checked += 1
            }
        }
        return checked
    }

    @Test("steps add up to the route and name the streets they cover", arguments: ["helsinki", "andorra"])
    func distancesAndNames(city: String) throws {
        let network = try #require(city == "helsinki" ? RoadTestData.helsinki : RoadTestData.andorra)
        let plain = try #require(city == "helsinki" ? Self.helsinkiRoads : Self.andorraRoads)
        let paths = try Self.paths(network, stops: "real/\(city)/stops.geojson", count: 16)
        #expect(paths.count >= 12)
        var checked = 0, steps = 0
        for path in paths {
            #expect(path.steps.first?.manoeuvre == .depart && path.steps.last?.manoeuvre == .arrive)
            let sum = path.steps.reduce(0.0) { $0 + $1.distance }
            #expect(abs(sum - path.distance) < 1e-6 * max(1, path.distance), "steps \(sum) m, path \(path.distance) m")
            let time = path.steps.reduce(0.0) { $0 + $1.duration }
            #expect(abs(time - path.duration) < 1e-6 * max(1, path.duration))
            // As written: tenths that add up exactly to the line's distance_m and duration_s.
            let written = path.writtenStepMeasures()
            #expect(written.reduce(0) { $0 + Int(($1.distance * 10).rounded()) } == Int((path.distance * 10).rounded()))
            #expect(written.reduce(0) { $0 + Int(($1.duration * 10).rounded()) } == Int((path.duration * 10).rounded()))
            checked += Self.checkNames(path, plain)
            steps += path.steps.count
        }
        #expect(checked > 100, "\(checked) line pieces checked")
        #expect(steps > 3 * paths.count, "\(steps) steps in \(paths.count) paths: the paths turn")
    }

    // MARK: Turns

    /// The turn at the line's `index`-th position, measured independently over up to 20 m of
    /// road on each side (not beyond the nearest junction or the path's ends).
    static func independentTurn(at index: Int, of path: RoadPath, _ plain: PlainRoads) -> Double {
        var behind = [vertex(path.positions[index])], ahead = behind
        var k = index - 1
        while k >= 0 {
            behind.append(vertex(path.positions[k]))
            if plain.nodeAt[behind.last!] != nil { break }
            k -= 1
        }
        k = index + 1
        while k < path.positions.count {
            ahead.append(vertex(path.positions[k]))
            if plain.nodeAt[ahead.last!] != nil { break }
            k += 1
        }
        let before = PlainRoads.bearing(PlainRoads.point(along: behind, metres: 20), behind[0])
        return PlainRoads.turn(before, PlainRoads.direction(of: ahead))
    }

    static func isLeft(_ modifier: RoadTurn.Modifier) -> Bool { [.slightLeft, .left, .sharpLeft].contains(modifier) }
    static func isRight(_ modifier: RoadTurn.Modifier) -> Bool { [.slightRight, .right, .sharpRight].contains(modifier) }

    @Test("a left turn is a left turn: modifiers agree with bearings measured independently", arguments: ["helsinki", "andorra"])
    func turnsAgreeWithBearings(city: String) throws {
        let network = try #require(city == "helsinki" ? RoadTestData.helsinki : RoadTestData.andorra)
        let plain = try #require(city == "helsinki" ? Self.helsinkiRoads : Self.andorraRoads)
        var turns = 0, lefts = 0, rights = 0
        for path in try Self.paths(network, stops: "real/\(city)/stops.geojson", count: 16) {
            let indices = Self.lineIndices(of: path)
            for (number, step) in path.steps.enumerated() where step.manoeuvre == .turn || step.manoeuvre == .continue {
                let modifier = try #require(step.modifier)
                let angle = Self.independentTurn(at: indices[number], of: path, plain)
                let context = "\(city) step \(number + 1) '\(step.instruction)' at \(step.location): measured \(angle)°"
                // The class by the documented thresholds, unless the angle is within 2° of one.
                let nearThreshold = [20.0, 60, 120, 170].contains { abs(abs(angle) - $0) < 2 }
                if !nearThreshold { #expect(RoadTurn.modifier(ofAngle: angle) == modifier, "\(context)") }
                if Self.isLeft(modifier) { #expect(angle < 0, "\(context)"); lefts += 1 }
                if Self.isRight(modifier) { #expect(angle > 0, "\(context)"); rights += 1 }
                if step.manoeuvre == .turn && modifier != .uturn {
                    // A turn is announced only where another road may be taken.
                    let node = try #require(plain.nodeAt[Self.vertex(step.location)], "\(context): not at a junction")
                    let back = Set(Self.roads(at: indices[number] - 1, of: path, in: plain).map(\.id))
                    let leaving = plain.byNode[node, default: []].filter { plain.roads[$0].leaves(node) && !back.contains(plain.roads[$0].id) }
                    #expect(leaving.count >= 2, "\(context): no other road to take")
                }
                if step.manoeuvre == .continue {
                    let previous = path.steps[number - 1]
                    #expect(previous.name != step.name || (step.name == nil && previous.ref != step.ref), "\(context): continue without a new name")
                }
                turns += 1
            }
        }
        #expect(turns >= 20 && lefts >= 5 && rights >= 5, "\(turns) turns, \(lefts) left, \(rights) right")
    }

    // MARK: Roundabouts

    /// The exit a route takes from the ring it enters at line position `entry`, counted from the
    /// road layer: at each ring node passed, the drivable roads leaving the ring; at the node it
    /// leaves by, those before the road taken (the sharpest to the right first).
    static func independentExit(entry: Int, of path: RoadPath, _ plain: PlainRoads) -> Int? {
        var k = entry, count = 0
        while k + 1 < path.positions.count, roads(at: k, of: path, in: plain).contains(where: \.isRing) {
            k += 1
            guard let node = plain.nodeAt[vertex(path.positions[k])] else { continue }
            let exits = plain.byNode[node, default: []].map { plain.roads[$0] }.filter { !$0.isRing && $0.leaves(node) }
            let leavesHere = k + 1 < path.positions.count && !roads(at: k, of: path, in: plain).contains(where: \.isRing)
            guard leavesHere else { count += exits.count; continue }
            // The road taken: the exit whose first stretch points where the line goes on (the
            // line's next position may be the snapped destination, not a vertex).
            let onward = PlainRoads.bearing(vertex(path.positions[k]), vertex(path.positions[k + 1]))
            func offset(_ road: PlainRoads.Road) -> Double {
                abs(PlainRoads.turn(onward, PlainRoads.bearing(road.vertices(leaving: node)[0], road.vertices(leaving: node)[1])))
            }
            guard let takenRoad = exits.min(by: { offset($0) < offset($1) }) else { return nil }
            let ring = plain.byNode[node, default: []].map { plain.roads[$0] }.first { $0.isRing && $0.leaves(node) }
            let along = ring.map { PlainRoads.direction(of: $0.vertices(leaving: node)) } ?? 0
            let sorted = exits.sorted {
                PlainRoads.turn(along, PlainRoads.direction(of: $0.vertices(leaving: node)))
                    > PlainRoads.turn(along, PlainRoads.direction(of: $1.vertices(leaving: node)))
            }
            guard let rank = sorted.firstIndex(where: { $0.id == takenRoad.id }) else { return nil }
            return count + rank + 1
        }
        return nil
    }

    @Test("a route through an Andorra roundabout takes the exit counted from the road layer")
    func roundaboutExits() throws {
        let network = try #require(RoadTestData.andorra)
        let plain = try #require(Self.andorraRoads)
        let session = RoadQuerySession(network)
        func middle(_ road: PlainRoads.Road) -> Position {
            let v = road.vertices
            let p = v.count > 2 ? v[v.count / 2] : PlainRoads.Vertex(lon: (v[0].lon + v[1].lon) / 2, lat: (v[0].lat + v[1].lat) / 2)
            return Position(uncheckedLongitude: p.lon, latitude: p.lat)
        }
        // Routes from a road entering a ring to a road leaving it one or two ring roads later.
        var checked = 0, exitsSeen = Set<Int>()
        let rings = plain.roads.filter(\.isRing)
        for ringRoad in rings.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let entry = plain.byNode[ringRoad.fromNode, default: []].map { plain.roads[$0] }
                .first { !$0.isRing && ($0.drivable != nil) && ($0.toNode == ringRoad.fromNode ? $0.drivable!.forward : $0.drivable!.backward) }
            guard let entry else { continue }
            var node = ringRoad.toNode
            for lap in 0..<3 {
                let exits = plain.byNode[node, default: []].map { plain.roads[$0] }.filter { !$0.isRing && $0.leaves(node) && $0.id != entry.id }
                if lap > 0, let exit = exits.first {
                    guard let path = try? session.directions(from: middle(entry), to: middle(exit)) else { break }
                    let indices = Self.lineIndices(of: path)
                    for (number, step) in path.steps.enumerated() where step.manoeuvre == .roundabout {
                        let expected = Self.independentExit(entry: indices[number], of: path, plain)
                        #expect(step.exit != nil && step.exit == expected, "roundabout at \(step.location) from \(entry.id) to \(exit.id): exit \(step.exit.map(String.init) ?? "none"), counted \(expected.map(String.init) ?? "none")")
                        if let exitNumber = step.exit {
                            exitsSeen.insert(exitNumber)
                            #expect(step.instruction.hasPrefix("At the roundabout take the \(RoadStepWording.ordinal(exitNumber)) exit onto "))
                        }
                        checked += 1
                    }
                }
                guard let next = plain.byNode[node, default: []].map({ plain.roads[$0] }).first(where: { $0.isRing && $0.fromNode == node }) else { break }
                node = next.toNode
            }
        }
        #expect(checked >= 10, "\(checked) roundabout steps checked")
        #expect(exitsSeen.count >= 2, "exits seen: \(exitsSeen.sorted())")
    }

    // MARK: Unnamed roads

    @Test("an unnamed road is said as such")
    func unnamedRoads() throws {
        let network = try #require(RoadTestData.andorra)
        let plain = try #require(Self.andorraRoads)
        var unnamed = 0
        for path in try Self.paths(network, stops: "real/andorra/stops.geojson", count: 16) {
            let indices = Self.lineIndices(of: path)
            for (number, step) in path.steps.enumerated().dropLast() where step.name == nil && step.ref == nil {
                #expect(step.instruction.hasSuffix("an unnamed road"), "\(step.instruction)")
                let covered = (indices[number]..<indices[number + 1]).flatMap { Self.roads(at: $0, of: path, in: plain) }
                if step.manoeuvre != .roundabout && !covered.isEmpty {
                    #expect(covered.allSatisfy { $0.name == nil }, "\(step.instruction) covers \(covered.map(\.id))")
                    unnamed += 1
                }
            }
        }
        #expect(unnamed >= 3, "\(unnamed) unnamed stretches")
    }
}
