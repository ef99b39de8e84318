import MapGeometry
import Testing

@testable import MapRouting

/// Steps on hand-made junctions a few hundred metres across (positions from
/// ``RoadTinyGraphTests/p(_:_:)``: x in thousandths of a degree east, y north).
@Suite struct RoadStepTests {
    static func road(_ name: String?, _ points: [(Double, Double)], oneway: String? = nil, junction: String? = nil, ref: String? = nil) -> RoadSegment {
        var segment = RoadTinyGraphTests.road(name ?? "unnamed", points, oneway: oneway, junction: junction)
        segment.name = name
        segment.ref = ref
        return segment
    }

    static let p = RoadTinyGraphTests.p

    @Test func turnAngleThresholds() {
        let cases: [(Double, RoadTurn.Modifier)] = [
            (0, .straight), (19.9, .straight), (-19.9, .straight), (20, .slightRight), (-45, .slightLeft),
            (60, .right), (-119.9, .left), (120, .sharpRight), (-170, .sharpLeft), (170.1, .uturn), (-179, .uturn), (180, .uturn),
        ]
        for (angle, modifier) in cases { #expect(RoadTurn.modifier(ofAngle: angle) == modifier, "\(angle)") }
        #expect(RoadTurn.angle(from: 350, to: 10) == 20)
        #expect(RoadTurn.angle(from: 10, to: 350) == -20)
        #expect(RoadStepWording.ordinal(1) == "1st" && RoadStepWording.ordinal(12) == "12th" && RoadStepWording.ordinal(22) == "22nd")
    }

    @Test func aTJunctionTurnsRightOntoTheCrossStreet() throws {
        let network = try RoadNetwork(segments: [
            Self.road("Main", [(0, -5), (0, 0)]), Self.road("East", [(0, 0), (5, 0)]), Self.road("West", [(0, 0), (-5, 0)]),
        ])
        let path = try RoadQuerySession(network).directions(from: Self.p(0, -3), to: Self.p(3, 0))
        #expect(path.steps.map(\.manoeuvre) == [.depart, .turn, .arrive])
        #expect(path.steps.map(\.instruction) == ["Head north on Main", "Turn right onto East", "Arrive at the destination on East"])
        #expect(path.steps[1].modifier == .right && path.steps[1].location == Self.p(0, 0))
        #expect(abs(path.steps.reduce(0) { $0 + $1.distance } - path.distance) < 1e-9)
        let back = try RoadQuerySession(network).directions(from: Self.p(3, 0), to: Self.p(0, -3))
        #expect(back.steps[1].instruction == "Turn left onto Main")
    }

    @Test func aTurnOnTheSameRoadStaysOnItUnlessItHasNoName() throws {
        for name in ["Main", nil] {
            let network = try RoadNetwork(segments: [
                Self.road(name, [(0, -5), (0, 0)]), Self.road(name, [(0, 0), (-5, 0)]), Self.road("East", [(0, 0), (5, 0)]),
            ])
            let steps = try RoadQuerySession(network).directions(from: Self.p(0, -3), to: Self.p(-3, 0)).steps
            #expect(steps[1].instruction == (name == nil ? "Turn left onto an unnamed road" : "Turn left to stay on Main"))
        }
    }

    @Test func aBendWithNoOtherRoadIsNotAnnouncedButANewNameIs() throws {
        let same = try RoadNetwork(segments: [Self.road("Main", [(0, -5), (0, 0)]), Self.road("Main", [(0, 0), (5, 5)])])
        let path = try RoadQuerySession(same).directions(from: Self.p(0, -3), to: Self.p(3, 3))
        #expect(path.steps.map(\.manoeuvre) == [.depart, .arrive])
        #expect(path.steps[0].distance == path.distance)
        let renamed = try RoadNetwork(segments: [Self.road("Main", [(0, -5), (0, 0)]), Self.road(nil, [(0, 0), (5, 5)], ref: "CG-2")])
        let steps = try RoadQuerySession(renamed).directions(from: Self.p(0, -3), to: Self.p(3, 3)).steps
        #expect(steps.map(\.instruction) == ["Head north on Main", "Continue slightly right onto CG-2", "Arrive at the destination on CG-2"])
        let unnamed = try RoadNetwork(segments: [Self.road("Main", [(0, -5), (0, 0)]), Self.road(nil, [(0, 0), (5, 5)])])
        #expect(try RoadQuerySession(unnamed).directions(from: Self.p(0, -3), to: Self.p(3, 3)).steps[1].instruction
            == "Continue slightly right onto an unnamed road")
    }

    /// A ring driven anticlockwise through its south, east, north and west nodes, with a
    /// two-way arm at each.
    static let roundabout: RoadNetwork = try! RoadNetwork(segments: [
        road("Ring", [(0, -2), (2, 0)], junction: "roundabout"), road("Ring", [(2, 0), (0, 2)], junction: "roundabout"),
        road("Ring", [(0, 2), (-2, 0)], junction: "roundabout"), road("Ring", [(-2, 0), (0, -2)], junction: "roundabout"),
        road("South", [(0, -8), (0, -2)]), road("East", [(2, 0), (8, 0)]), road("North", [(0, 2), (0, 8)]),
        road("West", [(-2, 0), (-8, 0)]),
    ])

    @Test func aRoundaboutCountsTheExitsPassed() throws {
        let session = RoadQuerySession(Self.roundabout)
        let expectations: [((Double, Double), Int, RoadTurn.Modifier, String)] = [
            ((6, 0), 1, .right, "East"), ((0, 6), 2, .straight, "North"), ((-6, 0), 3, .left, "West"),
        ]
        for (to, exit, modifier, name) in expectations {
            let steps = try session.directions(from: Self.p(0, -6), to: Self.p(to.0, to.1)).steps
            #expect(steps.map(\.manoeuvre) == [.depart, .roundabout, .arrive], "\(name)")
            #expect(steps[1].exit == exit && steps[1].modifier == modifier && steps[1].name == name)
            #expect(steps[1].instruction == "At the roundabout take the \(RoadStepWording.ordinal(exit)) exit onto \(name)")
            #expect(steps[1].location == Self.p(0, -2))
        }
        // Starting on the ring: the exit is counted from the start.
        let fromRing = try session.directions(from: Self.p(1.5, -0.5), to: Self.p(-6, 0)).steps
        #expect(fromRing.map(\.manoeuvre) == [.depart, .exitRoundabout, .arrive])
        #expect(fromRing[1].exit == 3 && fromRing[1].instruction == "Leave the roundabout by the 3rd exit onto West")
    }

    @Test func aPathFromAPointToItselfDepartsAndArrives() throws {
        let path = try RoadQuerySession(Self.roundabout).directions(from: Self.p(0, -6), to: Self.p(0, -6))
        #expect(path.steps.map(\.manoeuvre) == [.depart, .arrive])
        #expect(path.steps[0].instruction == "Start on South")
    }
}
