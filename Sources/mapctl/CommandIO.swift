import ArgumentParser
import Foundation
import MapGeometry

/// Reading the input of a subcommand: a path or - for standard input, with mapctl's exit statuses.
enum CommandInput {
    static func read(_ path: String, command: String, options: GeoJSONReader.Options) throws -> GeoJSONDocument {
        let reader = GeoJSONReader(options: options)
        do {
            return path == "-" ? try reader.readStandardInput() : try reader.read(contentsOfFile: path)
        } catch {
            CommandOutput.message("mapctl \(command): \(error)")
            throw ExitCode(error.kind == .fileNotFound || error.kind == .unreadable ? 66 : 65)
        }
    }

    /// Reads a strict JSON file beside the GeoJSON (vehicles, matrix).
    static func json(_ path: String, command: String) throws -> JSONFile {
        do { return try JSONFile(contentsOf: path) } catch {
            CommandOutput.message("mapctl \(command): \(error)")
            throw ExitCode(error.kind == .fileNotFound || error.kind == .unreadable ? 66 : 65)
        }
    }

    /// Runs a read of values in a JSON file, reporting its located error with exit status 65.
    static func values<Value>(command: String, _ read: () throws(GeoJSONError) -> Value) throws -> Value {
        do { return try read() } catch {
            CommandOutput.message("mapctl \(command): \(error)")
            throw ExitCode(65)
        }
    }
}

/// Writing GeoJSON to standard output or `--output`, and messages to standard error.
enum CommandOutput {
    static func write(_ collection: FeatureCollection, to output: String?, options: GeoJSONWriter.Options, command: String) throws {
        let writer = GeoJSONWriter(options: options)
        let file = try open(output, command: command)
        do {
            try writer.write(collection, to: file?.handle ?? FileHandle.standardOutput)
            try file?.commit()
        } catch {
            message("mapctl \(command): cannot write \(output ?? "standard output"): \(error)")
            throw ExitCode(74)
        }
    }

    /// The `--output` file (see ``OutputFile``: written aside and renamed into place, devices and
    /// FIFOs written through), or nil for standard output.
    static func open(_ output: String?, command: String) throws -> OutputFile? {
        guard let output else { return nil }
        do { return try OutputFile(path: output) } catch {
            message("mapctl \(command): \(error)")
            throw ExitCode(74)
        }
    }

    /// Writes `bytes` to `--output` (safely, as ``open(_:command:)``) or standard output.
    static func write(_ bytes: [UInt8], to output: String?, command: String) throws {
        let file = try open(output, command: command)
        do {
            try (file?.handle ?? FileHandle.standardOutput).write(contentsOf: bytes)
            try file?.commit()
        } catch {
            message("mapctl \(command): cannot write \(output ?? "standard output"): \(error)")
            throw ExitCode(74)
        }
    }

    static func message(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
