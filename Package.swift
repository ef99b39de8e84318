// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MapEngine",
    products: [
        .library(name: "MapGeometry", targets: ["MapGeometry"]),
        .library(name: "MapGeoJSON", targets: ["MapGeoJSON"]),
        .library(name: "MapViewport", targets: ["MapViewport"]),
        .library(name: "MapQuery", targets: ["MapQuery"]),
        .library(name: "MapClustering", targets: ["MapClustering"]),
        .library(name: "MapRouting", targets: ["MapRouting"]),
        .library(name: "MapEditing", targets: ["MapEditing"]),
        .library(name: "MapPostgres", targets: ["MapPostgres"]),
        .library(name: "MapService", targets: ["MapService"]),
        // TSPLIB and VRPLIB readers for the benchmarks and tests, apart from the engine's API.
        .library(name: "BenchmarkInstances", targets: ["BenchmarkInstances"]),
        .executable(name: "mapctl", targets: ["mapctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation --target MapGeometry` builds the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGEOS",
            pkgConfig: "geos",
            providers: [.apt(["libgeos-dev"])]
        ),
        // PROJ's headers (Debian's libproj-dev); libproj itself is opened on first use.
        .target(name: "CPROJ", linkerSettings: [.linkedLibrary("dl")]),
        // Geometry values (positions, shapes, boxes) with GEOS and PROJ behind them.
        .target(name: "MapGeometry", dependencies: ["CGEOS", "CPROJ"]),
        // The JSON byte engine and GeoJSON (RFC 7946): model, reader, writer, safe output files.
        .target(name: "MapGeoJSON", dependencies: ["MapGeometry"]),
        // Viewport maths: Web Mercator, tiles (and vector tiles), the camera that fits data.
        .target(name: "MapViewport", dependencies: ["MapGeometry", "MapGeoJSON"]),
        // Questions about a collection: the spatial index, near me, nearest, text search.
        .target(name: "MapQuery", dependencies: ["MapGeometry", "MapGeoJSON"]),
        .target(name: "MapClustering", dependencies: ["MapGeometry", "MapGeoJSON", "MapViewport", "MapQuery"]),
        .target(name: "MapRouting", dependencies: ["MapGeometry", "MapGeoJSON"]),
        .target(name: "MapEditing", dependencies: ["MapGeometry", "MapGeoJSON"]),
        .target(name: "BenchmarkInstances", dependencies: ["MapRouting"]),
        // Datasets in PostGIS: a table per dataset, read and written as WKB (`mapctl import/export`).
        .target(name: "MapPostgres", dependencies: ["MapGeometry", "MapGeoJSON", "MapClustering", .product(name: "PostgresNIO", package: "postgres-nio")]),
        // The map service: every answer of mapctl over HTTP (`mapctl serve`), contract in openapi.yaml.
        .target(
            name: "MapService",
            dependencies: [
                "MapGeometry", "MapGeoJSON", "MapViewport", "MapQuery",
                "MapClustering", "MapRouting", "MapEditing", "MapPostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "mapctl",
            dependencies: [
                "MapGeometry", "MapGeoJSON", "MapViewport", "MapQuery", "MapClustering",
                "MapRouting", "MapEditing", "MapService", "MapPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A release mapctl carries the Swift runtime and Foundation inside: binding their
            // symbols from shared libraries cost each start about 4 ms (a 200 × 200 road matrix
            // takes 10 ms of work), and the binary then runs where Swift is not installed. The
            // modules were compiled against the shared Foundation, so its static archives and the
            // ones they need are named here (what `--static-swift-stdlib` would have added).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lFoundationEssentials",
                        "-lFoundationInternationalization", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                        "-l_FoundationCollections", "-lswiftSynchronization", "-Xlinker", "--end-group",
                    ], .when(configuration: .release))
            ]
        ),
        // The README's Swift examples, run on Data/ (`swift run Examples`) and checked by ExamplesTests.
        .executableTarget(
            name: "Examples",
            dependencies: [
                "MapGeometry", "MapGeoJSON", "MapViewport", "MapQuery", "MapClustering", "MapRouting", "MapEditing",
            ]
        ),
        // Test helpers shared by the test targets (where the shared data is).
        .target(
            name: "TestSupport",
            dependencies: [
                "MapGeometry", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "MapGeometryTests",
            dependencies: ["MapGeometry", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MapGeoJSONTests",
            dependencies: [
                "MapGeoJSON", "MapGeometry", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "MapViewportTests", dependencies: ["MapViewport", "MapGeoJSON", "MapGeometry", "TestSupport"]),
        .testTarget(name: "MapQueryTests", dependencies: ["MapQuery", "MapGeoJSON", "MapGeometry", "TestSupport"]),
        .testTarget(name: "MapClusteringTests", dependencies: ["MapClustering", "MapGeoJSON", "MapQuery", "TestSupport"]),
        .testTarget(name: "MapRoutingTests", dependencies: ["MapRouting", "MapGeoJSON", "BenchmarkInstances", "TestSupport"]),
        .testTarget(name: "MapEditingTests", dependencies: ["MapEditing", "MapGeometry", "MapGeoJSON", "TestSupport"]),
        .testTarget(
            name: "MapctlTests",
            dependencies: [
                "mapctl", "MapGeometry", "MapGeoJSON", "MapViewport", "MapQuery", "MapClustering", "MapRouting", "TestSupport",
            ]
        ),
        .testTarget(
            name: "MapServiceTests",
            dependencies: [
                "mapctl", "MapService", "MapPostgres", "MapGeometry", "MapGeoJSON", "MapViewport", "MapClustering", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            // Run by the tests from the source tree (python3, node), not built.
            exclude: [
                "Contract/compare_mvt.py", "Contract/schemathesis.toml", "Browser/page_checks.py",
                "Web/drawing.test.mjs", "Web/format.test.mjs", "Web/layout.test.mjs",
            ]
        ),
        .testTarget(name: "ExamplesTests", dependencies: ["Examples", "MapGeometry", "MapGeoJSON", "MapClustering", "TestSupport"]),
    ]
)
