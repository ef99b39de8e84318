import Logging

/// The service's log lines: swift-log's `StreamLogHandler` lines on standard error, with the
/// metadata formatted when a line is written instead of whenever it is set.
///
/// Hummingbird gives every request a logger with a request id set in its metadata. The
/// stream handler formats its whole metadata again on each such set: 2.6 % of the
/// instructions of a cluster answer (callgrind, `Benchmarks/service/instructions.sh`), for a
/// logger that writes nothing unless the request fails.
struct ServiceLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    /// A handler for the logger named `label`.
    init(label: String) { self.label = label }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        stream.logLevel = logLevel
        stream.metadata = metadata
        stream.log(event: event)
    }
}
