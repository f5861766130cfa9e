import Validator
import AuxData
import Container
/// Turbo, the perceptual rainbow Google published in 2019 for depth and disparity maps ("Turbo,
/// An Improved Rainbow Colormap for Visualization", Google AI Blog), evaluated with the
/// polynomial approximation published with it: dark blue at 0 through green to dark red at 1.
/// The report draws nearer as warmer, so a depth map (nearer = smaller) is drawn reversed.
package enum TurboColourMap {
    /// The 8-bit sRGB colour of `t` in 0…1 (clamped; NaN is black).
    package static func rgb(_ t: Double) -> (UInt8, UInt8, UInt8) {
        guard !t.isNaN else { return (0, 0, 0) }
        let x = min(1, max(0, t))
        let x2 = x * x, x3 = x2 * x, x4 = x3 * x, x5 = x4 * x
        let r = 0.13572138 + 4.61539260 * x - 42.66032258 * x2 + 132.13108234 * x3 - 152.94239396 * x4 + 59.28637943 * x5
        let g = 0.09140261 + 2.19418839 * x + 4.84296658 * x2 - 14.18503333 * x3 + 4.27729857 * x4 + 2.82956604 * x5
        let b = 0.10667330 + 12.64194608 * x - 60.58204836 * x2 + 110.36276771 * x3 - 89.90310912 * x4 + 27.34824973 * x5
        return (byte(r), byte(g), byte(b))
    }

    /// The 256-entry table of `rgb` at i / 255, for colouring 8-bit samples.
    package static let table: [(UInt8, UInt8, UInt8)] = (0..<256).map { rgb(Double($0) / 255) }

    private static func byte(_ v: Double) -> UInt8 {
        UInt8(min(255, max(0, (v * 255).rounded())))
    }

    /// `#rrggbb` for CSS and SVG.
    package static func hex(_ t: Double) -> String {
        let (r, g, b) = rgb(t)
        return "#" + [r, g, b].map { v in
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}
