import ArgumentParser
import MapRouting

/// The road network of `directions` and `matrix`: `--roads`, how positions snap to it,
/// `--save-prepared`, `--restrictions` and the largest file read (`--max-input`).
struct RoadOptions: ParsableArguments {
    @Option(help: "Road layer (GeoJSON, or - for standard input), or a network file written by --save-prepared.")
    var roads: String

    @Option(help: "Farthest a position may be from a road, in metres.")
    var maxSnapDistance: Double = 1_000

    @Flag(help: "Snap to the nearest road even outside the main network (one-way traps then leave places unreachable).")
    var snapToAnyRoad = false

    @Option(help: "Also save the prepared network to this file, to load it faster next time.")
    var savePrepared: String?

    @Option(help: ArgumentHelp(
        "Turn restrictions (GeoJSON features with restriction, from, via, to as in OSM); no path makes a forbidden turn, or a U-turn but at a dead end.",
        valueName: "file"))
    var restrictions: String?

    @OptionGroup var inputLimit: InputLimitOptions

    func validate() throws {
        guard maxSnapDistance.isFinite, maxSnapDistance > 0 else {
            throw ValidationError("--max-snap-distance must be a positive number of metres")
        }
    }

    /// The network with these snapping options and turn restrictions, saved prepared when asked.
    func network() throws -> RoadNetwork {
        var network = try RoadNetworkLoading.load(roads, restrictions: restrictions, limit: inputLimit)
        network.options.maximumSnapDistance = maxSnapDistance
        network.options.snapToMainNetwork = !snapToAnyRoad
        if let savePrepared { try RoadNetworkLoading.save(network, to: savePrepared) }
        return network
    }
}
