/// GeoJSONSeq (RFC 8142): records `RS text LF`, and plain newline-delimited
/// GeoJSON (one text per line, no RS) as many tools write it.
extension GeoJSONDecoder {
    mutating func decodeSequence(startingWith first: GeoJSONObject? = nil) throws(GeoJSONError) -> GeoJSONDocument {
        var features: [Feature] = []
        var skipped: [SkippedFeature] = []
        var record = 0
        if let first {
            features.append(contentsOf: first.featureCollection.features)
            record = 1
        }
        while let recordFeatures = try decodeSequenceRecord(record, skipped: &skipped) {
            features.append(contentsOf: recordFeatures)
            record += 1
            if record & 0x3FFF == 0 { releaseConsumedPages() }
        }
        return GeoJSONDocument(object: .featureCollection(FeatureCollection(features: features)),
                               warnings: [], skipped: skipped, isSequence: true)
    }

    /// The features of record `record` (empty when lenient mode skipped it), nil at the end of input.
    mutating func decodeSequenceRecord(_ record: Int, skipped: inout [SkippedFeature]) throws(GeoJSONError) -> [Feature]? {
        skipSeparators()
        if scanner.isAtEnd { return nil }
        let recordStart = scanner.offset
        warnings.record = record
        defer {
            warnings.record = nil
            warnings.leaveFeature()
        }
        do throws(GeoJSONError) {
            var nested: [SkippedFeature] = []
            let object = try decodeRootObject(skipped: &nested)
            skipped.append(contentsOf: nested.map { item in
                var moved = item
                moved.error = moved.error.inside(.index(record))
                return moved
            })
            // A record ends at RS, a newline, or the end.
            skipInlineWhitespace()
            let next = scanner.current
            guard scanner.isAtEnd || next == 0x0A || next == 0x0D || next == Self.recordSeparator else {
                throw scanner.syntaxError(expected: "a newline or record separator after the record")
            }
            return object.featureCollection.features
        } catch {
            let located = error.inside(.index(record))
            guard options.lenient else { throw located }
            skipped.append(SkippedFeature(index: record, id: identifier(ofObjectAt: recordStart), error: located))
            scanner.offset = max(recordStart + 1, scanner.offset)
            skipToNextRecord()
            return []
        }
    }

    private mutating func skipSeparators() {
        while !scanner.isAtEnd {
            let value = scanner.current
            guard value == Self.recordSeparator || value == 0x20 || value == 0x0A || value == 0x0D || value == 0x09 else { return }
            scanner.offset += 1
        }
    }

    private mutating func skipInlineWhitespace() {
        while !scanner.isAtEnd, scanner.current == 0x20 || scanner.current == 0x09 { scanner.offset += 1 }
    }

    /// After a bad record: to the next RS, or the next line.
    private mutating func skipToNextRecord() {
        while !scanner.isAtEnd, scanner.current != Self.recordSeparator, scanner.current != 0x0A {
            scanner.offset += 1
        }
    }
}
