import Glibc

/// A colour in sRGB with straight alpha: the one colour type of the design system
/// (docs/design.md). Pure arithmetic, so the contrast of every theme is checked without a
/// renderer.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8 = 255

    /// A colour from 0xRRGGBB.
    public init(_ hex: UInt32, alpha: UInt8 = 255) {
        r = UInt8((hex >> 16) & 0xFF)
        g = UInt8((hex >> 8) & 0xFF)
        b = UInt8(hex & 0xFF)
        a = alpha
    }

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// 0xRRGGBB.
    public var hex: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// The colour a fifth darker (pressed buttons).
    public var darker: RGBA { mixed(with: RGBA(0x000000), 0.2) }

    public func with(alpha: UInt8) -> RGBA {
        var copy = self
        copy.a = alpha
        return copy
    }

    /// The colour at `opacity` (0...1) of its own alpha.
    public func faded(_ opacity: Double) -> RGBA { with(alpha: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded())) }

    /// `amount` (0...1) of the way from this colour to `other`, alpha kept.
    public func mixed(with other: RGBA, _ amount: Double) -> RGBA {
        let t = min(max(amount, 0), 1)
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let from = Double(x)
            let value: Double = from + (Double(y) - from) * t
            return UInt8(value.rounded())
        }
        return RGBA(r: channel(r, other.r), g: channel(g, other.g), b: channel(b, other.b), a: a)
    }

    /// This colour drawn over the opaque `ground`: what the eye sees.
    public func over(_ ground: RGBA) -> RGBA {
        ground.mixed(with: with(alpha: ground.a), Double(a) / 255)
    }

    /// WCAG 2's relative luminance, 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2's contrast ratio with `other`, 1 to 21 (alpha ignored: compose with `over` first).
    public func contrast(with other: RGBA) -> Double {
        let (x, y) = (relativeLuminance, other.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

/// A colour written as 0xRRGGBB where an `RGBA` is expected (the palettes' tokens).
extension RGBA: ExpressibleByIntegerLiteral {
    public init(integerLiteral hex: UInt32) { self.init(hex) }
}
