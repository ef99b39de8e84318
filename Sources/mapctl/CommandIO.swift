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
}

/// Writing GeoJSON to standard output or `--output`, and messages to standard error.
enum CommandOutput {
    static func write(_ collection: FeatureCollection, to output: String?, options: GeoJSONWriter.Options, command: String) throws {
        let writer = GeoJSONWriter(options: options)
        let handle: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil), let opened = FileHandle(forWritingAtPath: output) else {
                message("mapctl \(command): cannot write \(output)")
                throw ExitCode(74)
            }
            handle = opened
        } else {
            handle = FileHandle.standardOutput
        }
        do {
            try writer.write(collection, to: handle)
            if output != nil { try handle.close() }
        } catch {
            message("mapctl \(command): cannot write \(output ?? "standard output"): \(error)")
            throw ExitCode(74)
        }
    }

    static func message(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
