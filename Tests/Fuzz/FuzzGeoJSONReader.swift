// libFuzzer entry point for the GeoJSON reader (see run.sh). Every input must end in
// a value or a GeoJSONError: no crash, no hang, no sanitizer report. Accepted input is
// also written and read back, which must succeed (the writer's output is valid GeoJSON).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSONReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var options = GeoJSONReader.Options()
    options.lenient = size % 2 == 1  // exercise both modes
    guard let document = try? GeoJSONReader(options: options).read(bytes: bytes) else { return 0 }
    var writerOptions = GeoJSONWriter.Options()
    writerOptions.precision = nil
    let written = GeoJSONWriter(options: writerOptions).encode(document.featureCollection)
    do {
        let again = try GeoJSONReader(options: options).read(bytes: written)
        if again.features.count != document.features.count {
            fatalError("round trip changed the feature count: \(document.features.count) -> \(again.features.count)")
        }
    } catch {
        fatalError("written output does not read back: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
