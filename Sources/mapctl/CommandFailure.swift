import ArgumentParser
import MapClustering
import MapGeoJSON

/// mapctl's exit statuses: `sysexits.h`'s numbers, so scripts can tell a typo from bad data
/// from a missing file.
enum ExitStatus: Int32 {
    /// Some answer is negative (an invalid drawing, an invalid feature in an import).
    case negative = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case osError = 71
    case ioError = 74
}

/// Why a command stopped: the message said after `mapctl COMMAND: ` on standard error, and
/// the exit status. Commands throw it; ``Mapctl/main()`` says it and exits, so no command
/// prints its own errors or picks its own numbers.
struct CommandFailure: Error {
    let message: String
    let status: ExitStatus

    init(_ message: String, status: ExitStatus = .dataError) {
        self.message = message
        self.status = status
    }

    /// A reading error: 66 when the file is missing or cannot be read, 65 when its content is
    /// wrong. The message already names the file, line:column and JSON path.
    init(_ error: GeoJSONError) {
        self.init("\(error)", status: error.kind == .fileNotFound || error.kind == .unreadable ? .noInput : .dataError)
    }

    /// An engine error about the data of `source` (a file name, or an option): status 65, a
    /// reading error's own status, or 64 for a cluster id no view gave.
    init(_ error: any Error, in source: String? = nil) {
        if let error = error as? GeoJSONError { self.init(error); return }
        if let error = error as? CommandFailure { self = error; return }
        if case .unknownCluster? = error as? ClusterError { self.init("\(error)", status: .usage); return }
        self.init(source.map { "\($0): \(error)" } ?? "\(error)")
    }

    /// The failure an engine error thrown out of a command means, or nil for argument-parser's
    /// own errors (usage, help, exit codes), which it reports itself.
    static func engine(_ error: any Error) -> CommandFailure? {
        switch error {
        case is CommandFailure, is GeoJSONError, is ClusterError: CommandFailure(error)
        default: nil
        }
    }

    /// Output that cannot be written (status 74).
    static func cannotWrite(_ output: String?, _ error: any Error) -> CommandFailure {
        CommandFailure("cannot write \(output ?? "standard output"): \(error)", status: .ioError)
    }
}
