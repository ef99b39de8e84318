import Foundation
import MapRouting

/// A benchmark instance for the fleet solver: CVRPLIB (`.vrp`) or Solomon (`.txt`), with
/// each benchmark's own distance convention, as a ``FleetProblem``.
///
/// - CVRP: Euclidean distances rounded to the nearest integer (or the explicit
///   lower-row matrix), depot = node 1, `fleet` identical vehicles (the set's fleet is unlimited:
///   pass enough), each returning to the depot.
/// - Solomon: distances truncated to one decimal, kept in tenths as integers (the DIMACS
///   convention); travel time = distance; times and service durations times 10; the
///   depot's window is every vehicle's shift. Costs are therefore 10 × the published value.
public struct VRPLIBInstance: Sendable {
    /// The instance name.
    public var name: String
    /// The problem: place 0 is the depot, place i is customer i.
    public var problem: FleetProblem
    /// Divide costs by this to compare with the published value (10 for Solomon, else 1).
    public var costScale: Double

    /// Parses a CVRPLIB `.vrp` text with `fleet` vehicles (nil: one per customer).
    public init(cvrp text: String, fleet: Int? = nil) throws {
        var header: [String: String] = [:]
        var section = ""
        var coordinates: [(Double, Double)] = []
        var demands: [Int] = []
        var weights: [Double] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line == "EOF" { continue }
            if let colon = line.firstIndex(of: ":"), section.isEmpty || line.uppercased() == line && !line.first!.isNumber {
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).uppercased()
                header[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                continue
            }
            if line.hasSuffix("SECTION") { section = line; continue }
            let numbers = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            switch section {
            case "NODE_COORD_SECTION" where numbers.count >= 3: coordinates.append((numbers[1], numbers[2]))
            case "DEMAND_SECTION" where numbers.count >= 2: demands.append(Int(numbers[1]))
            case "EDGE_WEIGHT_SECTION": weights += numbers
            default: break
            }
        }
        guard let dimension = header["DIMENSION"].flatMap(Int.init), let capacity = header["CAPACITY"].flatMap(Int.init),
            demands.count == dimension
        else { throw VRPLIBError("CVRP file needs DIMENSION, CAPACITY and one demand per node") }
        var values = [Double](repeating: 0, count: dimension * dimension)
        if header["EDGE_WEIGHT_TYPE"] == "EXPLICIT" {
            // Strict lower triangle, row by row: rows 1..<n, columns 0..<row.
            guard weights.count == dimension * (dimension - 1) / 2 else { throw VRPLIBError("EDGE_WEIGHT_SECTION has \(weights.count) values") }
            var index = 0
            for row in 1..<dimension {
                for column in 0..<row {
                    values[row * dimension + column] = weights[index]
                    values[column * dimension + row] = weights[index]
                    index += 1
                }
            }
        } else {
            guard coordinates.count == dimension else { throw VRPLIBError("NODE_COORD_SECTION has \(coordinates.count) nodes, not \(dimension)") }
            for i in 0..<dimension {
                for j in 0..<dimension where i != j {
                    let d = hypot(coordinates[i].0 - coordinates[j].0, coordinates[i].1 - coordinates[j].1)
                    values[i * dimension + j] = (d + 0.5).rounded(.down)
                }
            }
        }
        let matrix = try CostMatrix(count: dimension, values: values)
        let vehicles = (0..<(fleet ?? dimension - 1)).map {
            FleetVehicle(id: "vehicle-\($0 + 1)", start: 0, end: .returnToStart, capacity: capacity)
        }
        let stops = (1..<dimension).map { FleetStop(id: String($0), place: $0, items: demands[$0]) }
        name = header["NAME"] ?? "cvrp"
        problem = try FleetProblem(
            matrices: try TravelMatrices(distances: matrix, durations: matrix), vehicles: vehicles, stops: stops)
        costScale = 1
    }

    /// Parses a Solomon `.txt` text (fleet size and capacity from the file).
    public init(solomon text: String) throws {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(whereSeparator: \.isWhitespace) }
        guard let fleetLine = lines.firstIndex(where: { $0.count == 2 && Int($0[0]) != nil && Int($0[1]) != nil }) else {
            throw VRPLIBError("no VEHICLE NUMBER CAPACITY line")
        }
        let fleet = Int(lines[fleetLine][0])!, capacity = Int(lines[fleetLine][1])!
        let rows = lines[(fleetLine + 1)...].filter { $0.count == 7 }.map { $0.compactMap { Double($0) } }.filter { $0.count == 7 }
        guard rows.count >= 2 else { throw VRPLIBError("no customer rows") }
        let n = rows.count
        var values = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                values[i * n + j] = (10 * hypot(rows[i][1] - rows[j][1], rows[i][2] - rows[j][2])).rounded(.down)
            }
        }
        let matrix = try CostMatrix(count: n, values: values)
        let horizon = TimeWindow(start: 10 * rows[0][4], end: 10 * rows[0][5])
        let vehicles = (0..<fleet).map {
            FleetVehicle(id: "vehicle-\($0 + 1)", start: 0, end: .returnToStart, capacity: capacity, shift: horizon)
        }
        let stops = (1..<n).map {
            FleetStop(
                id: String(Int(rows[$0][0])), place: $0, items: Int(rows[$0][3]), serviceDuration: 10 * rows[$0][6],
                timeWindows: [TimeWindow(start: 10 * rows[$0][4], end: 10 * rows[$0][5])])
        }
        name = lines.first.map { $0.joined(separator: " ") } ?? "solomon"
        problem = try FleetProblem(
            matrices: try TravelMatrices(distances: matrix, durations: matrix), vehicles: vehicles, stops: stops)
        costScale = 10
    }
}

/// A benchmark file that could not be read.
public struct VRPLIBError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
