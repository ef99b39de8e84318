import Foundation
import MapClustering
import MapEditing
import MapGeometry
import MapGeoJSON
import MapViewport
import MapQuery
import MapRouting
import TestSupport
import Testing

/// A service must give exactly the command line's answers by calling the libraries: for the
/// commands whose answers moved into the libraries, the library call encoded by the library's
/// writer gives the same bytes as `mapctl`.
@Suite("Library answers equal the command's bytes")
struct LibraryAnswerTests {
    static let objects = MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson").path

    static func library(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("extents: the camera and its GeoJSON feature")
    func extents() throws {
        let document = try GeoJSONReader().read(contentsOfFile: Self.objects)
        let device = DevicePreset.ipad
        let fit = try CameraFit(
            geometries: document.features.compactMap(\.geometry), viewport: device.viewport,
            options: CameraFitOptions(padding: device.padding))
        let camera = try MapctlProcess.run(["extents", "--device", "ipad", "Data/objects.geojson"])
        #expect(camera.standardOutput == Self.library(GeoJSONWriter().encode(fit.json)) + "\n")
        let feature = try MapctlProcess.run(["extents", "--device", "ipad", "--geojson", "Data/objects.geojson"])
        #expect(feature.standardOutput == Self.library(GeoJSONWriter().encode(fit.feature)) + "\n")

        let box = try BoundingBox(westSouthEastNorth: "170,-20,-170,-10")
        let boxFit = try CameraFit(bounds: box, viewport: Viewport(width: 1024, height: 768))
        let boxCamera = try MapctlProcess.run(["extents", "--width", "1024", "--height", "768", "--bounds", "170,-20,-170,-10"])
        #expect(boxCamera.standardOutput == Self.library(GeoJSONWriter().encode(boxFit.json)) + "\n")
    }

    @Test("convert: GeoJSONConversion's two passes, and a single Feature read whole")
    func convert() throws {
        var options = GeoJSONWriter.Options()
        options.precision = 5
        options.bbox = true
        options.rewind = true
        let conversion = GeoJSONConversion(writer: GeoJSONWriter(options: options))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("converted-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: output) }
        func converted(_ write: (FileHandle) throws -> Void) throws -> String {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            try write(handle)
            try handle.close()
            return try String(contentsOf: output, encoding: .utf8)
        }
        let checked = try #require(try conversion.check(contentsOfFile: Self.objects))
        let command = try MapctlProcess.run(["convert", "--precision", "5", "--bbox", "--rewind", "Data/objects.geojson"])
        let library = try converted { try conversion.write(checked, to: $0) }
        #expect(command.status == 0 && command.standardOutput == library)

        let feature = #"{"type": "Feature", "id": 7, "properties": {"name": "Kamppi"}, "geometry": {"type": "Point", "coordinates": [24.931612, 60.169012]}}"#
        let single = FileManager.default.temporaryDirectory.appendingPathComponent("feature-\(UUID().uuidString).geojson")
        try feature.write(to: single, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: single) }
        let singleChecked = try conversion.check(contentsOfFile: single.path)
        #expect(singleChecked == nil)
        let document = try GeoJSONReader().read(contentsOfFile: single.path)
        let one = try MapctlProcess.run(["convert", "--precision", "5", "--bbox", "--rewind", single.path])
        let libraryOne = try converted { try conversion.write(document, to: $0) }
        #expect(one.status == 0 && one.standardOutput == libraryOne)
    }

    @Test("route --vehicles: the fleet plan of FleetPlanning, which POST /fleet calls too")
    func fleet() throws {
        let root = MapctlProcess.packageRoot
        let document = try GeoJSONReader().read(contentsOfFile: root.appendingPathComponent("Data/stops.geojson").path)
        let vehiclesPath = root.appendingPathComponent("Data/vehicles.json").path
        let file = try JSONFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: vehiclesPath))), name: vehiclesPath)
        let plan = try FleetPlanning.plan(
            document.features, vehicles: try VehicleDefinition.vehicles(in: file), roads: { nil },
            geodesic: GeodesicMatrixProvider(), objective: .distance, seed: 1, iterations: 400,
            deadline: .now + .seconds(120), inheriting: document.featureCollection.foreignMembers)
        let command = try MapctlProcess.run(
            ["route", "--vehicles", "Data/vehicles.json", "--iterations", "400", "--time-limit", "120s", "Data/stops.geojson"])
        #expect(command.status == 0, "\(command.standardError)")
        #expect(command.standardOutput == Self.library(GeoJSONWriter().encode(plan.collection)))
    }

    @Test("route: the route of RoutePlanning, which POST /route calls too, with first and last stops")
    func route() throws {
        let root = MapctlProcess.packageRoot
        let document = try GeoJSONReader().read(contentsOfFile: root.appendingPathComponent("Data/stops.geojson").path)
        let ids = document.features.compactMap(\.objectID)
        let start = try Position(longitude: 24.9384, latitude: 60.1699)
        let plan = try RoutePlanning.plan(
            document.features, start: start, end: .returnToStart, first: [ids[5]], last: [ids[2]], objective: .distance,
            costs: .geodesic(GeodesicMatrixProvider()), search: TourSearchOptions(seed: 3, iterations: 300, timeLimit: .seconds(120)),
            deadline: .now + .seconds(120), inheriting: document.featureCollection.foreignMembers)
        let command = try MapctlProcess.run([
            "route", "--start", "24.9384,60.1699", "--round-trip", "--first", ids[5], "--last", ids[2], "--seed", "3",
            "--iterations", "300", "--time-limit", "120s", "Data/stops.geojson",
        ])
        #expect(command.status == 0, "\(command.standardError)")
        #expect(plan.route.visits.first?.site.objectIds.contains(ids[5]) == true)
        #expect(command.standardOutput == Self.library(GeoJSONWriter().encode(plan.collection)))
    }

    /// Runs mapctl and expects status 0 and `expected` on standard output.
    static func expectCommand(_ arguments: [String], gives expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try MapctlProcess.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardOutput == expected, "\(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    }

    @Test("query: near with layers, nearest, and a search page, as FeatureIndex answers them")
    func query() throws {
        let document = try GeoJSONReader().read(contentsOfFile: Self.objects)
        let index = FeatureIndex(document.features, searchKeys: ["name"])
        let members = document.featureCollection.foreignMembers
        let here = try Position(longitude: 24.9414, latitude: 60.1713)
        let writer = GeoJSONWriter()
        let near = try index.nearAnswer(
            here, radius: 300, limit: nil, filter: .layers(["restaurant", "shop"]), circle: false, inheriting: members)
        try Self.expectCommand(
            ["query", "--near", "24.9414,60.1713", "--radius", "300", "--layers", "restaurant,shop", "Data/objects.geojson"],
            gives: Self.library(writer.encode(near)))
        let nearest = try index.nearestAnswer(5, to: here, filter: .everything, inheriting: members)
        try Self.expectCommand(["query", "--nearest", "5", "--at", "24.9414,60.1713", "Data/objects.geojson"], gives: Self.library(writer.encode(nearest)))
        let search = try index.searchAnswer("rautatie", near: here, page: 1, pageSize: 20, filter: .everything, inheriting: members)
        try Self.expectCommand(
            ["query", "--search", "rautatie", "--at", "24.9414,60.1713", "Data/objects.geojson"], gives: Self.library(writer.encode(search.collection)))
    }

    @Test("validate and measure: DocumentValidation with the sample rules and repair, MeasuredFeatures in hectares")
    func validateAndMeasure() throws {
        let root = MapctlProcess.packageRoot.path
        let rules = try EditRules(rulesDocument: GeoJSONReader().read(contentsOfFile: root + "/Data/edit-rules.geojson"))
        let drawn = try GeoJSONReader(options: DocumentValidation.readerOptions).read(contentsOfFile: root + "/Data/drawn.geojson")
        let options = ValidationOptions(rules: rules)
        let validation = DocumentValidation(drawn, validator: try EditValidator(options: options), repairer: GeometryRepairer(options: options))
        let validate = try MapctlProcess.run(["validate", "--repair", "--rules", "Data/edit-rules.geojson", "Data/drawn.geojson"])
        #expect(validate.status == (validation.allValid ? 0 : 1), "\(validate.standardError)")
        // The reader's findings name the file as it was given: here by its full path.
        let expected = Self.library(GeoJSONWriter().encode(validation.collection)).replacingOccurrences(of: root + "/Data/", with: "Data/")
        #expect(validate.standardOutput == expected)

        let objects = try GeoJSONReader().read(contentsOfFile: Self.objects)
        let measured = MeasuredFeatures.collection(objects.featureCollection, lengthUnit: nil, areaUnit: .hectares, validator: try EditValidator())
        try Self.expectCommand(["measure", "--area-unit", "ha", "Data/objects.geojson"], gives: Self.library(GeoJSONWriter().encode(measured)))
    }

    @Test("directions and matrix: RoadQuerySession's path and table on Data/roads")
    func roads() throws {
        let root = MapctlProcess.packageRoot.path
        let roads = try GeoJSONReader().read(contentsOfFile: root + "/Data/roads.geojson")
        let network = try RoadNetwork.prepared(from: roads)
        let session = RoadQuerySession(network)
        let path = try session.directions(
            from: try Position(longitude: 24.9384, latitude: 60.1699), to: try Position(longitude: 24.9521, latitude: 60.1675),
            by: .time, startName: "--from", endName: "--to")
        try Self.expectCommand(
            ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"],
            gives: Self.library(path.answer(.line, members: network.sourceMembers, writer: GeoJSONWriter.Options())))
        let stops = try GeoJSONReader().read(contentsOfFile: root + "/Data/stops.geojson")
        let places = try RoadMatrixPlace.places(from: stops.features, file: "Data/stops.geojson")
        let table = try session.matrixTable(sources: places, targets: places, measures: .both)
        try Self.expectCommand(["matrix", "--roads", "Data/roads.geojson", "Data/stops.geojson"], gives: Self.library(table.jsonBytes()))
    }

    @Test("cluster: a view, a tile, a legend, members, children and the expansion zoom")
    func cluster() throws {
        let document = try GeoJSONReader().read(contentsOfFile: Self.objects)
        // The command's defaults: a 40-pixel radius on 256-pixel (Leaflet) tiles.
        let options = FeatureClusterOptions(cluster: ClusterOptions(extent: Double(MapTileSize.standard)))
        let index = try FeatureClusterIndex(document.featureCollection, options: options)
        let writer = GeoJSONWriter()
        let box = try BoundingBox(westSouthEastNorth: "24.93,60.16,24.96,60.18")
        let expectations: [([String], String)] = [
            (["cluster", "--zoom", "13"], Self.library(writer.encode(index.features(zoom: 13)))),
            (["cluster", "--zoom", "15", "--bbox", "24.93,60.16,24.96,60.18"], Self.library(writer.encode(index.features(zoom: 15, in: box)))),
            (["cluster", "--tile", "12/2331/1185"], Self.library(writer.encode(try index.tileFeatures(z: 12, x: 2331, y: 1185)))),
            (["cluster", "--zoom", "12", "--legend"], Self.library(writer.encode(Legend.json(index.legend(zoom: 12)))) + "\n"),
            (["cluster", "--members", "4143", "--limit", "20", "--offset", "20"], Self.library(writer.encode(try index.memberPage(of: 4143, limit: 20, offset: 20)))),
            (["cluster", "--children", "4143"], Self.library(writer.encode(try index.children(of: 4143)))),
            (["cluster", "--expansion-zoom", "4143"], Self.library(writer.encode(try index.expansionZoomJSON(of: 4143))) + "\n"),
        ]
        for (arguments, expected) in expectations {
            let result = try MapctlProcess.run(arguments + ["Data/objects.geojson"])
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardOutput == expected, "\(arguments.joined(separator: " "))")
        }
    }

    @Test("a view written the fast way has the bytes of the encoded view, legend and selection included")
    func viewBytes() throws {
        var files = [Self.objects]
        if SharedData.isAvailable { files.append(SharedData.url("real/andorra/objects.geojson").path) }
        for file in files {
            let document = try GeoJSONReader().read(contentsOfFile: file)
            let index = try FeatureClusterIndex(document.featureCollection, options: FeatureClusterOptions(cluster: ClusterOptions(extent: 256)))
            for zoom in [0.0, 9.5, 13, 15, 17] {
                let encoded = GeoJSONWriter().encode(index.view(zoom: zoom))
                #expect(index.viewBytes(zoom: zoom) == encoded, "\(file) zoom \(zoom)")
                #expect(index.viewBytes(zoom: zoom, parallel: true) == encoded, "\(file) zoom \(zoom), parallel")
                // Twice with kept encodings: made, then reused.
                #expect(index.viewBytes(zoom: zoom, keepingEncodings: true) == encoded, "\(file) zoom \(zoom), kept")
                #expect(index.viewBytes(zoom: zoom, keepingEncodings: true) == encoded, "\(file) zoom \(zoom), reused")
                #expect(index.viewBytes(zoom: zoom, selected: 0) == GeoJSONWriter().encode(index.view(zoom: zoom, selected: 0)))
            }
        }
    }
}
