// swift-tools-version: 6.1
// Side-by-side TSP benchmark: our ordering solver on TSPLIB instances (run.sh adds the peers).
import PackageDescription

let package = Package(
    name: "RouterBench",
    dependencies: [.package(name: "MapEngine", path: "../../..")],
    targets: [
        .executableTarget(
            name: "RouterBench",
            dependencies: [
                .product(name: "MapRouting", package: "MapEngine"), .product(name: "BenchmarkInstances", package: "MapEngine"),
                .product(name: "MapGeometry", package: "MapEngine"), .product(name: "MapGeoJSON", package: "MapEngine"),
            ],
            path: "Sources/RouterBench"
        ),
    ]
)
