/// The stored result of a clustering: every point and every cluster is a "node".
///
/// Nodes `0..<pointCount` are the input points in input order; node `pointCount + c` is
/// cluster `c`, clusters numbered in the order they were made (colocated groups first, then
/// zoom `maxZoom` down to `minZoom`, and within a zoom in greedy order). Everything is flat
/// arrays, so the table is compact, `Sendable` and cheap to share between threads.
struct ClusterTable: Sendable {
    let options: ClusterOptions
    let types: [String]
    let measureNames: [String]
    /// Cluster ids start above this (the caller's object count, see ``ClusterInput/objectCount``).
    let idBase: Int

    // Points.
    var longitudes: [Double] = []
    var latitudes: [Double] = []
    /// World coordinates rounded to `Float`, as supercluster keeps them.
    var pointX: [Float] = []
    var pointY: [Float] = []
    var pointType: [UInt16] = []
    var originalIndices: [Int] = []
    var pointMeasures: [[Double]] = []

    // Clusters.
    var clusterX: [Double] = []
    var clusterY: [Double] = []
    var clusterCount: [UInt32] = []
    /// The zoom the cluster was made at (`maxZoom + 1` for a colocated group).
    var clusterZoom: [UInt8] = []
    /// Position of the originating marker in the marker list of `clusterZoom + 1` (for the id).
    var clusterOrigin: [UInt32] = []
    /// Children of cluster `c`: `children[childStart[c]..<childStart[c + 1]]`, node numbers,
    /// in the order supercluster's `getChildren` reports them.
    var childStart: [UInt32] = [0]
    var children: [UInt32] = []
    /// Type breakdown of cluster `c`: `breakdownType/Count[breakdownStart[c]..<breakdownStart[c + 1]]`,
    /// type indices ascending.
    var breakdownStart: [UInt32] = [0]
    var breakdownType: [UInt16] = []
    var breakdownCount: [UInt32] = []
    /// Per measure: aggregate of cluster `c`.
    var clusterMeasures: [MeasureColumn] = []
    /// Cluster number ranges per making zoom (index = zoom, up to `maxZoom + 1`).
    var clustersByZoom: [Range<Int>] = []

    /// Per node: the lowest zoom level at which it is a marker (`UInt8.max`: never, as for the
    /// members of a colocated group).
    var lowestLevel: [UInt8] = []

    init(options: ClusterOptions, types: [String], measureNames: [String], idBase: Int) {
        self.options = options
        self.idBase = idBase
        self.types = types
        self.measureNames = measureNames
    }

    var pointCount: Int { longitudes.count }
    var clusterTotal: Int { clusterCount.count }
    var nodeCount: Int { pointCount + clusterTotal }

    @inline(__always) func isCluster(_ node: Int) -> Bool { node >= pointCount }

    @inline(__always) func count(_ node: Int) -> Int {
        node < pointCount ? 1 : Int(clusterCount[node - pointCount])
    }

    /// The highest zoom level at which the node is a marker.
    @inline(__always) func highestLevel(_ node: Int) -> Int {
        node < pointCount ? options.maxZoom + 1 : Int(clusterZoom[node - pointCount])
    }

    /// World coordinates used for clustering (`Float`-rounded for points, `Double` centres for clusters).
    @inline(__always) func world(_ node: Int) -> (x: Double, y: Double) {
        if node < pointCount { return (Double(pointX[node]), Double(pointY[node])) }
        return (clusterX[node - pointCount], clusterY[node - pointCount])
    }

    /// The coordinates the KD-trees keep (`Float`, as supercluster's KDBush does).
    @inline(__always) func treeCoordinate(_ node: Int) -> (Float, Float) {
        if node < pointCount { return (pointX[node], pointY[node]) }
        return (Float(clusterX[node - pointCount]), Float(clusterY[node - pointCount]))
    }

    func clusterID(_ cluster: Int) -> Int {
        ClusterID.make(origin: Int(clusterOrigin[cluster]), zoom: Int(clusterZoom[cluster]), pointCount: idBase)
    }

    /// The cluster number of an id, if this table has it.
    func cluster(withID id: Int) -> Int? {
        guard let (origin, zoom) = ClusterID.decode(id, pointCount: idBase),
              zoom < clustersByZoom.count
        else { return nil }
        let range = clustersByZoom[zoom]
        // Within one zoom, clusters are made in greedy order, so origins ascend.
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) >> 1
            if Int(clusterOrigin[mid]) < origin { low = mid + 1 } else { high = mid }
        }
        guard low < range.upperBound, Int(clusterOrigin[low]) == origin else { return nil }
        return low
    }

    func childNodes(ofCluster cluster: Int) -> ArraySlice<UInt32> {
        children[Int(childStart[cluster])..<Int(childStart[cluster + 1])]
    }
}

/// Sum, minimum, maximum and number of values of one numeric property, per cluster.
struct MeasureColumn: Sendable {
    var sum: [Double] = []
    var minimum: [Double] = []
    var maximum: [Double] = []
    var valueCount: [UInt32] = []
}
