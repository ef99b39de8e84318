// swift-tools-version: 6.1
// Road network benchmark: a release-built executable that prints figures for run.sh,
// which runs the Python peers (pandana, igraph, scipy) on the same input in the same go.
import PackageDescription

let package = Package(
    name: "RoadsBenchmark",
    dependencies: [.package(name: "MapEngine", path: "../../..")],
    targets: [
        .executableTarget(
            name: "RoadsBenchmark",
            dependencies: [
                .product(name: "MapRouting", package: "MapEngine"),
                .product(name: "MapGeometry", package: "MapEngine"), .product(name: "MapGeoJSON", package: "MapEngine"),
            ],
            swiftSettings: [.unsafeFlags(["-wmo"])]
        ),
        // The inputs of pgrouting.sh: our graph as a pgRouting edge table, random places.
        .executableTarget(
            name: "PgRoutingInputs",
            dependencies: [
                .product(name: "MapRouting", package: "MapEngine"),
                .product(name: "MapGeometry", package: "MapEngine"), .product(name: "MapGeoJSON", package: "MapEngine"),
            ]
        ),
    ]
)
