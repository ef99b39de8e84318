import Foundation

// Runs every README example on the sample data in Data/ (run it from the package folder:
// `swift run Examples`). Each prints lines prefixed with its name; ExamplesTests check them.
do {
    try geoJSONExample()
    try indexExample()
    try extentsExample()
    try clusteringExample()
    try routeExample()
    try directionsExample()
    try await planningExample()
    try tourExample()
    try fleetExample()
    try validateExample()
    try editSessionExample()
} catch {
    FileHandle.standardError.write(Data("Examples: \(error)\n".utf8))
    exit(1)
}
