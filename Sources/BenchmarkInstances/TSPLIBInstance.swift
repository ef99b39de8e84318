import Foundation
import MapRouting

/// A symmetric TSPLIB instance with node coordinates, and its integer distances under
/// TSPLIB's own conventions (EUC_2D, CEIL_2D, ATT, GEO), for benchmarks and tests
/// that compare with published optima.
public struct TSPLIBInstance: Sendable {
    /// The instance name (`NAME:`).
    public let name: String
    /// The distance convention (`EDGE_WEIGHT_TYPE:`).
    public let edgeWeightType: String
    /// Node coordinates, in file order.
    public let coordinates: [(x: Double, y: Double)]

    /// Parses the text of a `.tsp` file.
    /// - Throws: ``TSPLIBError`` naming the line for anything it cannot read.
    public init(text: String) throws(TSPLIBError) {
        var name = "", type = "", dimension = -1
        var coordinates: [(x: Double, y: Double)] = []
        var inCoordinates = false
        for (lineIndex, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line == "EOF" { break }
            if inCoordinates {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 3, let x = Double(fields[1]), let y = Double(fields[2]) else {
                    throw .badLine(lineIndex + 1, line)
                }
                coordinates.append((x, y))
                continue
            }
            if line.hasPrefix("NODE_COORD_SECTION") { inCoordinates = true; continue }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "NAME": name = parts[1]
            case "EDGE_WEIGHT_TYPE": type = parts[1]
            case "DIMENSION": dimension = Int(parts[1]) ?? -1
            default: break
            }
        }
        guard ["EUC_2D", "CEIL_2D", "ATT", "GEO"].contains(type) else { throw .unsupported(type) }
        guard dimension == coordinates.count, dimension > 0 else {
            throw .badDimension(declared: dimension, found: coordinates.count)
        }
        self.name = name
        self.edgeWeightType = type
        self.coordinates = coordinates
    }

    /// The integer distance between nodes `i` and `j` (0-based) under the instance's convention.
    public func distance(_ i: Int, _ j: Int) -> Int {
        if i == j { return 0 }
        let a = coordinates[i], b = coordinates[j]
        switch edgeWeightType {
        case "GEO":
            let (latA, lonA) = (Self.geoRadians(a.x), Self.geoRadians(a.y))
            let (latB, lonB) = (Self.geoRadians(b.x), Self.geoRadians(b.y))
            let q1 = cos(lonA - lonB), q2 = cos(latA - latB), q3 = cos(latA + latB)
            return Int(6378.388 * acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1)
        case "ATT":
            let dx = a.x - b.x, dy = a.y - b.y
            let r = ((dx * dx + dy * dy) / 10).squareRoot()
            let t = Int(r)
            return Double(t) < r ? t + 1 : t
        case "CEIL_2D":
            let dx = a.x - b.x, dy = a.y - b.y
            return Int((dx * dx + dy * dy).squareRoot().rounded(.up))
        default:
            let dx = a.x - b.x, dy = a.y - b.y
            return Int((dx * dx + dy * dy).squareRoot() + 0.5)
        }
    }

    /// The full matrix of ``distance(_:_:)``.
    /// - Throws: never for coordinates that are numbers (the distances are finite and non-negative).
    public func costMatrix() throws(CostMatrixError) -> CostMatrix {
        let n = coordinates.count
        var values = [Double](repeating: 0, count: n * n)
        if edgeWeightType == "EUC_2D" {
            // The common case without the per-pair convention switch.
            for i in 0..<n {
                let a = coordinates[i]
                for j in (i + 1)..<n {
                    let dx = a.x - coordinates[j].x, dy = a.y - coordinates[j].y
                    let d = Double(Int((dx * dx + dy * dy).squareRoot() + 0.5))
                    values[i * n + j] = d
                    values[j * n + i] = d
                }
            }
        } else {
            for i in 0..<n { for j in (i + 1)..<n { let d = Double(distance(i, j)); values[i * n + j] = d; values[j * n + i] = d } }
        }
        return try CostMatrix(count: n, values: values)
    }

    /// TSPLIB's GEO conversion: DDD.MM (degrees and minutes) to radians with PI = 3.141592.
    private static func geoRadians(_ value: Double) -> Double {
        let degrees = value.rounded(.towardZero)
        let minutes = value - degrees
        return 3.141592 * (degrees + 5 * minutes / 3) / 180
    }
}

/// Why a TSPLIB file could not be read.
public enum TSPLIBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A coordinate line (1-based line number) that is not `index x y`.
    case badLine(Int, String)
    /// An edge weight type other than EUC_2D, CEIL_2D, ATT or GEO.
    case unsupported(String)
    /// DIMENSION disagrees with the number of coordinates.
    case badDimension(declared: Int, found: Int)

    public var description: String {
        switch self {
        case .badLine(let line, let text): "line \(line): expected 'index x y', found '\(text)'"
        case .unsupported(let type): "EDGE_WEIGHT_TYPE '\(type)' is not supported (EUC_2D, CEIL_2D, ATT, GEO with NODE_COORD_SECTION)"
        case .badDimension(let declared, let found): "DIMENSION is \(declared) but the file has \(found) coordinates"
        }
    }
}
