/// Where a stop would go most cheaply: which vehicle, after which node, at what extra cost.
struct Insertion {
    var vehicle: Int
    var after: Int
    var cost: Double
}

extension FleetState {
    /// The cheapest feasible insertions of `stop`, best and second best on another route
    /// (the second is what regret insertion weighs). Only one empty vehicle of each class
    /// is tried. `skip` may veto single positions (the "blinks" of ruin and recreate).
    /// Equal costs go to the lower vehicle index.
    func bestInsertions(
        of stop: Int, _ model: FleetModel, skip: () -> Bool = { false }
    ) -> (best: Insertion?, second: Insertion?) {
        var best: Insertion?
        var second: Insertion?
        // The vehicles to try, in vehicle order: every used one, and the first empty vehicle
        // of each class (any other empty vehicle of the class would do the same). Walking the
        // two short lists beats scanning every vehicle: CVRP benchmarks give one vehicle per
        // customer, so most are empty.
        let empties = firstEmptyVehicles(model)
        var nextUsed = 0, nextEmpty = 0
        while nextUsed < usedVehicles.count || nextEmpty < empties.count {
            let vehicle: Int
            if nextEmpty == empties.count || (nextUsed < usedVehicles.count && usedVehicles[nextUsed] < empties[nextEmpty]) {
                vehicle = usedVehicles[nextUsed]
                nextUsed += 1
            } else {
                vehicle = empties[nextEmpty]
                nextEmpty += 1
            }
            guard let routeBest = bestInsertion(of: stop, into: vehicle, model, skip: skip) else { continue }
            if routeBest.cost < (best?.cost ?? .infinity) {
                second = best
                best = routeBest
            } else if routeBest.cost < (second?.cost ?? .infinity) {
                second = routeBest
            }
        }
        return (best, second)
    }

    /// The cheapest feasible insertion of `stop` into `vehicle`'s route (the first of equal
    /// ones), or nil when the vehicle cannot take it.
    func bestInsertion(
        of stop: Int, into vehicle: Int, _ model: FleetModel, skip: () -> Bool = { false }
    ) -> Insertion? {
        guard model.canServe[vehicle * model.stopCount + stop] else { return nil }
        // Indexing (not `let route = routes[vehicle]`) reads the route in place instead of copying it.
        // A full route needs no look at its positions (no blinks are drawn for it either).
        if routes[vehicle].load + model.items[stop] > model.capacity[vehicle] { return nil }
        var routeBest: Insertion?
        for p in 0...routes[vehicle].stops.count {
            if skip() { continue }
            guard let extra = routes[vehicle].insertionCost(of: stop, after: p, model) else { continue }
            if extra < (routeBest?.cost ?? .infinity) { routeBest = Insertion(vehicle: vehicle, after: p, cost: extra) }
        }
        return routeBest
    }

    /// The vehicles an insertion may go to, in vehicle order: every used one and the first
    /// empty one of each class.
    func activeVehicles(_ model: FleetModel) -> [Int] {
        (usedVehicles + firstEmptyVehicles(model)).sorted()
    }

    /// The first empty vehicle of each class, in vehicle order.
    func firstEmptyVehicles(_ model: FleetModel) -> [Int] {
        var found: [Int] = []
        var seen: UInt64 = 0  // classes below 64; later ones are looked up in `found`
        var vehicle = 0
        while vehicle < routes.count && found.count < model.vehicleClassCount {
            defer { vehicle += 1 }
            guard routes[vehicle].isEmpty else { continue }
            let vehicleClass = model.vehicleClass[vehicle]
            if vehicleClass < 64 {
                let bit: UInt64 = 1 << UInt64(vehicleClass)
                if seen & bit != 0 { continue }
                seen |= bit
            } else if found.contains(where: { model.vehicleClass[$0] == vehicleClass }) {
                continue
            }
            found.append(vehicle)
        }
        return found
    }
}

/// The recreate step: insert stops one by one at their cheapest feasible place, in the
/// given order, sometimes skipping a position (blinks) so repeated runs differ.
enum GreedyInsertion {
    static func insert(
        _ stops: [Int], into state: inout FleetState, _ model: FleetModel,
        random: inout RandomSource, blinkRate: Double
    ) {
        let threshold = UInt64(blinkRate * Double(UInt64.max >> 11))
        for stop in stops {
            let (best, _) = state.bestInsertions(of: stop, model) { (random.next() >> 11) < threshold }
            if let best { state.insert(stop, vehicle: best.vehicle, after: best.after, model) }
        }
    }
}
