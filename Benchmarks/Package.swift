// swift-tools-version: 6.1
// Every benchmark of MapEngine in one package: package-benchmark targets (Benchmarks/<Name>/)
// and small release-built executables that print figures for the side-by-side scripts, each
// in the folder of the scripts that run it and its peers (README.md lists how to run each).
// Build one with `swift build -c release --package-path Benchmarks --product NAME`. The two
// programs that call the GEOS bridge itself (`package` API, out of another package's reach) are
// built by geometry/build.sh instead.
import PackageDescription

/// A library of the engine (the package one folder up).
func engine(_ product: String) -> Target.Dependency { .product(name: product, package: "MapEngine") }

let package = Package(
    name: "MapEngineBenchmarks",
    dependencies: [
        .package(name: "MapEngine", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The exact inputs the C baselines in baselines/ use, shared by the benchmarks of the bridges.
        .target(
            name: "BenchmarkInputs",
            dependencies: [engine("MapGeometry")],
            path: "Sources/BenchmarkInputs"
        ),
        .executableTarget(
            name: "GeometryBenchmarks",
            dependencies: [
                "BenchmarkInputs",
                engine("MapGeometry"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GeometryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // TSPLIB stop ordering beside fast-tsp, LKH-3 and OR-Tools (router/run.sh).
        .executableTarget(
            name: "RouterBench",
            dependencies: [engine("MapRouting"), engine("MapGeometry"), engine("MapGeoJSON"), engine("BenchmarkInstances")],
            path: "router/RouterBench"
        ),
        // CVRP and VRPTW instances beside PyVRP, VROOM and OR-Tools (vrp/run.sh).
        .executableTarget(
            name: "VRPBench",
            dependencies: [engine("MapRouting"), engine("MapGeometry"), engine("MapGeoJSON"), engine("BenchmarkInstances")],
            path: "vrp/VRPBench"
        ),
        // Road network build and queries beside pandana, igraph and scipy (roads/run.sh).
        .executableTarget(
            name: "RoadsBenchmark",
            dependencies: [engine("MapRouting"), engine("MapGeometry"), engine("MapGeoJSON")],
            path: "roads/RoadsBenchmark",
            swiftSettings: [.unsafeFlags(["-wmo"])]
        ),
        // The inputs of roads/pgrouting.sh: our graph as a pgRouting edge table, random places.
        .executableTarget(
            name: "PgRoutingInputs",
            dependencies: [engine("MapRouting"), engine("MapGeometry"), engine("MapGeoJSON")],
            path: "roads/PgRoutingInputs"
        ),
        // Edit validation beside a C GEOS loop and shapely (editing/run.sh).
        .executableTarget(
            name: "EditingCompare",
            dependencies: [engine("MapEditing"), engine("MapGeometry")],
            path: "editing/EditingCompare"
        ),
        // Clustering build and queries beside supercluster and pysupercluster (clustering/run.sh).
        .executableTarget(
            name: "cluster-bench",
            dependencies: [engine("MapClustering")],
            path: "clustering/cluster-bench"
        ),
    ]
)
