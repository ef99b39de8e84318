import ArgumentParser
import MapGeometry

/// Options that take a position (`--near`, `--at`, `--start`, `--end`, `--from`, `--to`): one
/// reading for every command, and a warning when the numbers look swapped for the data.
enum PositionOption {
    /// Reads `lon,lat`; a usage error names the option.
    static func parse(_ text: String, option: String) throws -> Position {
        do { return try Position(lonLat: text) } catch {
            throw ValidationError("\(option) \(error)")
        }
    }

    /// Warns on standard error when `position` lies outside the data while its swap lies inside.
    static func warnIfSwapped(_ position: Position, option: String, data bounds: BoundingBox?, command: String) {
        guard let bounds, position.looksSwapped(against: bounds) else { return }
        CommandOutput.message("""
            mapctl \(command): warning: \(option) \(position.longitude),\(position.latitude) lies outside the data \
            (\(bounds)), but \(position.latitude),\(position.longitude) lies inside: positions are lon,lat, longitude first
            """)
    }
}
