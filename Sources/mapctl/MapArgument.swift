import ArgumentParser
import MapGeometry
import MapViewport

/// The map values options take as text (positions, boxes, tiles, insets, marker sizes), read
/// in one place for every command; a usage error names the option and shows the form.
/// Negative numbers reach these readers whole (see ``ArgumentPreflight``).
enum MapArgument {
    /// `lon,lat`.
    static func position(_ text: String, option: String) throws -> Position {
        do { return try Position(lonLat: text) } catch { throw ValidationError("\(option) \(error)") }
    }

    /// `west,south,east,north`; west > east crosses the antimeridian.
    static func box(_ text: String, option: String) throws -> BoundingBox {
        do { return try BoundingBox(westSouthEastNorth: text) } catch { throw ValidationError("\(option) \(error)") }
    }

    /// `z/x/y`.
    static func tile(_ text: String, option: String) throws -> (z: Int, x: Int, y: Int) {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let z = parts[0], let x = parts[1], let y = parts[2] else {
            throw ValidationError("\(option) must be z/x/y, e.g. 12/2331/1185; got \(text)")
        }
        do { _ = try Tile(x: x, y: y, z: z) } catch { throw ValidationError("\(option) \(text): \(error)") }
        return (z, x, y)
    }

    /// `top,right,bottom,left` in points, or one value for every edge.
    static func insets(_ text: String, option: String) throws -> EdgeInsets {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil }), values.count == 4 || values.count == 1 else {
            throw ValidationError("\(option) takes top,right,bottom,left in points (e.g. 0,0,0,320) or one value, not '\(text)'")
        }
        let numbers = values.map { $0! }
        return numbers.count == 1
            ? EdgeInsets(all: numbers[0])
            : EdgeInsets(top: numbers[0], right: numbers[1], bottom: numbers[2], left: numbers[3])
    }

    /// `WIDTHxHEIGHT` in points: a pin anchored at its bottom centre.
    static func marker(_ text: String, option: String) throws -> MarkerSize {
        let parts = text.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1] else {
            throw ValidationError("\(option) takes WIDTHxHEIGHT in points (e.g. 32x40), not '\(text)'")
        }
        return .pin(width: width, height: height)
    }

    /// Warns on standard error when `position` lies outside the data while its swap lies inside.
    static func warnIfSwapped(_ position: Position, option: String, data bounds: BoundingBox?) {
        guard let bounds, position.looksSwapped(against: bounds) else { return }
        CommandOutput.say("""
            warning: \(option) \(position.longitude),\(position.latitude) lies outside the data \
            (\(bounds)), but \(position.latitude),\(position.longitude) lies inside: positions are lon,lat, longitude first
            """)
    }
}
