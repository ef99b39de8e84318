/// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), for checking prepared-network files.
///
/// Slicing-by-8 (Intel's method, as zlib does): eight tables let one step fold eight bytes,
/// several times faster than a byte at a time on the megabytes of a prepared network, which
/// every command that loads one checks first.
enum CRC32 {
    /// `tables[k][b]`: the CRC of byte `b` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { t in
            bytes.withUnsafeBufferPointer { data in
                var index = 0
                let count = data.count
                while index + 8 <= count {
                    let low = crc ^ (UInt32(data[index]) | UInt32(data[index + 1]) << 8
                        | UInt32(data[index + 2]) << 16 | UInt32(data[index + 3]) << 24)
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(data[index + 4])] ^ t[2 * 256 + Int(data[index + 5])]
                        ^ t[1 * 256 + Int(data[index + 6])] ^ t[Int(data[index + 7])]
                    index += 8
                }
                while index < count {
                    crc = t[Int((crc ^ UInt32(data[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
