// swift-tools-version: 6.1
// Side-by-side VRP benchmark: our fleet solver on CVRPLIB and Solomon instances (run.sh adds the peers).
import PackageDescription

let package = Package(
    name: "VRPBench",
    dependencies: [.package(name: "MapEngine", path: "../../..")],
    targets: [
        .executableTarget(
            name: "VRPBench",
            dependencies: [
                .product(name: "MapRouting", package: "MapEngine"), .product(name: "MapGeometry", package: "MapEngine"), .product(name: "MapGeoJSON", package: "MapEngine"),
                .product(name: "BenchmarkInstances", package: "MapEngine"),
            ],
            path: "Sources/VRPBench"
        ),
    ]
)
