import ArgumentParser
import Foundation

/// The `mapctl` command line: one subcommand per job, GeoJSON on standard output.
@main
struct Mapctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapctl",
        abstract: "Map geometry and routing engine: clustering, extents, routes, validation.",
        discussion: """
            Input is a GeoJSON file path or - for standard input. Results are GeoJSON on \
            standard output; messages go to standard error. \
            Exit status: 0 success, 64 usage error, 65 bad input data, 66 input not found, \
            69 database unavailable, 74 I/O error, 1 anything else.
            """,
        version: MapctlVersion.string,
        // One subcommand a line, so that branches adding commands merge cleanly.
        subcommands: [
            ClusterCommand.self,
            ConvertCommand.self,
            ExtentsCommand.self,
            ValidateCommand.self,
            ImportCommand.self,
            ExportCommand.self,
            MeasureCommand.self,
            QueryCommand.self,
            RouteCommand.self,
            DirectionsCommand.self,
            MatrixCommand.self,
            ServeCommand.self,
        ]
    )

    /// Runs the command line, after ``ArgumentPreflight`` (negative coordinates, misspelled
    /// options) when it does not parse as it is. Most command lines do, and the preflight's look
    /// at the command's declared options cost 12 M of the 68 M instructions of a route of two
    /// stops (most of the rest is argument-parser's own reflection).
    static func main() {
        _ = commandStarted
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let command = try? parseAsRoot(arguments) { return run(command) }
        switch ArgumentPreflight.prepare(arguments) {
        case let .arguments(arguments):
            let command: any ParsableCommand
            do { command = try parseAsRoot(arguments) } catch { exit(withError: error) }
            run(command)
        case let .unknownOption(subcommand, option, suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let usage = configuration.subcommands.first { $0._commandName == subcommand }.map { usageString(for: $0) } ?? ""
            FileHandle.standardError.write(Data("""
                Error: Unknown option '\(option)'.\(hint)
                Usage: \(usage)
                  See 'mapctl \(subcommand) --help' for more information.

                """.utf8))
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }

    /// argument-parser's own `main` after parsing, plus the one place where a ``CommandFailure``
    /// is said (`mapctl COMMAND: message`) and becomes the exit status.
    private static func run(_ parsed: any ParsableCommand) {
        var command = parsed
        CommandOutput.subcommand = type(of: command)._commandName
        do {
            try command.run()
        } catch {
            guard let failure = CommandFailure.engine(error) else { exit(withError: error) }
            CommandOutput.say(failure.message)
            exit(withError: ExitCode(failure.status.rawValue))
        }
    }
}

/// When the command started: time budgets (`--time-limit`) count from here, loading the
/// program and reading the input included.
let commandStarted = ProcessStart.instant
