import Foundation
import MapGeoJSON

/// Colours, titles and symbols per object type, and the neutral colour of mixed clusters.
///
/// A marker whose objects all have one type takes that type's colour; a cluster of several
/// types takes ``neutralColor``. Types the style does not list get the default palette.
///
/// Style file (JSON; `"color"` may also be spelled `"colour"`):
/// ```json
/// {
///   "neutral": "#848F94",
///   "types": {
///     "shop":       {"color": "#5899DA", "title": "Shops", "symbol": "cart"},
///     "restaurant": {"color": "#E8743B", "title": "Restaurants"}
///   }
/// }
/// ```
public struct ClusterStyle: Hashable, Sendable {
    /// How one type is drawn and named.
    public struct TypeStyle: Hashable, Sendable {
        /// `#RRGGBB`.
        public var color: String
        /// Legend title.
        public var title: String
        /// Optional symbol name for the front end's icon set.
        public var symbol: String?

        public init(color: String, title: String, symbol: String? = nil) {
            self.color = color
            self.title = title
            self.symbol = symbol
        }
    }

    /// The qualitative colours assigned to types in sorted order (`MapPalette` in MapGeometry: 30 colours
    /// told apart at a glance, starting with the SAP Fiori chart palette).
    public static let fioriPalette = MapPalette.qualitative
    /// The neutral colour of clusters with several types.
    public static let defaultNeutralColor = MapPalette.neutral

    /// Styles given explicitly (from a style file or code).
    public var types: [String: TypeStyle]
    public var neutralColor: String

    public init(types: [String: TypeStyle] = [:], neutralColor: String = Self.defaultNeutralColor) {
        self.types = types
        self.neutralColor = neutralColor
    }

    /// The style of `type`: the explicit one, else a palette colour by the type's rank in the
    /// sorted `allTypes` (cycling after 30), titled with the type name.
    public func style(for type: String, among allTypes: [String]) -> TypeStyle {
        if let explicit = types[type] { return explicit }
        let unstyled = allTypes.filter { types[$0] == nil }.sorted()
        let rank = unstyled.firstIndex(of: type) ?? 0
        return TypeStyle(color: Self.fioriPalette[rank % Self.fioriPalette.count], title: type)
    }

    /// Styles for every type in `allTypes` at once (the palette assignment done once).
    public func resolved(for allTypes: [String]) -> [String: TypeStyle] {
        var result = types
        let unstyled = Set(allTypes).filter { types[$0] == nil }.sorted()
        for (rank, type) in unstyled.enumerated() {
            result[type] = TypeStyle(color: Self.fioriPalette[rank % Self.fioriPalette.count], title: type)
        }
        return result
    }

    /// Reads a style file (format above).
    /// - Throws: ``ClusterStyleError`` naming the file, the member and what to fix.
    public init(contentsOf url: URL) throws(ClusterStyleError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ClusterStyleError(file: url.path, message: "cannot read the file (\(error.localizedDescription))")
        }
        try self.init(json: data, fileName: url.path)
    }

    /// Reads a style from JSON bytes (format above): strict JSON, read by the engine's own
    /// scanner, so every error names the line and column, and a wrong value its JSON path.
    public init(json data: Data, fileName: String = "style") throws(ClusterStyleError) {
        do {
            try self.init(file: try JSONFile(parsing: data, name: fileName))
        } catch {
            throw ClusterStyleError(error)
        }
    }

    private init(file: JSONFile) throws(GeoJSONError) {
        guard let root = file.root.objectValue else {
            throw file.problem(at: [], "the top level must be an object {\"neutral\": …, \"types\": {…}}, found \(file.root.summary)")
        }
        func string(_ value: JSONValue?, _ path: [JSONPathComponent]) throws(GeoJSONError) -> String? {
            guard let value, value != .null else { return nil }
            guard case let .string(text) = value else { throw file.problem(at: path, "must be a string, found \(value.summary)") }
            return text
        }
        var types: [String: TypeStyle] = [:]
        if let typesValue = root["types"], typesValue != .null {
            guard let entries = typesValue.objectValue else {
                throw file.problem(at: [.member("types")], "must be an object of type names, found \(typesValue.summary)")
            }
            for member in entries {
                let type = member.key, path: [JSONPathComponent] = [.member("types"), .member(type)]
                guard let entry = member.value.objectValue else {
                    throw file.problem(at: path, "must be an object {\"color\": \"#RRGGBB\", …}, found \(member.value.summary)")
                }
                let american = try string(entry["color"], path + [.member("color")])
                let british = try string(entry["colour"], path + [.member("colour")])
                guard let color = american ?? british else {
                    throw file.problem(at: path, "needs \"color\" (for example \"#5899DA\")")
                }
                guard Self.isHexColor(color) else {
                    throw file.problem(at: path + [.member(american == nil ? "colour" : "color")], "\"\(color)\" is not #RRGGBB")
                }
                let title = try string(entry["title"], path + [.member("title")]) ?? type
                types[type] = TypeStyle(color: color, title: title, symbol: try string(entry["symbol"], path + [.member("symbol")]))
            }
        }
        let neutral = try string(root["neutral"], [.member("neutral")]) ?? Self.defaultNeutralColor
        guard Self.isHexColor(neutral) else {
            throw file.problem(at: [.member("neutral")], "\"\(neutral)\" is not #RRGGBB")
        }
        self.init(types: types, neutralColor: neutral)
    }

    static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 7 && scalars[0] == "#" && scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    }
}

/// A style file that cannot be used: which file, where in it and what to fix.
public struct ClusterStyleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// `line:column: path: problem`, or the problem alone when it concerns the whole file.
    public var message: String
    public var description: String { "\(file):\(message.first?.isNumber == true ? "" : " ")\(message)" }

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    init(_ error: GeoJSONError) {
        var located = error
        located.file = nil
        self.init(file: error.file ?? "style", message: located.description)
    }
}

extension ClusterStyle {
    /// `feature` with `color` under the simplestyle names its geometry uses: `marker-color` for
    /// a point, `stroke` for a line, `stroke` and `fill` for a polygon.
    public static func styled(_ feature: Feature, color: String) -> Feature {
        var feature = feature
        let color = JSONValue.string(color)
        switch feature.geometry {
        case .lineString, .multiLineString:
            feature.properties.set("stroke", color)
        case .polygon, .multiPolygon:
            feature.properties.set("stroke", color)
            feature.properties.set("fill", color)
        default:
            feature.properties.set("marker-color", color)
        }
        return feature
    }
}
