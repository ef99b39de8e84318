import MapGeometry
import MapGeoJSON

/// The whole of `mapctl route --vehicles` and `POST /fleet` as one call: stops from the Point
/// features, vehicles from their definitions, travel costs (geodesic, or along a road network),
/// the search, and the plan as GeoJSON. The command and the service differ only in how they
/// read their inputs and report a ``FleetPlanningError``.
public enum FleetPlanning {
    /// A plan and what it was made from.
    public struct Plan: Sendable {
        /// The answer: routes, stops and the unassigned (``FleetFeatures/collection(of:problem:positions:roadLines:units:inheriting:)``).
        public let collection: FeatureCollection
        public let solution: FleetSolution
        public let problem: FleetProblem
        /// Stops first, then the vehicles' start and end places.
        public let positions: [Position]
    }

    /// Above this many places geodesic costs are measured pair by pair when the search reads
    /// them, not stored: the stored matrix (the durations are its distances divided by the
    /// speed) takes 8 bytes per pair, 242 MB at 5,500 places and 800 MB at 10,000. Below, it is
    /// kept because the search reads it faster and finds shorter routes in the same time
    /// (Berlin stops, one run after another: 2,000 in 2 s 3,268–3,542 km stored against
    /// 3,674–3,678 measured; 5,000 in 20 s 6,262 against 6,635). The numbers are the same
    /// either way. 5,000 stops and 55 vans, 2 s: 240 MB stored (441 MB when the durations had
    /// a matrix of their own), 46 MB measured.
    static let measuredAbove = 5_500

    /// Plans routes for `definitions` over the Point features of `features`.
    ///
    /// - Parameters:
    ///   - roads: the road network when the costs follow the roads, read only once the stops
    ///     and vehicles are known (so a bad stop is reported before a missing network);
    ///     `nil` for geodesic costs from `geodesic`.
    ///   - deadline: when the search must end (its time limit is measured just before it starts).
    ///   - units: the unit system of the routes' call-out labels.
    ///   - members: the input's foreign members the answer keeps.
    public static func plan(
        _ features: [Feature], vehicles definitions: [VehicleDefinition], roads: () throws -> RoadNetwork?,
        geodesic: GeodesicMatrixProvider, objective: RouteObjective, seed: UInt64, iterations: Int?,
        deadline: ContinuousClock.Instant, units: UnitSystem = .metric,
        inheriting members: [ForeignMember]
    ) throws(FleetPlanningError) -> Plan {
        try planNow(
            features, vehicles: definitions, roads: roads, geodesic: geodesic, objective: objective, seed: seed,
            iterations: iterations, deadline: deadline, units: units, inheriting: members)
    }

    /// Plans as the synchronous `plan(_:vehicles:roads:geodesic:objective:seed:iterations:deadline:units:inheriting:)`
    /// does, in the calling task: when the task is cancelled the search stops within
    /// milliseconds and ``FleetPlanningError/cancelled`` is thrown.
    public static func plan(
        _ features: [Feature], vehicles definitions: [VehicleDefinition], roads: () throws -> RoadNetwork?,
        geodesic: GeodesicMatrixProvider, objective: RouteObjective, seed: UInt64, iterations: Int?,
        deadline: ContinuousClock.Instant, units: UnitSystem = .metric,
        inheriting members: [ForeignMember]
    ) async throws(FleetPlanningError) -> Plan {
        try planNow(
            features, vehicles: definitions, roads: roads, geodesic: geodesic, objective: objective, seed: seed,
            iterations: iterations, deadline: deadline, units: units, inheriting: members)
    }

    private static func planNow(
        _ features: [Feature], vehicles definitions: [VehicleDefinition], roads: () throws -> RoadNetwork?,
        geodesic: GeodesicMatrixProvider, objective: RouteObjective, seed: UInt64, iterations: Int?,
        deadline: ContinuousClock.Instant, units: UnitSystem,
        inheriting members: [ForeignMember]
    ) throws(FleetPlanningError) -> Plan {
        var stops: [FleetStop], positions: [Position]
        do { (stops, positions) = try FleetStop.stops(from: features) } catch { throw .stops(error) }
        guard !stops.isEmpty else { throw .noStops }
        let vehicles = FleetVehicle.vehicles(from: definitions, places: &positions)
        do { try FleetStop.readAmounts(into: &stops, from: features, vehicles: vehicles) } catch { throw .stops(error) }
        let problem: FleetProblem
        var roadProvider: RoadMatrixProvider?
        do {
            let matrices: TravelMatrices
            if let network = try roads() {
                let names = stops.map { "stop \($0.id)" } + (stops.count..<positions.count).map { "vehicle place \($0 - stops.count + 1)" }
                let provider = RoadMatrixProvider(network: network, metric: objective == .duration ? .time : .distance, placeNames: names)
                matrices = try provider.matrices(for: positions)
                roadProvider = provider
            } else if positions.count > measuredAbove, let measured = geodesic.measuredMatrices(for: positions) {
                matrices = measured
            } else {
                matrices = try geodesic.matrices(for: positions)
            }
            problem = try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops, objective: objective)
        } catch {
            throw .costs(error)
        }
        if Task.isCancelled { throw .cancelled }
        let solution = FleetSolver.solve(
            problem, options: FleetSearchOptions(seed: seed, iterations: iterations, timeLimit: max(deadline - .now, .milliseconds(1))))
        if Task.isCancelled { throw .cancelled }
        let roadLines: [[Position]]?
        do { roadLines = try roadProvider?.roadLines(of: solution, problem: problem, positions: positions) } catch { throw .roadLines(error) }
        let collection = FleetFeatures.collection(
            of: solution, problem: problem, positions: positions, roadLines: roadLines, units: units, inheriting: members)
        return Plan(collection: collection, solution: solution, problem: problem, positions: positions)
    }
}

/// Why `FleetPlanning.plan(_:vehicles:roads:geodesic:objective:seed:iterations:deadline:units:inheriting:)`
/// made no plan, with the error of the step that failed.
public enum FleetPlanningError: Error, CustomStringConvertible {
    /// A stop feature is wrong (its items, windows, amounts, ...).
    case stops(any Error)
    /// The input has no Point features.
    case noStops
    /// The travel costs could not be made (the road network, a place off the roads, ...).
    case costs(any Error)
    /// The routes' lines along the roads could not be drawn.
    case roadLines(any Error)
    /// The task planning was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .stops(let error), .costs(let error), .roadLines(let error): "\(error)"
        case .noStops: "no stops: the input has no Point features"
        case .cancelled: "cancelled"
        }
    }
}
