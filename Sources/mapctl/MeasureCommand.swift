import ArgumentParser
import Foundation
import MapEditing
import MapGeometry

/// `mapctl measure`: geodesic length, area and perimeter of every feature.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Add geodesic length_m, area_m2 and perimeter_m (WGS84, through PROJ) to each feature.",
        discussion: """
            length_m is the length of the lines, area_m2 the area of the polygons (holes removed), \
            perimeter_m the length of the polygons' rings; each is 0 where the geometry has none \
            (a point has all three 0). Values are rounded to millimetres (mm²). \
            --length-unit (km, mi, ft) and --area-unit (ha, ac, km2, ft2, mi2) add the same \
            figures in that unit, as length_<unit>, perimeter_<unit> and area_<unit>.

            Example:
              mapctl measure --area-unit ha Data/objects.geojson
              mapctl measure --length-unit mi - < roads.geojson
            """
    )

    @Option(name: .customLong("length-unit"), help: "Also give lengths in km, mi or ft.")
    var lengthUnit: String?

    @Option(name: .customLong("area-unit"), help: "Also give areas in ha, ac, km2, ft2 or mi2.")
    var areaUnit: String?

    @Flag(help: "Skip invalid features (reported on standard error) instead of failing.")
    var lenient = false

    @OptionGroup var outputOptions: OutputOptions
    var output: String? { outputOptions.output }
    var pretty: Bool { outputOptions.pretty }

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        if let lengthUnit, LengthUnit(rawValue: lengthUnit) == nil {
            throw ValidationError("--length-unit must be one of \(LengthUnit.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let areaUnit, AreaUnit(rawValue: areaUnit) == nil {
            throw ValidationError("--area-unit must be one of \(AreaUnit.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        var readerOptions = GeoJSONReader.Options()
        readerOptions.lenient = lenient
        let document = try CommandInput.read(input, command: "measure", options: readerOptions)
        for skipped in document.skipped { CommandOutput.message("mapctl measure: \(skipped)") }
        let lengthUnit = self.lengthUnit.flatMap(LengthUnit.init(rawValue:))
        let areaUnit = self.areaUnit.flatMap(AreaUnit.init(rawValue:))

        let validator: EditValidator
        do { validator = try EditValidator() } catch {
            CommandOutput.message("mapctl measure: \(error)")
            throw ExitCode(1)
        }
        let features = document.features.map { input -> Feature in
            var feature = input
            let checked = feature.geometry.map { CheckedMeasures($0, validator: validator) }
            let measures = checked?.measures
            let length = measures?.length ?? 0, area = measures?.area ?? 0, perimeter = measures?.perimeter ?? 0
            feature.properties.set("length_m", .number(Self.rounded(length)))
            feature.properties.set("area_m2", .number(Self.rounded(area)))
            feature.properties.set("perimeter_m", .number(Self.rounded(perimeter)))
            for (key, value) in checked?.statusMembers ?? [] { feature.properties.set(key, value) }
            if let lengthUnit {
                feature.properties.set("length_\(lengthUnit.rawValue)", .number(Self.rounded(lengthUnit.fromMetres(length), digits: 6)))
                feature.properties.set("perimeter_\(lengthUnit.rawValue)", .number(Self.rounded(lengthUnit.fromMetres(perimeter), digits: 6)))
            }
            if let areaUnit {
                feature.properties.set("area_\(areaUnit.rawValue)", .number(Self.rounded(areaUnit.fromSquareMetres(area), digits: 6)))
            }
            return feature
        }
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.pretty = pretty
        try CommandOutput.write(FeatureCollection(features: features, foreignMembers: document.featureCollection.foreignMembers), to: output, options: writerOptions, command: "measure")
    }

    static func rounded(_ value: Double, digits: Int = 3) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
