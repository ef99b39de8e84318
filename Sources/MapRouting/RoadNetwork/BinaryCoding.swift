/// Little-endian writing and bounds-checked reading of the arrays a prepared network is
/// made of. Every read checks the remaining length, so a truncated or garbled file gives
/// an error, never a crash.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Double) { write(value.bitPattern) }

    mutating func write(_ values: [Int32]) {
        write(UInt64(values.count))
        for value in values { write(UInt32(bitPattern: value)) }
    }

    mutating func write(_ values: [Int64]) {
        write(UInt64(values.count))
        for value in values { write(UInt64(bitPattern: value)) }
    }

    mutating func write(_ values: [Double]) {
        write(UInt64(values.count))
        for value in values { write(value.bitPattern) }
    }

    mutating func write(_ values: [UInt8]) {
        write(UInt64(values.count))
        bytes.append(contentsOf: values)
    }

    mutating func write(_ values: [String]) {
        write(UInt64(values.count))
        for value in values { write(Array(value.utf8)) }
    }

    mutating func write(raw: [UInt8]) { bytes.append(contentsOf: raw) }
}

struct BinaryReader {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    private mutating func take(_ count: Int) throws(RoadNetworkError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= end - position else {
            throw .unreadableFile(reason: "truncated: needed \(count) bytes at byte \(position), \(end - position) left")
        }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func readUInt32() throws(RoadNetworkError) -> UInt32 {
        var value: UInt32 = 0
        for (shift, byte) in try take(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
        return value
    }

    mutating func readUInt64() throws(RoadNetworkError) -> UInt64 {
        var value: UInt64 = 0
        for (shift, byte) in try take(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value
    }

    mutating func readDouble() throws(RoadNetworkError) -> Double { Double(bitPattern: try readUInt64()) }

    /// An element count, checked against the bytes left so a garbled count cannot allocate wildly.
    private mutating func readCount(elementSize: Int) throws(RoadNetworkError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64(end - position) / UInt64(max(elementSize, 1)) else {
            throw .unreadableFile(reason: "array of \(count) elements at byte \(position) runs past the end")
        }
        return Int(count)
    }

    /// `count` fixed-size little-endian values, copied in one go on little-endian machines.
    private mutating func readValues<Value: FixedWidthInteger>(_: Value.Type) throws(RoadNetworkError) -> [Value] {
        let count = try readCount(elementSize: MemoryLayout<Value>.size)
        let bytes = try take(count * MemoryLayout<Value>.size)
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw) }
            for index in 0..<count { buffer[index] = Value(littleEndian: buffer[index]) }
            initialized = count
        }
    }

    mutating func readInt32s() throws(RoadNetworkError) -> [Int32] { try readValues(Int32.self) }

    mutating func readInt64s() throws(RoadNetworkError) -> [Int64] { try readValues(Int64.self) }

    mutating func readDoubles() throws(RoadNetworkError) -> [Double] {
        try readValues(UInt64.self).map { Double(bitPattern: $0) }
    }

    mutating func readBytes() throws(RoadNetworkError) -> [UInt8] {
        let count = try readCount(elementSize: 1)
        return Array(try take(count))
    }

    mutating func readStrings() throws(RoadNetworkError) -> [String] {
        let count = try readCount(elementSize: 8)
        var values = [String](); values.reserveCapacity(count)
        for _ in 0..<count { values.append(String(decoding: try readBytes(), as: UTF8.self)) }
        return values
    }
}
