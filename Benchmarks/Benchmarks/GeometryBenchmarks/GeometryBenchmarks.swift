import Benchmark
import BenchmarkInputs
import MapGeometry
import MapViewport

/// In-process figures for the GEOS and PROJ bridges on the inputs of `geometry/compare.sh`
/// (which sets the same work beside C). Run: `swift package --disable-sandbox benchmark`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.cpuTotal, .wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2)
    )

    let building = Geometry.polygon(BenchmarkInputs.buildingPolygon())
    let street = BenchmarkInputs.street()

    // Value -> GEOS (one bulk copy per ring) -> GEOSisValidDetail_r -> destroy.
    Benchmark("GEOS validity, 14-vertex polygon, from the value", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try building.validity())
        }
    }

    Benchmark("Geodesic length, 10-vertex line", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Geodesic.length(of: street))
        }
    }

    // One proj_trans_generic call over 1M interleaved coordinates; the copy of the input is not timed.
    let input = (0..<BenchmarkInputs.transformPointCount).map { index in
        let point = BenchmarkInputs.transformPoint(index)
        return Coordinate(x: point.longitude, y: point.latitude)
    }
    Benchmark(
        "PROJ transform EPSG:4326 to EPSG:3857, 1M points",
        configuration: .init(metrics: [.cpuTotal, .wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 20)
    ) { benchmark in
        let transform = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:3857")
        var coordinates = input
        benchmark.startMeasurement()
        try transform.transform(&coordinates)
        benchmark.stopMeasurement()
        blackHole(coordinates)
    }

    // Web Mercator projection of the 14 building vertices at zoom 16, 256-pixel tiles (pure Swift).
    Benchmark("WebMercator pixel, 14 positions") { benchmark in
        let positions = BenchmarkInputs.buildingPolygon().rings[0].positions
        for _ in benchmark.scaledIterations {
            for position in positions {
                blackHole(WebMercator.pixel(position, zoom: 16, tileSize: 256))
            }
        }
    }
}
