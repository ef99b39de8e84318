import MapGeometry
import MapGeoJSON

/// A vehicle or field worker as written in a vehicles file: positions, not matrix places.
public struct VehicleDefinition: Hashable, Sendable {
    /// Where a route ends, as written in the file.
    public enum End: Hashable, Sendable {
        case returnToStart, anywhere
        case at(Position)
    }

    public var id: String
    public var start: Position
    public var end: End
    public var capacity: Int?
    public var shift: TimeWindow?
    public var skills: Set<String>
    /// Other capacity dimensions than items, by name (``FleetVehicle/capacities``).
    public var capacities: [String: Double]
    /// Longest route in seconds (``FleetVehicle/maxDuration``).
    public var maxDuration: Double?
    /// Longest route in metres (``FleetVehicle/maxDistance``).
    public var maxDistance: Double?
    /// Money costs (``FleetVehicle/costs``).
    public var costs: FleetVehicleCosts?
    /// The driver's breaks (``FleetVehicle/breaks``).
    public var breaks: [FleetBreak]

    /// Creates a definition.
    public init(id: String, start: Position, end: End = .returnToStart, capacity: Int? = nil,
                shift: TimeWindow? = nil, skills: Set<String> = [], capacities: [String: Double] = [:],
                maxDuration: Double? = nil, maxDistance: Double? = nil, costs: FleetVehicleCosts? = nil,
                breaks: [FleetBreak] = []) {
        self.id = id
        self.start = start
        self.end = end
        self.capacity = capacity
        self.shift = shift
        self.skills = skills
        self.capacities = capacities
        self.maxDuration = maxDuration
        self.maxDistance = maxDistance
        self.costs = costs
        self.breaks = breaks
    }

    /// Reads a vehicles file: strict JSON, an array of vehicles or `{"vehicles": [...]}`, each
    /// `{"id": "van-1", "start": [lon, lat], "end": [lon, lat] | "start" | "anywhere",
    /// "capacity": items | {"items": 40, "weight": 800, "volume": 3.5}, "shift": [start_s, end_s],
    /// "skills": ["..."], "max_duration": seconds, "max_distance": metres,
    /// "costs": {"fixed": x, "per_km": y, "per_hour": z},
    /// "breaks": [{"window": [start_s, end_s], "duration": s}]}`.
    ///
    /// A `capacity` object names capacity dimensions: `items` (a whole number) limits the items
    /// as a plain number does; any other name limits the stops' property of that name.
    /// `max_duration` counts from the route's start to its end (travel, service and waiting).
    /// `costs` are money units, each part optional (default 0); when any vehicle has them the
    /// plan minimises money. Each break, in time order, starts inside its window where the
    /// vehicle is (at its start or at the stop just served); a route that cannot meet one is infeasible.
    /// - Throws: `GeoJSONError` (MapGeometry) with the file, line:column and JSON path of the wrong value.
    public static func vehicles(in file: JSONFile) throws(GeoJSONError) -> [VehicleDefinition] {
        var base: [JSONPathComponent] = []
        if file.root.objectValue != nil { base = [.member("vehicles")] }
        let list = try file.array(at: base, "a non-empty array of vehicles (or {\"vehicles\": [...]})")
        guard !list.isEmpty else {
            throw file.problem(at: base, "has no vehicles", hint: "give at least one {\"id\": …, \"start\": [lon, lat]}")
        }
        var vehicles: [VehicleDefinition] = []
        for index in list.indices {
            let path = base + [.index(index)]
            guard let object = list[index].objectValue else {
                throw file.problem(at: path, "must be an object {\"id\": …, \"start\": [lon, lat], …}, found \(list[index].summary)")
            }
            for key in object.keys where !Self.keys.contains(key) {
                throw file.problem(at: path + [.member(key)], "is not a vehicle property",
                                   hint: "known: \(Self.keys.joined(separator: ", "))")
            }
            vehicles.append(try vehicle(object, at: path, in: file, index: index))
        }
        return vehicles
    }

    private static let keys = ["id", "start", "end", "capacity", "shift", "skills", "max_duration", "max_distance", "costs", "breaks"]
    private static let costKeys = ["fixed", "per_km", "per_hour"]

