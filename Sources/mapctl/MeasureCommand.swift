import ArgumentParser
import Foundation
import MapEditing
import MapGeometry
import MapGeoJSON

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

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

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
        let document = try CommandInput.read(input, reading: reading)
        let validator: EditValidator
        do { validator = try EditValidator() } catch { throw CommandFailure("\(error)", status: .negative) }
        try outputOptions.write(MeasuredFeatures.collection(
            document.featureCollection, lengthUnit: lengthUnit.flatMap(LengthUnit.init(rawValue:)),
            areaUnit: areaUnit.flatMap(AreaUnit.init(rawValue:)), validator: validator))
    }
}
