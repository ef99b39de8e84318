// swift-tools-version: 6.1
import Foundation
import PackageDescription

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

// Side-by-side clustering benchmark: run ./run.sh (it builds this in release).
// The root package is named after its folder ("clustering" in this worktree, "main" in /work/main),
// so the product is referenced through the folder name computed below.
let package = Package(
    name: "ClusterBench",
    dependencies: [.package(path: "../../..")],
    targets: [
        .executableTarget(
            name: "cluster-bench",
            dependencies: [.product(name: "MapClustering", package: rootIdentity)]
        )
    ]
)
