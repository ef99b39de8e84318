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
        discussion: discussion
    )

    @Option(name: .customLong("length-unit"), help: "Also give lengths in km, mi or ft.")
    var lengthUnit: String?

    @Option(name: .customLong("area-unit"), help: "Also give areas in ha, ac, km2, ft2 or mi2.")
    var areaUnit: String?

    @OptionGroup var units: UnitsOptions

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
            document.featureCollection, lengthUnit: lengthUnit.flatMap(LengthUnit.init(rawValue:)) ?? units.units?.lengthUnit,
            areaUnit: areaUnit.flatMap(AreaUnit.init(rawValue:)) ?? units.units?.areaUnit, validator: validator))
    }
}
