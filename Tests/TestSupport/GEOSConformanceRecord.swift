import MapGeometry
import Testing

/// One record of the GEOS conformance suites in `conformance/geos/` (JSON Lines): only
/// its string and boolean fields matter. Each test target adds how it reads the case.
public struct GEOSConformanceRecord: CustomTestStringConvertible, Sendable {
    public let strings: [String: String]
    public let booleans: [String: Bool]

    public init(_ record: [String: Any]) {
        strings = record.compactMapValues { $0 as? String }
        booleans = record.compactMapValues { $0 as? Bool }
    }

    public var id: String { strings["id"]! }
    public var testDescription: String { id }
    /// GEOS 3.11.1's verdict; nil where its reader refused the input.
    public var expectedValid: Bool? { booleans["valid_geos311"] }
    public var expectedKind: ValidityProblemKind? {
        strings["reason_kind_geos311"].map { ValidityProblemKind(rawValue: $0)! }
    }

    /// The records of `conformance/geos/FILE`, none where the shared data is absent.
    public static func load(_ file: String) -> [GEOSConformanceRecord] {
        guard SharedData.isAvailable else { return [] }
        return (try? SharedData.jsonLines("conformance/geos/\(file)").map(GEOSConformanceRecord.init)) ?? []
    }
}
