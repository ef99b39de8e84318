// swift-tools-version: 6.1
// Benchmarks for MapEngine: package-benchmark targets (Benchmarks/<Name>/) and
// small release-built executables that print figures for the side-by-side scripts.
import PackageDescription

let package = Package(
    name: "MapEngineBenchmarks",
    dependencies: [
        .package(name: "MapEngine", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The exact inputs the C baselines in baselines/ use, shared by the targets below.
        .target(
            name: "BenchmarkInputs",
            dependencies: [.product(name: "MapGeometry", package: "MapEngine")],
            path: "Sources/BenchmarkInputs"
        ),
        .executableTarget(
            name: "GeometryBenchmarks",
            dependencies: [
                "BenchmarkInputs",
                .product(name: "MapGeometry", package: "MapEngine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GeometryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Prints ns/op lines that geometry/compare.sh sets beside the C baselines.
        .executableTarget(
            name: "GeometryCompare",
            dependencies: ["BenchmarkInputs", .product(name: "MapGeometry", package: "MapEngine")],
            path: "Sources/GeometryCompare"
        ),
        // Every GEOS/PROJ bridge call on one thread, for valgrind --leak-check=full.
        .executableTarget(
            name: "BridgeWorkout",
            dependencies: ["BenchmarkInputs", .product(name: "MapGeometry", package: "MapEngine")],
            path: "Sources/BridgeWorkout"
        ),
    ]
)
