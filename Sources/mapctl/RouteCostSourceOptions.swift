import ArgumentParser

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
}
