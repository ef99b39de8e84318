import Foundation
import MapGeoJSON
import Testing

/// The palette tells its colours apart at a glance: CIE76 ΔE (CIELAB computed here from sRGB)
/// between every pair, and between every colour and the neutral colour of mixed clusters.
@Suite("Qualitative palette")
struct MapPaletteTests {
    static func lab(_ hex: String) -> (Double, Double, Double) {
        let value = Int(hex.dropFirst(), radix: 16)!
        func linear(_ channel: Int) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(value >> 16 & 0xFF), g = linear(value >> 8 & 0xFF), b = linear(value & 0xFF)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func deltaE(_ first: String, _ second: String) -> Double {
        let a = lab(first), b = lab(second)
        return ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
    }

    @Test("30 colours, every pair ΔE ≥ 19 and every colour ΔE ≥ 26 from the neutral")
    func separated() {
        let colors = MapPalette.qualitative
        #expect(colors.count == 30)
        #expect(Set(colors).count == colors.count)
        for (i, first) in colors.enumerated() {
            #expect(Self.deltaE(first, MapPalette.neutral) >= 26, "\(first) near the neutral colour")
            for second in colors[(i + 1)...] {
                #expect(Self.deltaE(first, second) >= 19, "\(first) and \(second)")
            }
        }
        #expect(MapPalette.color(at: 30) == MapPalette.color(at: 0))
    }
}
