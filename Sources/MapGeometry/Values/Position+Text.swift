extension Position {
    /// Reads `lon,lat` in degrees, as typed in a command line or a query string
    /// (`24.9384,60.1699`, `-74.0, 40.7`).
    /// - Throws: ``CoordinateTextError`` saying what was typed and what is expected.
    public init(lonLat text: String) throws(CoordinateTextError) {
        guard let parts = text.commaSeparatedDecimals(count: 2) else {
            throw CoordinateTextError(text: text, reason: "is not lon,lat in degrees (for example 24.9384,60.1699)")
        }
        let (longitude, latitude) = (parts[0], parts[1])
        do {
            try self.init(longitude, latitude)
        } catch {
            let texts = text.commaSeparatedFields
            var reason = error.reasonDescription
            if !(-90...90).contains(latitude), latitude.isFinite {
                reason = "has latitude \(texts[1]), outside -90…90"
                if (-90...90).contains(longitude), (-180...180).contains(latitude) {
                    reason += "; longitude comes first: \(texts[1]),\(texts[0])"
                }
            } else if !(-180...180).contains(longitude), longitude.isFinite {
                reason = "has longitude \(texts[0]), outside -180…180"
            }
            throw CoordinateTextError(text: text, reason: reason)
        }
    }

    /// Whether this position lies outside `bounds` (grown by a tenth of its size, at least 0.05°)
    /// while the same numbers swapped lie inside: the sign of a `lat,lon` typed for `lon,lat`.
    public func looksSwapped(against bounds: BoundingBox) -> Bool {
        guard (-180...180).contains(latitude), (-90...90).contains(longitude) else { return false }
        let grown = bounds.grown(byFraction: 0.1, atLeast: 0.05)
        return !grown.contains(self) && grown.contains(Position(uncheckedLongitude: latitude, latitude: longitude))
    }
}

extension BoundingBox {
    /// The box grown on every side by `fraction` of its span (at least `minimum` degrees),
    /// clamped to the world.
    func grown(byFraction fraction: Double, atLeast minimum: Double) -> BoundingBox {
        let dx = max(longitudeSpan * fraction, minimum), dy = max((north - south) * fraction, minimum)
        if longitudeSpan + 2 * dx >= 360 {
            return BoundingBox(unchecked: -180, max(south - dy, -90), 180, min(north + dy, 90))
        }
        func wrap(_ longitude: Double) -> Double { longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude }
        return BoundingBox(unchecked: wrap(west - dx), max(south - dy, -90), wrap(east + dx), min(north + dy, 90))
    }
}

extension BoundingBox {
    /// Reads `west,south,east,north` in degrees, as typed in a command line or a query string;
    /// west > east crosses the antimeridian.
    /// - Throws: ``CoordinateTextError`` saying what was typed and what is expected.
    public init(westSouthEastNorth text: String) throws(CoordinateTextError) {
        guard let parts = text.commaSeparatedDecimals(count: 4) else {
            throw CoordinateTextError(text: text, reason: "is not west,south,east,north in degrees (for example 24.93,60.16,24.96,60.18)")
        }
        do {
            try self.init(west: parts[0], south: parts[1], east: parts[2], north: parts[3])
        } catch {
            throw CoordinateTextError(text: text, reason: error.reasonDescription)
        }
    }
}

/// A position or box typed as text that cannot be read.
public struct CoordinateTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was typed.
    public var text: String
    /// What is wrong and how to write it.
    public var reason: String
    public var description: String { "'\(text)' \(reason)" }
}
