import MapGeometry

/// A GeoJSON Feature: an optional geometry, properties, an optional id and bbox,
/// and the foreign members it carried (RFC 7946 §3.2, §6.1).
public struct Feature: Hashable, Sendable {
    public var id: FeatureIdentifier?
    /// nil for `"geometry": null` (an unlocated feature).
    public var geometry: Geometry?
    public var properties: Properties
    /// The bbox the input gave (the writer recomputes one when asked).
    public var bbox: BoundingBox?
    /// Members RFC 7946 does not define, in document order, kept raw.
    public var foreignMembers: [ForeignMember]
    /// The string value of the reader's `typePropertyKey` (default `"type"`), read
    /// eagerly so that clustering and styling never decode properties. The
    /// initialiser fills it from `properties["type"]`; it is not part of equality.
    public var typeProperty: String?

    public init(
        id: FeatureIdentifier? = nil, geometry: Geometry?, properties: Properties = Properties(),
        bbox: BoundingBox? = nil, foreignMembers: [ForeignMember] = []
    ) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.bbox = bbox
        self.foreignMembers = foreignMembers
        typeProperty = properties.string("type")
    }

    init(id: FeatureIdentifier?, geometry: Geometry?, properties: Properties, bbox: BoundingBox?,
         foreignMembers: [ForeignMember], typeProperty: String?) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.bbox = bbox
        self.foreignMembers = foreignMembers
        self.typeProperty = typeProperty
    }

    public static func == (lhs: Feature, rhs: Feature) -> Bool {
        lhs.id == rhs.id && lhs.geometry == rhs.geometry && lhs.bbox == rhs.bbox
            && lhs.foreignMembers == rhs.foreignMembers && lhs.properties == rhs.properties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(geometry)
        hasher.combine(properties)
    }
}

/// A GeoJSON FeatureCollection (RFC 7946 §3.3).
public struct FeatureCollection: Hashable, Sendable {
    public var features: [Feature]
    /// The bbox the input gave (the writer recomputes one when asked).
    public var bbox: BoundingBox?
    /// Members RFC 7946 does not define (e.g. `attribution`), in document order, kept raw.
    public var foreignMembers: [ForeignMember]

    public init(features: [Feature] = [], bbox: BoundingBox? = nil, foreignMembers: [ForeignMember] = []) {
        self.features = features
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }
}

/// The top-level object of a GeoJSON text.
public enum GeoJSONObject: Hashable, Sendable {
    case featureCollection(FeatureCollection)
    case feature(Feature)
    case geometry(Geometry)

    /// The content as a collection: a Feature becomes a one-feature collection, a
    /// bare geometry a feature with `null` properties.
    public var featureCollection: FeatureCollection {
        switch self {
        case let .featureCollection(collection): collection
        case let .feature(feature): FeatureCollection(features: [feature])
        case let .geometry(geometry): FeatureCollection(features: [Feature(geometry: geometry, properties: .null)])
        }
    }
}

/// A feature the lenient reader left out, and why.
public struct SkippedFeature: Hashable, Sendable, CustomStringConvertible {
    /// Index in `features` (or record number in a GeoJSONSeq input, from 0).
    public var index: Int
    /// The feature's id when it could still be read.
    public var id: FeatureIdentifier?
    public var error: GeoJSONError

    public var description: String {
        "skipped feature \(index)" + (id.map { " (id \($0))" } ?? "") + ": \(error)"
    }
}

/// What a read produced: the object, plus warnings and (in lenient mode) skipped features.
public struct GeoJSONDocument: Sendable {
    public var object: GeoJSONObject
    /// SHOULD-level problems (winding, precision, …), in document order.
    public var warnings: [GeoJSONWarning]
    /// Features the lenient mode left out.
    public var skipped: [SkippedFeature]
    /// True when the input was a GeoJSONSeq / newline-delimited sequence of texts.
    public var isSequence: Bool

    /// The content as a collection (see ``GeoJSONObject/featureCollection``).
    public var featureCollection: FeatureCollection { object.featureCollection }
    /// The features, however the input was shaped.
    public var features: [Feature] { featureCollection.features }
}
