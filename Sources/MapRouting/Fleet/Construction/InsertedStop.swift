/// What every route's insertion scan reads of the stop being inserted, read once per stop
/// instead of once per route: the scan of a route began by reading these, which was a fifth
/// of the instructions of RC101's scan.
struct InsertedStop {
    let stop: Int
    let place: Int
    let items: Int
    /// True when the stop has time windows; the next two are read only then.
    let hasWindows: Bool
    /// When the stop's last window closes.
    let lastClosing: Double
    /// The first window's opening plus the service time: the earliest its service can end.
    let earliestEnd: Double

    @inline(__always) init(_ stop: Int, _ model: FleetModel<some FleetTravel>) {
        self.stop = stop
        place = model.stopPlace[stop]
        items = model.items[stop]
        // Without windows in the problem (CVRP) none of the window lists is read.
        guard model.hasWindows else {
            (hasWindows, lastClosing, earliestEnd) = (false, .infinity, 0)
            return
        }
        hasWindows = !model.windows[stop].isEmpty
        lastClosing = model.lastClosing[stop]
        earliestEnd = model.firstOpening[stop] + model.service[stop]
    }
}
