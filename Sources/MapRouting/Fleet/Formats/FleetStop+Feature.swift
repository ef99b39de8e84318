import MapGeometry
import MapGeoJSON

extension FleetStop {
    /// Stops from GeoJSON Point features, one per feature, `place` = the feature's index
    /// (so the stops' positions come first in the matrices). Properties read:
    /// `items` (whole number, default 1), `service_s` (seconds), `time_windows`
    /// (`[[start, end], …]` or one `[start, end]`, seconds on the vehicles' clock),
    /// `skills` (array of strings), `priority` (0–100). The id as for ``StopObject``.
    /// - Throws: ``StopInputError`` or ``FleetProblemError`` naming the feature and property.
    public static func stops(from features: [Feature]) throws -> (stops: [FleetStop], positions: [Position]) {
        let objects = try StopObject.objects(from: features)
        var stops: [FleetStop] = []
        for (index, (object, feature)) in zip(objects, features).enumerated() {
            func fail(_ key: String, _ expected: String) -> FleetProblemError {
                .invalid("features[\(index)].properties.\(key): expected \(expected), found \(feature.properties.value(key)?.summary ?? "nothing")")
            }
            var stop = FleetStop(id: object.id, place: index, items: object.items ?? 1)
            if let value = feature.properties.value("service_s"), !value.isNull {
                guard let seconds = value.numberValue, seconds.isFinite, seconds >= 0 else { throw fail("service_s", "seconds ≥ 0") }
                stop.serviceDuration = seconds
            }
            if let value = feature.properties.value("time_windows"), !value.isNull {
                guard var list = value.arrayValue else { throw fail("time_windows", "[[start, end], …] in seconds") }
                if list.allSatisfy({ $0.numberValue != nil }) { list = [value] }
                stop.timeWindows = try list.map { pair in
                    guard let bounds = pair.arrayValue?.compactMap(\.numberValue), bounds.count == 2, bounds[0] <= bounds[1] else {
                        throw fail("time_windows", "[[start, end], …] with start ≤ end, in seconds")
                    }
                    return TimeWindow(start: bounds[0], end: bounds[1])
                }
            }
            if let value = feature.properties.value("skills"), !value.isNull {
                guard let names = value.arrayValue?.compactMap(\.stringValue), names.count == value.arrayValue?.count else {
                    throw fail("skills", "an array of strings")
                }
                stop.skills = Set(names)
            }
            if let value = feature.properties.value("priority"), !value.isNull {
                guard let number = value.numberValue, number == number.rounded(), (0...100).contains(number) else {
                    throw fail("priority", "a whole number 0 to 100")
                }
                stop.priority = Int(number)
            }
            stops.append(stop)
        }
        return (stops, objects.map(\.position))
    }

    /// Reads the stops' amounts in the capacity dimensions that some vehicle limits
    /// (``FleetVehicle/capacities``) from the properties of the same name of `features`
    /// (those ``stops(from:)`` read `stops` from, in the same order). A missing or null
    /// property is 0; properties no vehicle limits are not read.
    /// - Throws: ``FleetProblemError`` naming the feature, the property and the value found.
    public static func readAmounts(
        into stops: inout [FleetStop], from features: [Feature], vehicles: [FleetVehicle]
    ) throws(FleetProblemError) {
        let dimensions = Set(vehicles.flatMap(\.capacities.keys)).sorted()
        guard !dimensions.isEmpty else { return }
        for (index, feature) in features.enumerated() where index < stops.count {
            for name in dimensions {
                guard let value = feature.properties.value(name), !value.isNull else { continue }
                guard let amount = value.numberValue, amount.isFinite, amount >= 0 else {
                    throw .invalid("features[\(index)].properties.\(name) (stop \(stops[index].id)): expected a number ≥ 0 "
                        + "(the vehicles' capacity names \(name)), found \(value.summary); write a number such as 12.5, or leave it out for 0")
                }
                stops[index].amounts[name] = amount
            }
        }
    }
}
