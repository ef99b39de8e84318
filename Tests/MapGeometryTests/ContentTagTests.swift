import MapGeometry
import Testing

/// Content tags are file versions and ETags that outlive a process: the same bytes must give
/// the same tag in every build. The expected tags were computed by a separate Python
/// implementation of the documented algorithm (FNV-1a over 8-byte words, byte-wise tail, final mix),
/// so a faster rewrite of the tag cannot change it unnoticed.
@Suite("Content tags")
struct ContentTagTests {
    @Test("known bytes give their known tags, zero-padded to 16 lowercase hex digits")
    func knownTags() {
        #expect(ContentTag.of([]) == "ecba3df2c3383c52")
        #expect(ContentTag.of(Array("a".utf8)) == "ab41e0ad57b1d6d3")
        #expect(ContentTag.of(Array("hello, map".utf8)) == "0d85955851488b58")
        #expect(ContentTag.of(Array("object 171".utf8)) == "009af257ad9ad028")
        let pattern = (0..<4).flatMap { _ in (0..<256).map(UInt8.init) }
        #expect(ContentTag.of(pattern) == "5d17457e1a1c0a23")
    }
}
