import MapGeoJSON

extension RoadPath {
    /// Each step's distance and duration as written: in tenths, rounded so that they add up
    /// exactly to the path's written totals (the rounding of the running sum, step by step).
    public func writtenStepMeasures() -> [(distance: Double, duration: Double)] {
        func tenths(_ value: Double) -> Int { Int((value * 10).rounded()) }
        var distanceSoFar = 0.0, durationSoFar = 0.0
        var writtenDistance = 0, writtenDuration = 0
        return steps.enumerated().map { index, step in
            let isLast = index == steps.count - 1
            distanceSoFar += step.distance
            durationSoFar += step.duration
            // The running sums end on the path's own totals (the search adds in another order).
            let distanceTotal = tenths(isLast ? distance : min(distanceSoFar, distance))
            let durationTotal = tenths(isLast ? duration : min(durationSoFar, duration))
            defer { (writtenDistance, writtenDuration) = (distanceTotal, durationTotal) }
            return (Double(distanceTotal - writtenDistance) / 10, Double(durationTotal - writtenDuration) / 10)
        }
    }

    /// The steps as JSON objects, as the `steps` property of ``feature(members:)`` holds them:
    /// `type`, `modifier`, `exit` (roundabouts), `name` and `ref` (null when the road has none),
    /// `instruction`, `distance_m`, `duration_s`, `location` ([lon, lat]), `bearing_before` and
    /// `bearing_after` (whole degrees; left out at depart and arrive respectively).
    public func stepObjects() -> [JSONObject] {
        zip(steps, writtenStepMeasures()).map { step, measures in
            var object: JSONObject = ["type": .string(step.manoeuvre.rawValue)]
            object["modifier"] = step.modifier.map { .string($0.rawValue) }
            object["exit"] = step.exit.map { .number(Double($0)) }
            object["name"] = step.name.map(JSONValue.string) ?? .null
            object["ref"] = step.ref.map(JSONValue.string) ?? .null
            object["instruction"] = .string(step.instruction)
            object["distance_m"] = .number(measures.distance)
            object["duration_s"] = .number(measures.duration)
            object["location"] = .array([.number(Self.sevenDecimals(step.location.longitude)), .number(Self.sevenDecimals(step.location.latitude))])
            object["bearing_before"] = step.bearingBefore.map { .number(Self.wholeDegrees($0)) }
            object["bearing_after"] = step.bearingAfter.map { .number(Self.wholeDegrees($0)) }
            return object
        }
    }

    /// The manoeuvres as GeoJSON Points (`mapctl directions --steps`): one per step, with the
    /// step's members (but `location`, which is the Point) and its number `step` from 1.
    public func stepFeatures(members: [ForeignMember] = []) -> FeatureCollection {
        let features = stepObjects().enumerated().map { index, object in
            var properties = Properties([("step", .number(Double(index + 1)))])
            for member in object where member.key != "location" { properties.set(member.key, member.value) }
            return Feature(geometry: .point(steps[index].location), properties: properties)
        }
        return FeatureCollection(features: features, foreignMembers: members)
    }

    /// Degrees to 7 decimals (about a centimetre), as the writer's coordinates.
    static func sevenDecimals(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }

    /// A bearing in whole degrees, 0 to 359.
    static func wholeDegrees(_ bearing: Double) -> Double {
        let whole = bearing.rounded()
        return whole >= 360 ? whole - 360 : whole
    }
}
