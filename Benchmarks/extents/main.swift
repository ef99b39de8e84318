// Zoom-extents timings: a camera fit over precomputed bounds, and over 10,000 markers
// (computing their smallest bounds, across ±180 when smaller, then fitting).
// Built with -O against MapGeometry by run.sh; prints medians of several runs.
import Foundation
import MapViewport

/// CPU seconds of this thread: unlike the wall clock it does not count the time other
/// processes on this shared machine hold the core.
func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Seconds per call of `body`, median over `runs` runs of `iterations` calls each
/// (thread CPU time, and wall time for comparison).
func medianSeconds(runs: Int = 9, iterations: Int, _ body: () -> Void) -> (cpu: Double, wall: Double) {
    var cpu: [Double] = [], wall: [Double] = []
    for _ in 0..<runs {
        let start = threadSeconds(), wallStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        cpu.append((threadSeconds() - start) / Double(iterations))
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9 / Double(iterations))
    }
    return (cpu.sorted()[runs / 2], wall.sorted()[runs / 2])
}

/// `count` points spread evenly over a GeoJSON FeatureCollection of points (the file is
/// sorted by country, so every n-th place covers the world). Setup only, not timed.
func loadPoints(_ path: String, count: Int) throws -> [Position] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let collection = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let features = collection["features"] as! [[String: Any]]
    return try (0..<count).map { index in
        let feature = features[index * features.count / count]
        let coordinates = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
        return try Position(coordinates[0], coordinates[1])
    }
}

let arguments = CommandLine.arguments
let placesPath = arguments.count > 1 ? arguments[1] : "../../../shared/data/real/places_15000.geojson"
let markers = try loadPoints(placesPath, count: 10_000)
let markerGeometries = markers.map { Geometry.point($0) }
let viewport = DevicePreset.ipad.viewport
let options = CameraFitOptions(padding: 24, snap: .none, marker: .pin(width: 32, height: 40))
var sink = 0.0

let bounds = BoundingBox.smallest(containing: markerGeometries)!
let boundsFit = medianSeconds(iterations: 200_000) {
    let fit = try! CameraFit(bounds: bounds, viewport: viewport, options: options)
    sink += fit.camera.zoom + fit.visibleBounds.west
}
let markerFit = medianSeconds(iterations: 200) {
    let fit = try! CameraFit(positions: markers, viewport: viewport, options: options)
    sink += fit.camera.zoom
}
let geometryFit = medianSeconds(iterations: 200) {
    let fit = try! CameraFit(geometries: markerGeometries, viewport: viewport, options: options)
    sink += fit.camera.zoom
}

// Fiji-like data: 10,000 markers either side of ±180 (the crossing case).
var random = SystemRandomNumberGenerator()
let pacific: [Position] = (0..<10_000).map { _ in
    var longitude = Double.random(in: 176...184, using: &random)
    if longitude > 180 { longitude -= 360 }
    return try! Position(longitude, Double.random(in: -20 ... -15, using: &random))
}
let pacificFit = medianSeconds(iterations: 200) {
    let fit = try! CameraFit(positions: pacific, viewport: viewport, options: options)
    sink += fit.camera.zoom
}

let fit = try CameraFit(positions: markers, viewport: viewport, options: options)
print("input: \(markers.count) GeoNames places (\(placesPath)), iPad 1024x768, left panel 320, padding 24, 32x40 pins")
print("fitted: bounds \(fit.dataBounds), zoom \(fit.camera.zoom)")
func report(_ label: String, _ time: (cpu: Double, wall: Double), unit: Double, _ unitName: String, bar: String = "") {
    print(String(format: "%@: %.1f %@ CPU, %.1f %@ wall%@", label, time.cpu * unit, unitName, time.wall * unit, unitName, bar))
}
report("fit over precomputed bounds", boundsFit, unit: 1e9, "ns", bar: " (bar: <= 1000 ns)")
report("fit over 10,000 markers (bounds + fit)", markerFit, unit: 1e6, "us", bar: " (bar: <= 100 us)")
report("fit over 10,000 point geometries (bounds + fit)", geometryFit, unit: 1e6, "us")
report("fit over 10,000 markers across +-180", pacificFit, unit: 1e6, "us")
if sink.isNaN { print(sink) }
