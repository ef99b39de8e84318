import MapGeometry
import MapGeoJSON

/// What `mapctl measure` writes, and the map service's `POST /measure`: each feature with
/// `length_m`, `area_m2` and `perimeter_m` (geodesic, rounded to millimetres; 0 where the
/// geometry has none), the measure's status when the geometry had to be repaired or could not
/// be measured, and the same figures in `lengthUnit`/`areaUnit` when asked.
public enum MeasuredFeatures {
    /// `collection`'s features measured, its foreign members (attribution) kept.
    public static func collection(
        _ collection: FeatureCollection, lengthUnit: LengthUnit? = nil, areaUnit: AreaUnit? = nil, validator: EditValidator
    ) -> FeatureCollection {
        let features = collection.features.map { input -> Feature in
            var feature = input
            let checked = feature.geometry.map { CheckedMeasures($0, validator: validator) }
            let measures = checked?.measures
            let length = measures?.length ?? 0, area = measures?.area ?? 0, perimeter = measures?.perimeter ?? 0
            feature.properties.set("length_m", .number(rounded(length)))
            feature.properties.set("area_m2", .number(rounded(area)))
            feature.properties.set("perimeter_m", .number(rounded(perimeter)))
            for (key, value) in checked?.statusMembers ?? [] { feature.properties.set(key, value) }
            if let lengthUnit {
                feature.properties.set("length_\(lengthUnit.rawValue)", .number(rounded(lengthUnit.fromMetres(length), digits: 6)))
                feature.properties.set("perimeter_\(lengthUnit.rawValue)", .number(rounded(lengthUnit.fromMetres(perimeter), digits: 6)))
            }
            if let areaUnit {
                feature.properties.set("area_\(areaUnit.rawValue)", .number(rounded(areaUnit.fromSquareMetres(area), digits: 6)))
            }
            return feature
        }
        return FeatureCollection(features: features, foreignMembers: collection.foreignMembers)
    }

    static func rounded(_ value: Double, digits: Int = 3) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
