import ArgumentParser
import MapGeometry
import MapRouting

/// Where a single route starts and ends: `--start`, `--end`, `--round-trip`.
struct RouteEndOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Start position (default: the first stop).", valueName: "lon,lat"))
    var start: String?

    @Option(help: ArgumentHelp("End position, after every stop.", valueName: "lon,lat"))
    var end: String?

    @Flag(name: .customLong("round-trip"), help: "Return to the start.")
    var roundTrip = false

    /// True when any of the three is given.
    var isGiven: Bool { start != nil || end != nil || roundTrip }

    func validate() throws {
        if end != nil && roundTrip { throw ValidationError("--end and --round-trip exclude each other") }
        _ = try startPosition()
        _ = try endPosition()
    }

    func startPosition() throws -> Position? { try start.map { try MapArgument.position($0, option: "--start") } }
    func endPosition() throws -> Position? { try end.map { try MapArgument.position($0, option: "--end") } }

    /// How the route ends, given the `--end` position.
    func routeEnd(at endPosition: Position?) -> RouteEnd<Position> {
        endPosition.map { .at($0) } ?? (roundTrip ? .returnToStart : .anywhere)
    }
}
