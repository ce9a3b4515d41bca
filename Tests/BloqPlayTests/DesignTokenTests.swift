import BloqGame
import BloqPlay
import Foundation
import Testing

/// The design system's colours hold what docs/design.md promises: every theme's text and
/// controls readable by WCAG 2 (AA), and the block colours apart for colour-blind eyes and
/// in greyscale.
@Suite("Design: contrast and colour")
struct DesignTokenTests {
    /// A pair a player must tell apart: a foreground on a ground, and the ratio it needs.
    struct Pair: CustomStringConvertible {
        var foreground: String
        var ground: String
        var needs: Double
        var description: String { "\(foreground) on \(ground)" }
    }

    /// Every ground text or a control stands on: the gradient's ends, with the backdrop's
    /// translucent shapes over them, and the surfaces.
    static func grounds(_ palette: Palette) -> [(String, RGBA)] {
        [
            ("background top", palette.backgroundTop), ("background bottom", palette.backgroundBottom),
            ("backdrop over the top", palette.backdrop.over(palette.backgroundTop)),
            ("backdrop over the bottom", palette.backdrop.over(palette.backgroundBottom)), ("surface", palette.surface),
        ]
    }

    /// What each theme must meet: body text 4.5:1 on every ground and on what it is drawn
    /// on (controls, the chosen tab, the banner, the primary action), 7:1 (AAA) in the
    /// high-contrast themes; controls, the focus ring and the stars 3:1 against every ground
    /// (WCAG 1.4.3, 1.4.6 and 1.4.11).
    static func checks(_ palette: Palette, highContrast: Bool = false) -> [(pair: Pair, ratio: Double)] {
        var result: [(Pair, Double)] = []
        func check(_ name: String, _ color: RGBA, on grounds: [(String, RGBA)], needs: Double) {
            for (groundName, ground) in grounds {
                result.append((Pair(foreground: name, ground: groundName, needs: needs), color.over(ground).contrast(with: ground)))
            }
        }
        let grounds = Self.grounds(palette)
        let needs = highContrast ? 7.0 : 4.5
        let text: [(String, RGBA)] = [
            ("text", palette.text), ("secondary text", palette.secondaryText), ("accent text", palette.accent),
            ("danger text", palette.danger),
        ]
        for (name, color) in text { check(name, color, on: grounds, needs: needs) }
        check(
            "text", palette.text, on: [("control", palette.control), ("selected", palette.selected), ("banner", palette.banner)],
            needs: needs
        )
        check("secondary text", palette.secondaryText, on: [("control", palette.control)], needs: needs)
        check("danger text", palette.danger, on: [("banner", palette.banner)], needs: needs)
        check("primary label", palette.onPrimary, on: [("primary", palette.primary)], needs: needs)
        let controls: [(String, RGBA)] = [
            ("control edge", palette.controlEdge), ("primary", palette.primary), ("focus ring", palette.focus), ("star", palette.star),
            ("hollow star", palette.starHollow),
        ]
        for (name, color) in controls { check(name, color, on: grounds, needs: 3) }
        return result
    }

    @Test("every theme's text is AA (4.5:1) and its controls, focus and stars 3:1, on every ground", arguments: Palette.all.map(\.name))
    func contrast(theme: String) throws {
        let palette = try #require(Palette.all.first { $0.name == theme }?.palette)
        let checks = Self.checks(palette, highContrast: theme.contains("high contrast"))
        #expect(checks.count == 51)
        for (pair, ratio) in checks {
            #expect(ratio >= pair.needs, "\(theme): \(pair) is \(String(format: "%.2f", ratio)):1, needs \(pair.needs):1")
        }
    }

    @Test("the contrast check fails a pair that is too faint")
    func contrastFails() {
        var faint = Palette.dark
        faint.secondaryText = faint.backgroundTop.mixed(with: faint.text, 0.3)
        let failing = Self.checks(faint).filter { $0.ratio < $0.pair.needs }.map(\.pair.description)
        #expect(failing.contains("secondary text on background top"), "\(failing)")
        // High contrast asks 7:1 of text: 0x9A0000 on the light banner passes AA, not that.
        var dim = Palette.lightHighContrast
        dim.danger = RGBA(0x9A0000)
        #expect(Self.checks(dim).allSatisfy { $0.ratio >= $0.pair.needs })
        #expect(Self.checks(dim, highContrast: true).contains { $0.pair.description == "danger text on banner" && $0.ratio < 7 })
        #expect(RGBA(0xFFFFFF).contrast(with: RGBA(0x000000)) == 21)
        #expect(abs(RGBA(0x777777).contrast(with: RGBA(0xFFFFFF)) - 4.48) < 0.01)
    }

