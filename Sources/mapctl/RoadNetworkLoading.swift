import ArgumentParser
import Foundation
import MapGeoJSON
import MapRouting

/// Loading a road network for the commands that route on roads: a GeoJSON road layer is
/// read and prepared; a file starting with `MAPROADS` is a network saved prepared; `-`
/// reads a GeoJSON road layer from standard input. What was left out is said on standard error.
enum RoadNetworkLoading {
    static func load(_ path: String, limit: InputLimitOptions) throws(CommandFailure) -> RoadNetwork {
        let network: RoadNetwork
        let name = path == "-" ? "standard input" : path
        if path == "-" {
            let document = try CommandInput.read(path, options: limit.limiting())
            do { network = try RoadNetwork.prepared(from: document) } catch { throw CommandFailure("\(name): \(error)") }
        } else {
            guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure("\(path): no such file", status: .noInput) }
            guard FileManager.default.isReadableFile(atPath: path) else { throw CommandFailure("\(path): cannot be read", status: .noInput) }
            do { network = try RoadNetwork.read(contentsOfFile: path, maxInputBytes: limit.maxInput.bytes) } catch let error as GeoJSONError {
                throw CommandFailure(error)
            } catch let error as RoadNetworkError {
                throw CommandFailure("\(path): \(error)")
            } catch {
                throw CommandFailure("\(path): \(error)", status: .noInput)
            }
        }
        if network.report.segmentsUsed < network.report.segmentsRead {
            CommandOutput.say("\(name): \(network.report)")
        }
        return network
    }

    /// ``load(_:limit:)`` with the turn restrictions of a `--restrictions` file resolved on the
    /// network (``RoadNetwork/turnRules``), so every path found on it honours them; a bad
    /// file stops with its reason.
    static func load(_ path: String, restrictions: String?, limit: InputLimitOptions) throws -> RoadNetwork {
        var network = try load(path, limit: limit)
        guard let restrictions else { return network }
        let document = try CommandInput.read(restrictions, options: limit.limiting())
        do { network.turnRules = try TurnRules(try TurnRestriction.restrictions(from: document.features), in: network) } catch {
            throw CommandFailure(error, in: restrictions)
        }
        return network
    }

    /// Saves the prepared network (`--save-prepared`).
    static func save(_ network: RoadNetwork, to path: String) throws(CommandFailure) {
        do { try network.write(to: URL(fileURLWithPath: path)) } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", status: .ioError)
        }
    }
}
