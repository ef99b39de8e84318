import ArgumentParser
import MapGeoJSON
import MapRouting

/// Where a route's costs come from instead of geodesic estimates: a cost matrix file, or a road
/// network with its turn restrictions.
struct RouteCostSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("JSON cost matrix (see above).", valueName: "file"))
    var matrix: String?

    @Option(help: ArgumentHelp("Road layer or prepared network (see mapctl directions): road costs, line along the streets.", valueName: "file"))
    var roads: String?

    @Option(help: ArgumentHelp("Turn restrictions on --roads (see mapctl directions): no leg makes a forbidden turn.", valueName: "file"))
    var restrictions: String?

    func validate() throws {
        if roads != nil && matrix != nil { throw ValidationError("--roads and --matrix exclude each other") }
        if restrictions != nil && roads == nil { throw ValidationError("--restrictions goes with --roads (turns are made on roads)") }
    }

    /// The costs of a single route: the matrix file's, the road network's, or `estimate`'s;
    /// every file read at most `limit` bytes.
    func costs(estimate: TravelEstimateOptions, limit: InputLimitOptions) -> RoutePlanning.Costs {
        if let matrix {
            return .matrices { places in
                try CommandInput.json(matrix, limit: limit) { file throws(GeoJSONError) in
                    try TravelMatrices(file: file, places: places, metresPerSecond: estimate.metresPerSecond)
                }
            }
        }
        guard let roads else { return .geodesic(estimate.geodesic) }
        return .roads { try RoadNetworkLoading.load(roads, restrictions: restrictions, limit: limit) }
    }

    /// The `--roads` network with its `--restrictions`, nil without `--roads`.
    func network(limit: InputLimitOptions) throws -> RoadNetwork? {
        try roads.map { try RoadNetworkLoading.load($0, restrictions: restrictions, limit: limit) }
    }
}
