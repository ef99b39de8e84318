/// The first solution of a large fleet without time limits, and the rest of one whose regret
/// insertion ran out of time: stops go in at their cheapest places, highest priority first,
/// then the farthest from the first vehicle's start first (far stops placed first shape the
/// routes, as in the search's recreate step; the file's order would scatter them).
///
/// Above ``FleetCandidates/fullNeighbourLimit`` stops it builds a better start than regret
/// insertion, whose regrets over the nearest routes only mislead it, in a tenth of the time
/// (Berlin, 25 vans, `--time-limit 2s`, seeds 4 and 5: 1,200 stops built at 2,386 km against
/// 2,756 and searched to 1,958–1,968 against 2,058; 2,000 stops 3,126 against 3,787 km, searched
/// to 2,662–2,681 against 2,880–2,915). With time windows regret insertion leaves fewer stops
/// unserved, so it stays the start there.
enum FarthestFirstInsertion {
    static func build(_ model: FleetModel<some FleetTravel>) -> FleetState {
        var state = FleetState(model)
        insert(Array(0..<model.stopCount), into: &state, model)
        return state
    }

    static func insert(_ stops: [Int], into state: inout FleetState, _ model: FleetModel<some FleetTravel>) {
        let depot = model.startPlace[0]
        let ordered = stops.sorted {
            let (a, b) = (model.cost(depot, model.stopPlace[$0]), model.cost(depot, model.stopPlace[$1]))
            return (model.priority[$0], a, -$0) > (model.priority[$1], b, -$1)
        }
        for stop in ordered {
            if let best = state.bestInsertions(of: stop, model).best {
                state.insert(stop, vehicle: best.vehicle, after: best.after, model)
            }
        }
    }
}