    private static func vehicle(_ object: JSONObject, at path: [JSONPathComponent], in file: JSONFile, index: Int)
        throws(GeoJSONError) -> VehicleDefinition {
        var id = "vehicle \(index + 1)"
        if let value = object["id"], !value.isNull {
            guard let text = value.stringValue ?? value.numberValue.map({ $0 == $0.rounded() ? String(Int($0)) : String($0) }) else {
                throw file.problem(at: path + [.member("id")], "must be a string, found \(value.summary)")
            }
            id = text
        }
        var vehicle = VehicleDefinition(id: id, start: try file.position(at: path + [.member("start")]))
        switch object["end"] {
        case nil, .null, .string("start"): break
        case .string("anywhere"): vehicle.end = .anywhere
        case .array: vehicle.end = .at(try file.position(at: path + [.member("end")]))
        case let value?:
            throw file.problem(at: path + [.member("end")], "must be [lon, lat], \"start\" or \"anywhere\", found \(value.summary)")
        }
        if let capacity = object["capacity"], !capacity.isNull {
            let capacityPath = path + [.member("capacity")]
            let wholeItems = { (value: Double) in value >= 0 && value == value.rounded() && value < 1e15 }
            if let dimensions = capacity.objectValue {
                for member in dimensions where !member.value.isNull {
                    let memberPath = capacityPath + [.member(member.key)]
                    if member.key == "items" {
                        vehicle.capacity = Int(try file.number(at: memberPath, "a whole number of items ≥ 0", where: wholeItems))
                    } else {
                        vehicle.capacities[member.key] = try file.number(at: memberPath, "a number ≥ 0 (the most \(member.key) on one route)") {
                            $0.isFinite && $0 >= 0
                        }
                    }
                }
            } else {
                let items = try file.number(at: capacityPath, "a whole number of items ≥ 0", where: wholeItems)
                vehicle.capacity = Int(items)
            }
        }
        for (key, unit) in [("max_duration", "seconds"), ("max_distance", "metres")] {
            guard let value = object[key], !value.isNull else { continue }
            let limit = try file.number(at: path + [.member(key)], "\(unit) ≥ 0") { $0.isFinite && $0 >= 0 }
            if key == "max_duration" { vehicle.maxDuration = limit } else { vehicle.maxDistance = limit }
        }
        if let value = object["costs"], !value.isNull {
            let costsPath = path + [.member("costs")]
            guard let parts = value.objectValue else {
                throw file.problem(at: costsPath, "must be an object {\"fixed\": x, \"per_km\": y, \"per_hour\": z}, found \(value.summary)")
            }
            var costs = FleetVehicleCosts()
            for member in parts {
                let partPath = costsPath + [.member(member.key)]
                guard Self.costKeys.contains(member.key) else {
                    throw file.problem(at: partPath, "is not a cost", hint: "known: \(Self.costKeys.joined(separator: ", "))")
                }
                guard !member.value.isNull else { continue }
                let amount = try file.number(at: partPath, "money ≥ 0") { $0.isFinite && $0 >= 0 }
                switch member.key {
                case "fixed": costs.fixed = amount
                case "per_km": costs.perKilometre = amount
                default: costs.perHour = amount
                }
            }
            vehicle.costs = costs
        }
        if let value = object["breaks"], !value.isNull {
            let breaksPath = path + [.member("breaks")]
            let list = try file.array(at: breaksPath, "an array of breaks [{\"window\": [start_s, end_s], \"duration\": s}]")
            for index in list.indices {
                let breakPath = breaksPath + [.index(index)]
                guard let pause = list[index].objectValue else {
                    throw file.problem(at: breakPath, "must be {\"window\": [start_s, end_s], \"duration\": s}, found \(list[index].summary)")
                }
                for key in pause.keys where key != "window" && key != "duration" {
                    throw file.problem(at: breakPath + [.member(key)], "is not a break property", hint: "known: window, duration")
                }
                let windowPath = breakPath + [.member("window")]
                let window = try timeWindow(at: windowPath, in: file)
                if let previous = vehicle.breaks.last, window.start < previous.window.start {
                    throw file.problem(at: windowPath, "opens before the previous break's window", hint: "list the breaks in time order")
                }
                let duration = try file.number(at: breakPath + [.member("duration")], "seconds ≥ 0") { $0.isFinite && $0 >= 0 }
                vehicle.breaks.append(FleetBreak(window: window, duration: duration))
            }
        }
        if let value = object["shift"], !value.isNull {
            vehicle.shift = try timeWindow(at: path + [.member("shift")], in: file)
        }
        if let value = object["skills"], !value.isNull {
            let skillsPath = path + [.member("skills")]
            let names = try file.array(at: skillsPath, "an array of strings")
            for (offset, name) in names.enumerated() {
                guard let text = name.stringValue else {
                    throw file.problem(at: skillsPath + [.index(offset)], "must be a string, found \(name.summary)")
                }
                vehicle.skills.insert(text)
            }
        }
        return vehicle
    }
}

extension VehicleDefinition {
    /// A `[start_s, end_s]` window (a shift or a break's), start ≤ end.
    fileprivate static func timeWindow(at path: [JSONPathComponent], in file: JSONFile) throws(GeoJSONError) -> TimeWindow {
        _ = try file.array(at: path, "[start_s, end_s]", count: 2)
        let start = try file.number(at: path + [.index(0)], "seconds")
        let end = try file.number(at: path + [.index(1)], "seconds")
        guard start <= end else { throw file.problem(at: path, "starts after it ends", hint: "write [start_s, end_s] with start ≤ end") }
        return TimeWindow(start: start, end: end)
    }
}

extension FleetVehicle {
    /// Fleet vehicles for definitions; their starts and fixed ends are appended to `places`
    /// (after the stops), and the vehicles refer to them by index.
    public static func vehicles(from definitions: [VehicleDefinition], places: inout [Position]) -> [FleetVehicle] {
        definitions.map { definition in
            places.append(definition.start)
            let start = places.count - 1
            let end: FleetRouteEnd
            switch definition.end {
            case .returnToStart: end = .returnToStart
            case .anywhere: end = .anywhere
            case let .at(position):
                places.append(position)
                end = .at(places.count - 1)
            }
            return FleetVehicle(id: definition.id, start: start, end: end, capacity: definition.capacity,
                                shift: definition.shift, skills: definition.skills, capacities: definition.capacities,
                                maxDuration: definition.maxDuration, maxDistance: definition.maxDistance, costs: definition.costs,
                                breaks: definition.breaks)
        }
    }
}
