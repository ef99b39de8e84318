import Testing
import TestSupport

@testable import MapRouting

/// The prepared-network checksum: the standard CRC-32 check value, and a bit-at-a-time
/// CRC (the polynomial's definition) on random data of every length around the 8-byte steps.
struct CRC32Tests {
    static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum([][...]) == 0)
    }

    @Test func equalsTheBitwiseDefinition() {
        var random = SeededGenerator(seed: 32)
        let data = (0..<4_096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for length in Array(0..<40) + [1_000, 4_095, 4_096] {
            #expect(CRC32.checksum(data[..<length]) == Self.bitwise(Array(data[..<length])), "length \(length)")
            // A slice that does not start at index 0.
            #expect(CRC32.checksum(data[3..<(length + 3 > 4_096 ? 4_096 : length + 3)]) == Self.bitwise(Array(data[3..<(length + 3 > 4_096 ? 4_096 : length + 3)])))
        }
    }
}
