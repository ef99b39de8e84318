import Foundation
import MapGeoJSON
import MapRouting

/// `VRPBench --geodesic STOPS.geojson VANS.json stored|measured ITERATIONS|default SEEDS`: one
/// fleet problem (the stops and vans of large_fleet.py) on geodesic costs, its matrices stored
/// (n² numbers) or measured pair by pair when read, solved for a fixed number of iterations (or
/// the library's automatic budget) without a time limit, so the two ways of reading travel do
/// the same work. Prints per seed: the kind, seed, cost (km), iterations, CPU seconds of the
/// solve and of building the matrices, wall seconds of the solve.
func runGeodesic(_ arguments: [String]) -> Never {
    guard arguments.count == 5, Int(arguments[3]) != nil || arguments[3] == "default", let seeds = Int(arguments[4]), seeds >= 1,
        ["stored", "measured"].contains(arguments[2])
    else {
        FileHandle.standardError.write(Data("usage: VRPBench --geodesic STOPS.geojson VANS.json stored|measured ITERATIONS|default SEEDS\n".utf8))
        exit(64)
    }
    do {
        let features = try GeoJSONReader().read(contentsOfFile: arguments[0]).features
        let file = try JSONFile(contentsOf: arguments[1])
        let (stops, stopPositions) = try FleetStop.stops(from: features)
        var positions = stopPositions
        let vehicles = FleetVehicle.vehicles(from: try VehicleDefinition.vehicles(in: file), places: &positions)
        let provider = GeodesicMatrixProvider()
        let before = cpuSeconds()
        let matrices = arguments[2] == "measured" ? provider.measuredMatrices(for: positions)! : try provider.matrices(for: positions)
        let matrixSeconds = cpuSeconds() - before
        let problem = try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops)
        // nil for `default`: the library's automatic budget.
        let iterations = Int(arguments[3])
        for seed in 1...seeds {
            let started = cpuSeconds(), wallStarted = ContinuousClock.now
            let solution = FleetSolver.solve(problem, options: FleetSearchOptions(seed: UInt64(seed), iterations: iterations, timeLimit: nil))
            let wall = seconds(wallStarted.duration(to: .now))
            print(arguments[2], seed, String(format: "%.3f", solution.cost / 1000), solution.iterations,
                  String(format: "%.3f", cpuSeconds() - started), String(format: "%.3f", matrixSeconds),
                  String(format: "%.3f", wall))
        }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(65)
    }
}
