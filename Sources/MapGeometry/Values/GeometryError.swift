/// Why a geometry value could not be constructed, and where.
///
/// `path` is the index path into the geometry's GeoJSON `coordinates` array
/// (for example `[0, 3]` is ring 0, position 3), so a reader can prefix it with
/// the file position and JSON path of the geometry.
public struct GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of invalid state a value type refuses.
    public enum Reason: Hashable, Sendable {
        /// A coordinate is NaN or infinite.
        case nonFiniteCoordinate(axis: String, value: Double)
        /// A latitude outside ±90.
        case latitudeOutOfRange(Double)
        /// A longitude outside ±180 where the data is not declared unwrapped.
        case longitudeOutOfRange(Double)
        /// A line or ring with too few positions.
        case tooFewPositions(minimum: Int, found: Int)
        /// A ring whose first and last positions differ.
        case ringNotClosed(first: Position, last: Position)
        /// A bounding box whose south edge lies north of its north edge.
        case southNorthOfNorth(south: Double, north: Double)
    }

    public let reason: Reason
    /// Index path into the `coordinates` array; empty when the error concerns the whole value.
    public let path: [Int]

    public init(_ reason: Reason, path: [Int] = []) {
        self.reason = reason
        self.path = path
    }

    /// The same error located one level deeper, under `index`.
    public func nested(in index: Int) -> GeometryError {
        GeometryError(reason, path: [index] + path)
    }

    /// `coordinates[0][3]`-style location, empty for a whole-value error.
    public var pathDescription: String {
        path.isEmpty ? "" : "coordinates" + path.map { "[\($0)]" }.joined()
    }

    public var reasonDescription: String {
        switch reason {
        case let .nonFiniteCoordinate(axis, value):
            return "\(axis) is \(value), a coordinate must be a finite number"
        case let .latitudeOutOfRange(value):
            return "latitude \(value) is outside -90...90 (are longitude and latitude swapped?)"
        case let .longitudeOutOfRange(value):
            return "longitude \(value) is outside -180...180 (declare the data unwrapped if this is intended)"
        case let .tooFewPositions(minimum, found):
            return "needs at least \(minimum) positions, found \(found)"
        case let .ringNotClosed(first, last):
            return "ring is not closed (first \(first), last \(last)); repeat the first position at the end"
        case let .southNorthOfNorth(south, north):
            return "south \(south) is greater than north \(north)"
        }
    }

    public var description: String {
        path.isEmpty ? reasonDescription : "\(pathDescription): \(reasonDescription)"
    }
}
