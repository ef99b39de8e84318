/// What every route's insertion scan reads of the stop being inserted, read once per stop
/// instead of once per route: the scan of a route began by reading these, which was a fifth
/// of the instructions of RC101's scan.
struct InsertedStop {
    let stop: Int
    let place: Int
    let items: Int
    let service: Double
    /// True when the stop has time windows; the scans read `lastClosing` and `earliestEnd` as
    /// bounds only then.
    let hasWindows: Bool
    /// When the stop's first window opens and its last closes (-infinity and infinity: any time).
    let firstOpening: Double
    let lastClosing: Double
    /// The first window's opening plus the service time: the earliest its service can end.
    let earliestEnd: Double

    @inline(__always) init(_ stop: Int, _ model: FleetModel<some FleetTravel>) {
        self.stop = stop
        place = model.stopPlace[stop]
        items = model.items[stop]
        service = model.service[stop]
        // Without windows in the problem (CVRP) none of the window lists is read.
        guard model.hasWindows else {
            (hasWindows, firstOpening, lastClosing, earliestEnd) = (false, -.infinity, .infinity, 0)
            return
        }
        hasWindows = !model.windows[stop].isEmpty
        firstOpening = model.firstOpening[stop]
        lastClosing = model.lastClosing[stop]
        earliestEnd = firstOpening + service
    }

    /// When service starts for a vehicle arriving at `arrival`, as
    /// ``FleetModel/serviceStart(_:arrival:)`` answers (the same one-line formula), from the
    /// bounds read here when no stop has more than one window.
    @inline(__always) func serviceStart(arrival: Double, _ model: FleetModel<some FleetTravel>) -> Double {
        guard model.hasSingleWindows else { return model.serviceStart(stop, arrival: arrival) }
        return arrival <= lastClosing ? max(arrival, firstOpening) : .infinity
    }
}
