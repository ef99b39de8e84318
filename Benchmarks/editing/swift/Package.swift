// swift-tools-version: 6.1
// The edit validator against a C loop over GEOSisValid_r and shapely.is_valid: see run.sh.
// A package of its own so that a release build of it does not touch the shared Benchmarks package.
import PackageDescription

let package = Package(
    name: "EditingBenchmarks",
    dependencies: [.package(name: "MapEngine", path: "../../..")],
    targets: [
        .executableTarget(
            name: "EditingCompare",
            dependencies: [
                .product(name: "MapEditing", package: "MapEngine"),
                .product(name: "MapGeometry", package: "MapEngine"),
            ]
        ),
    ]
)
