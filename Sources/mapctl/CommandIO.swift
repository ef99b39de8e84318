import ArgumentParser
import Foundation
import MapGeoJSON

/// Reading the input of a subcommand: a path or - for standard input.
enum CommandInput {
    static func read(_ path: String, options: GeoJSONReader.Options = GeoJSONReader.Options()) throws(CommandFailure) -> GeoJSONDocument {
        let reader = GeoJSONReader(options: options)
        do {
            return path == "-" ? try reader.readStandardInput() : try reader.read(contentsOfFile: path)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Reads the command's main input as `--lenient` and `--max-input` say, and reports each
    /// feature the lenient reader skipped on standard error.
    static func read(_ path: String, reading: ReadingOptions) throws(CommandFailure) -> GeoJSONDocument {
        let document = try read(path, options: reading.readerOptions)
        for skipped in document.skipped { CommandOutput.say("\(skipped)") }
        return document
    }

    /// Reads values from a strict JSON file beside the GeoJSON (vehicles, matrix), at most
    /// `--max-input` bytes; errors are located in that file.
    static func json<Value>(
        _ path: String, limit: InputLimitOptions, _ read: (JSONFile) throws(GeoJSONError) -> Value
    ) throws(CommandFailure) -> Value {
        do { return try read(try JSONFile(contentsOf: path, maxBytes: limit.maxInput.bytes)) } catch { throw CommandFailure(error) }
    }
}

/// Writing answers to standard output or `--output`, and messages to standard error.
enum CommandOutput {
    static func write(_ collection: FeatureCollection, to output: String?, options: GeoJSONWriter.Options) throws(CommandFailure) {
        try writing(to: output) { handle in try GeoJSONWriter(options: options).write(collection, to: handle) }
    }

    /// Writes `bytes` to `--output` or standard output.
    static func write(_ bytes: [UInt8], to output: String?) throws(CommandFailure) {
        try writing(to: output) { handle in try handle.write(contentsOf: bytes) }
    }

    /// Runs `write` on the `--output` file (see ``OutputFile``: written aside and renamed into
    /// place, devices and FIFOs written through) or standard output; the file is kept only
    /// when `write` succeeds. The engine's errors thrown by `write` keep their own status.
    static func writing(to output: String?, _ write: (FileHandle) throws -> Void) throws(CommandFailure) {
        let file: OutputFile?
        do { file = try output.map { try OutputFile(path: $0) } } catch { throw CommandFailure("\(error)", status: .ioError) }
        do {
            try write(file?.handle ?? FileHandle.standardOutput)
            try file?.commit()
        } catch {
            throw CommandFailure.engine(error) ?? .cannotWrite(output, error)
        }
    }

    /// The subcommand running, set once by ``Mapctl`` before it runs (one command a process,
    /// so the unguarded write cannot race).
    nonisolated(unsafe) static var subcommand = "mapctl"

    /// `mapctl COMMAND: text` on standard error.
    static func say(_ text: String) { message("mapctl \(subcommand): \(text)") }

    static func message(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
