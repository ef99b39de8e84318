import MapGeometry

/// The ETag of an answer's bytes: 64 bits (hex) from four FNV-1a lanes over 32-byte blocks,
/// mixed at the end. The same bytes give the same tag in every instance of the service.
///
/// Answers are tens of kilobytes and every one is tagged, so the tag is made for speed: four
/// independent chains of multiplications run side by side in the processor, where the single
/// chain of ``ContentTag`` waits on each step (it took 3 % of the service's CPU under
/// `Benchmarks/service/run.sh`). ``ContentTag`` stays what file versions, object tags and table
/// names are made with, since those outlive a process.
enum AnswerTag {
    static func of(_ bytes: [UInt8]) -> String {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count), 0x8422_2325_cbf2_9ce4, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f)
        var hash: UInt64 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
            while offset + 32 <= raw.count {
                lanes.0 = (lanes.0 ^ word(offset)) &* prime
                lanes.1 = (lanes.1 ^ word(offset + 8)) &* prime
                lanes.2 = (lanes.2 ^ word(offset + 16)) &* prime
                lanes.3 = (lanes.3 ^ word(offset + 24)) &* prime
                lanes.0 ^= lanes.0 >> 29
                lanes.1 ^= lanes.1 >> 29
                lanes.2 ^= lanes.2 >> 29
                lanes.3 ^= lanes.3 >> 29
                offset += 32
            }
            let joined = lanes.0 ^ rotated(lanes.1, 17) ^ rotated(lanes.2, 31) ^ rotated(lanes.3, 47)
            hash = ContentTag.folding(raw, from: offset, into: joined)
        }
        return ContentTag.text(finishing: hash)
    }

    private static func rotated(_ value: UInt64, _ bits: UInt64) -> UInt64 { value << bits | value >> (64 - bits) }
}
