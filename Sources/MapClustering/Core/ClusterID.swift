/// Cluster ids: supercluster's scheme, which is stable in the sense the app needs.
///
/// A cluster made at zoom `z` gets `id = (origin << 5) + (z + 1) + pointCount`, where `origin`
/// is the position, in the list of markers of zoom `z + 1`, of the marker the greedy pass
/// started the cluster from, and `pointCount` is the number of input objects
/// (``ClusterInput/objectCount``). So:
///
/// * the id depends only on the input (its order included) and the options, never on the
///   query, the thread or the run: the same input gives the same ids, byte for byte;
/// * a cluster that does not change between zooms is the same stored cluster at each of those
///   zooms and keeps its id (it is created once, at the highest zoom where it exists);
/// * ids never collide with the indices `0..<pointCount` of single points, and the zoom and
///   origin can be read back from the id, so ``ClusterIndex`` finds a cluster without a table;
/// * they equal supercluster's ids for the same input order and options (so a web client
///   running supercluster on the same data agrees), with one deliberate exception: objects at
///   one identical position are merged before clustering into one "colocated" marker that is
///   recorded as made at zoom `maxZoom + 1` (its `origin` is the input index of its first
///   object), whereas supercluster would show them apart above `maxZoom`.
public enum ClusterID {
    /// The id of a cluster made at `zoom` from the marker at `origin` of zoom `zoom + 1`.
    static func make(origin: Int, zoom: Int, pointCount: Int) -> Int {
        (origin << 5) + (zoom + 1) + pointCount
    }

    /// The (origin, zoom) an id encodes, or nil when it cannot be a cluster id.
    static func decode(_ id: Int, pointCount: Int) -> (origin: Int, zoom: Int)? {
        let value = id - pointCount
        guard value > 0 else { return nil }
        let zoomField = value & 31
        guard zoomField > 0 else { return nil }
        return (value >> 5, zoomField - 1)
    }
}
