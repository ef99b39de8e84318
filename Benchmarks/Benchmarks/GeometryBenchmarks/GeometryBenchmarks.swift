import Benchmark
import BenchmarkInputs
import MapGeometry

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.cpuTotal, .wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2)
    )

    // Web Mercator projection of the 14 building vertices at zoom 16, 256-pixel tiles.
    let building = BenchmarkInputs.buildingPolygon()
    Benchmark("WebMercator.project 14 positions") { benchmark in
        for _ in benchmark.scaledIterations {
            for position in building.rings[0].positions {
                blackHole(WebMercator.pixel(position, zoom: 16, tileSize: 256))
            }
        }
    }
}