    @Test("the appearance picks its palette: dark, light, and each at high contrast")
    func appearance() {
        #expect(Palette(Appearance(theme: .dark, contrast: .normal)) == .dark)
        #expect(Palette(Appearance(theme: .light, contrast: .normal)) == .light)
        #expect(Palette(Appearance(theme: .dark, contrast: .high)) == .darkHighContrast)
        #expect(Palette(Appearance(theme: .light, contrast: .high)) == .lightHighContrast)
        #expect(Palette.dark.isDark && !Palette.light.isDark)
    }

    @Test("the Cleared card's stars arrive one by one, overshoot on their spring and settle; at once with reduced motion")
    func starsArrive() {
        let scale = { (index: Int, time: Double) in MotionToken.starScale(index: index, time: time, reducedMotion: false) }
        #expect(scale(0, 0) == 0 && scale(0, MotionToken.starDelay) == 0)
        // The second has not started when the first is under way.
        let second = MotionToken.starDelay + MotionToken.starStagger
        #expect(scale(0, second) > 0 && scale(1, second) == 0)
        // Each rises past 1 on the underdamped spring before it rests at 1.
        let peak = stride(from: 0.0, through: MotionToken.starsSettled, by: 1.0 / 120).map { scale(2, $0) }.max() ?? 0
        #expect(peak > 1.02, "peak \(peak)")
        for index in 0..<3 { #expect(abs(scale(index, MotionToken.starsSettled) - 1) < 1e-9) }
        #expect(MotionToken.starScale(index: 2, time: 0, reducedMotion: true) == 1)
    }

    // MARK: Block colours

    /// Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
    static let deficiencies: [(name: String, matrix: [[Double]])] = [
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
        ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]

    static func linear(_ color: RGBA) -> [Double] {
        [color.r, color.g, color.b].map { channel in
            let c = Double(channel) / 255
            return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
    }

    /// CIELAB (D65) of linear RGB.
    static func lab(_ rgb: [Double]) -> [Double] {
        let (r, g, b) = (rgb[0], rgb[1], rgb[2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot() }

    @Test("the eight block colours stay apart (ΔE ≥ 12) in normal vision and with protanopia, deuteranopia and tritanopia")
    func colourBlindness() {
        let colors = BlockColor.allCases
        for (name, matrix) in [("normal vision", [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]])] + Self.deficiencies {
            let seen = colors.map { color in
                let rgb = Self.linear(Palette.block(color))
                return Self.lab(matrix.map { row in min(max(zip(row, rgb).map(*).reduce(0, +), 0), 1) })
            }
            for i in colors.indices {
                for j in colors.indices where j > i {
                    let gap = Self.distance(seen[i], seen[j])
                    #expect(gap >= 12, "\(name): \(colors[i]) and \(colors[j]) are \(String(format: "%.1f", gap)) apart, need 12")
                }
            }
        }
    }

    @Test("in greyscale the block colours climb in lightness steps of at least 8 (L*), purple darkest to white")
    func greyscale() {
        let lightness = BlockColor.allCases.map { color in Self.lab(Self.linear(Palette.block(color)))[0] }.sorted()
        for (darker, lighter) in zip(lightness, lightness.dropFirst()) {
            #expect(lighter - darker >= 8, "lightness \(lightness.map { Int($0.rounded()) }): \(darker) then \(lighter)")
        }
    }

    @Test("every block colour has its own symbol, drawn in ink at least 3:1 against the block")
    func symbols() {
        let symbols = BlockColor.allCases.map(Palette.symbol)
        #expect(Set(symbols).count == BlockColor.allCases.count)
        for color in BlockColor.allCases {
            let ratio = Palette.symbolInk(color).contrast(with: Palette.block(color))
            #expect(ratio >= 3, "\(color)'s symbol is \(String(format: "%.2f", ratio)):1")
        }
    }
}
