import ArgumentParser
import Foundation
import MapGeometry
import MapRouting

/// Loading a road network for the commands that route on roads: a GeoJSON road layer is
/// read and prepared; a file starting with `MAPROADS` is a network saved prepared; `-`
/// reads a GeoJSON road layer from standard input.
enum RoadNetworkLoading {
    static func load(_ path: String, command: String) throws -> RoadNetwork {
        if path == "-" {
            let document: GeoJSONDocument
            do {
                document = try GeoJSONReader().readStandardInput()
            } catch {
                report("mapctl \(command): \(error)")
                throw ExitCode(error.kind == .fileNotFound || error.kind == .unreadable ? 66 : 65)
            }
            return try prepare(document, path: "standard input", command: command)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            report("mapctl \(command): \(path): no such file")
            throw ExitCode(66)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            report("mapctl \(command): \(path): cannot be read")
            throw ExitCode(66)
        }
        do {
            let network = try RoadNetwork.read(contentsOfFile: path)
            if network.report.segmentsUsed < network.report.segmentsRead {
                report("mapctl \(command): \(path): \(network.report)")
            }
            return network
        } catch let error as GeoJSONError {
            report("mapctl \(command): \(error)")
            throw ExitCode(error.kind == .fileNotFound || error.kind == .unreadable ? 66 : 65)
        } catch let error as RoadNetworkError {
            report("mapctl \(command): \(path): \(error)")
            throw ExitCode(65)
        } catch {
            report("mapctl \(command): \(path): \(error)")
            throw ExitCode(66)
        }
    }

    /// Builds and prepares the network of a road layer, reporting what was left out.
    private static func prepare(_ document: GeoJSONDocument, path: String, command: String) throws -> RoadNetwork {
        do {
            let network = try RoadNetwork.prepared(from: document)
            if network.report.segmentsUsed < network.report.segmentsRead {
                report("mapctl \(command): \(path): \(network.report)")
            }
            return network
        } catch {
            report("mapctl \(command): \(path): \(error)")
            throw ExitCode(65)
        }
    }

    static func save(_ network: RoadNetwork, to path: String, command: String) throws {
        do {
            try network.write(to: URL(fileURLWithPath: path))
        } catch {
            report("mapctl \(command): cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(74)
        }
    }

    static func write(_ bytes: [UInt8], to output: String?, command: String) throws {
        try CommandOutput.write(bytes, to: output, command: command)
    }

    /// Messages for people go to standard error.
    static func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
