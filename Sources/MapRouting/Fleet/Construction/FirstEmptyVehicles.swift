/// The first empty vehicle of each class, in vehicle order, found as the walk goes. The walk
/// skips the used vehicles by their sorted list, without reading their routes.
/// ``FleetState`` keeps the list and walks again only when a route empties or fills: a walk
/// per stop looked at was 4 % of a fleet search.
struct FirstEmptyVehicles: Sequence, IteratorProtocol {
    private let usedVehicles: [Int]
    /// Each vehicle's class (one entry per vehicle).
    private let vehicleClass: [Int]
    private let classCount: Int
    private var vehicle = 0
    /// The first of `usedVehicles` not below `vehicle`.
    private var nextUsed = 0
    private var found = 0
    /// Classes below 64 already found; later ones are listed in `seenLater`.
    private var seen: UInt64 = 0
    private var seenLater: [Int] = []

    /// `usedVehicles`: the vehicles with stops, in increasing order; `vehicleClass`: each
    /// vehicle's class, below `classCount`.
    init(usedVehicles: [Int], vehicleClass: [Int], classCount: Int) {
        self.usedVehicles = usedVehicles
        self.vehicleClass = vehicleClass
        self.classCount = classCount
    }

    mutating func next() -> Int? {
        while vehicle < vehicleClass.count && found < classCount {
            defer { vehicle += 1 }
            if nextUsed < usedVehicles.count && usedVehicles[nextUsed] == vehicle {
                nextUsed += 1
                continue
            }
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
