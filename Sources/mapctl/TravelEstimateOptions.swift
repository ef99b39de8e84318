import ArgumentParser
import MapRouting

/// Travel costs estimated from geodesic distances (`--detour-factor`, `--speed`) when no
/// matrix or road network gives them, and what the order minimises (`--objective`).
struct TravelEstimateOptions: ParsableArguments {
    @Option(name: .customLong("detour-factor"), help: "Road distance ÷ geodesic distance, for estimated costs.")
    var detourFactor: Double = 1.3

    @Option(help: ArgumentHelp("Travel speed for estimated durations.", valueName: "km/h"))
    var speed: Double = 30

    @Option(help: "What the order minimises: distance or duration.")
    var objective: String = "distance"

    func validate() throws {
        guard detourFactor.isFinite && detourFactor >= 1 else { throw ValidationError("--detour-factor must be 1 or more") }
        guard speed.isFinite && speed > 0 else { throw ValidationError("--speed must be more than 0 km/h") }
        guard ["distance", "duration"].contains(objective) else {
            throw ValidationError("--objective must be distance or duration")
        }
    }

    /// `--speed` in metres per second.
    var metresPerSecond: Double { speed / 3.6 }

    /// Geodesic distances × `--detour-factor`, driven at `--speed`.
    var geodesic: GeodesicMatrixProvider {
        GeodesicMatrixProvider(detourFactor: detourFactor, metresPerSecond: metresPerSecond)
    }

    var routeObjective: RouteObjective { objective == "duration" ? .duration : .distance }
}
