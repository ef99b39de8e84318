/// The first empty vehicle of each class, in vehicle order, found as the walk goes: no array
/// per stop looked at (that allocation was a few percent of a fleet search).
struct FirstEmptyVehicles: Sequence, IteratorProtocol {
    private let routes: [RouteState]
    private let vehicleClass: [Int]
    private let classCount: Int
    private var vehicle = 0
    private var found = 0
    /// Classes below 64 already found; later ones are listed in `seenLater`.
    private var seen: UInt64 = 0
    private var seenLater: [Int] = []

    init(_ routes: [RouteState], _ model: FleetModel<some FleetTravel>) {
        self.routes = routes
        vehicleClass = model.vehicleClass
        classCount = model.vehicleClassCount
    }

    mutating func next() -> Int? {
        while vehicle < routes.count && found < classCount {
            defer { vehicle += 1 }
            guard routes[vehicle].isEmpty else { continue }
            let vehicleClass = vehicleClass[vehicle]
            if vehicleClass < 64 {
                let bit: UInt64 = 1 << UInt64(vehicleClass)
                if seen & bit != 0 { continue }
                seen |= bit
            } else if seenLater.contains(vehicleClass) {
                continue
            } else {
                seenLater.append(vehicleClass)
            }
            found += 1
            return vehicle
        }
        return nil
    }
}
