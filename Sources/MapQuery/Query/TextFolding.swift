import Foundation

/// Folds text for case- and accent-insensitive matching: "Zürich" → "zurich",
/// "São Paulo" → "sao paulo", "Straße" → "strasse", "Łódź" → "lodz".
///
/// Foundation's case and diacritic folding does most of it; letters that are not a base
/// letter plus a combining mark (ł, ø, đ, æ, œ, ß, þ, ı) are spelled out afterwards, as
/// people type them on a keyboard without those letters.
public enum TextFolding {
    /// The folded form of `text`, as UTF-8 bytes.
    public static func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        if ascii { return bytes }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        bytes.removeAll(keepingCapacity: true)
        for scalar in folded.unicodeScalars {
            if let spelled = spelledOut[scalar] {
                bytes.append(contentsOf: spelled.utf8)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The folded form of `text`, as a string.
    public static func folded(_ text: String) -> String {
        String(decoding: fold(text), as: UTF8.self)
    }

    /// Lower-case letters without a canonical decomposition, and what a user types instead.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t",
        "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ĳ": "ij",
    ]
}
