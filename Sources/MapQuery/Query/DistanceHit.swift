/// One answer of a distance query: an item of the index and its geodesic distance in metres
/// from the query position to the item's nearest point (0 inside a polygon).
public struct DistanceHit: Hashable, Sendable, CustomStringConvertible {
    /// The item's number: its place in the array the index was built from.
    public let item: Int
    /// WGS84 geodesic distance in metres.
    public let distance: Double

    public init(item: Int, distance: Double) {
        self.item = item
        self.distance = distance
    }

    public var description: String { "#\(item) at \(distance) m" }

    /// Nearest first; equal distances by item number, so answers are deterministic.
    static func nearerFirst(_ lhs: DistanceHit, _ rhs: DistanceHit) -> Bool {
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.item < rhs.item
    }
}
