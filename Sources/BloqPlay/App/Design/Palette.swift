import BloqGame

/// The colour tokens of one theme (docs/design.md): the ground and its layers, the
/// surfaces raised over it, the board, text, controls and stars. Painters draw with these
/// and nothing else; `DesignTokenTests` checks every pair a player reads against WCAG 2 (AA:
/// 4.5:1 for text, 7:1 in high contrast, 3:1 for controls and the stars). Text stands on
/// the ground, a surface or a control, never on the scrim (which only dims what a card covers).
public struct Palette: Equatable, Sendable {
    /// Which theme these are, for the backdrop's shapes (lighter or darker than the ground).
    public var isDark: Bool
    /// The ground, a vertical gradient from top to bottom: depth behind everything.
    public var backgroundTop: RGBA
    public var backgroundBottom: RGBA
    /// The backdrop's soft shapes over the ground (translucent): the layers between the
    /// ground and what sits on it.
    public var backdrop: RGBA
    /// Cards, panels and tiles: raised over the ground, opaque.
    public var surface: RGBA
    /// A surface's hairline edge (translucent).
    public var surfaceEdge: RGBA
    /// What a card dims beneath it while it grows (translucent; no text stands on it).
    public var scrim: RGBA
    /// Shadows of raised things (translucent; `Elevation` says how far and how soft).
    public var shadow: RGBA
    /// The board's well, its empty cells, its walls and a wall's inset.
    public var well: RGBA
    public var cell: RGBA
    public var wall: RGBA
    public var wallInset: RGBA
    /// Text: the main colour, quieter captions, the accent (tips, records), and trouble.
    public var text: RGBA
    public var secondaryText: RGBA
    public var accent: RGBA
    public var danger: RGBA
    /// A control's fill, its edge (the boundary a player sees: 3:1 against the ground),
    /// the fill of the one chosen (a tab), the primary action's fill and its label.
    public var control: RGBA
    public var controlEdge: RGBA
    public var selected: RGBA
    public var primary: RGBA
    public var onPrimary: RGBA
    /// The keyboard focus ring and the board's cursor.
    public var focus: RGBA
    /// A star earned, and the outline of one not earned.
    public var star: RGBA
    public var starHollow: RGBA
    /// The band of a banner (the board can no longer be cleared).
    public var banner: RGBA

    // The palettes below use the memberwise init, which `init(_:)` in the extension keeps.

    /// Every theme, named (the contrast test, the design page).
    public static let all: [(name: String, palette: Palette)] = [
        ("dark", .dark), ("light", .light), ("dark, high contrast", .darkHighContrast), ("light, high contrast", .lightHighContrast),
    ]

    /// Night: deep indigo going down to ink, warm white text, gold stars.
    public static let dark = Palette(
        isDark: true, backgroundTop: 0x1E2440, backgroundBottom: 0x10131F, backdrop: RGBA(0x8C9CFF, alpha: 14), surface: 0x262D4A,
        surfaceEdge: RGBA(0xFFFFFF, alpha: 22), scrim: RGBA(0x080A12, alpha: 150), shadow: RGBA(0x000000, alpha: 120),
        well: 0x171B2E, cell: 0x232A45, wall: 0x6B7594, wallInset: 0x4E5773, text: 0xF6F3EC, secondaryText: 0xAEB5CC,
        accent: 0xFFC94D, danger: 0xFF8A80, control: 0x2E3658, controlEdge: 0x6E7BA6, selected: 0x4A5790, primary: 0x8AA4FF,
        onPrimary: 0x10142A, focus: 0xFFC94D, star: 0xFFC94D, starHollow: 0x8790B0, banner: 0x3D2440)

    /// Day: warm paper going down to lavender, ink text, amber stars.
    public static let light = Palette(
        isDark: false, backgroundTop: 0xFBF7F0, backgroundBottom: 0xEDE8F4, backdrop: RGBA(0x7A6FC0, alpha: 16), surface: 0xFFFFFF,
        surfaceEdge: RGBA(0x1B1E33, alpha: 26), scrim: RGBA(0x2A2540, alpha: 90), shadow: RGBA(0x2A2540, alpha: 60),
        well: 0xDAD5E6, cell: 0xC9C3DA, wall: 0x6F6A86, wallInset: 0x57536C, text: 0x1B1E33, secondaryText: 0x535A74,
        accent: 0x8A5300, danger: 0xB3261E, control: 0xFFFFFF, controlEdge: 0x70758D, selected: 0xDCE3FF, primary: 0x2F55D4,
        onPrimary: 0xFFFFFF, focus: 0x2F55D4, star: 0xA86A00, starHollow: 0x77728C, banner: 0xF8DDE2)

    /// Night at full contrast: black ground, white text and edges, no translucent layers.
    public static let darkHighContrast = Palette(
        isDark: true, backgroundTop: 0x000000, backgroundBottom: 0x000000, backdrop: RGBA(0x000000, alpha: 0), surface: 0x0D0D12,
        surfaceEdge: RGBA(0xFFFFFF, alpha: 255), scrim: RGBA(0x000000, alpha: 220), shadow: RGBA(0x000000, alpha: 0),
        well: 0x000000, cell: 0x24242C, wall: 0xD0D0D8, wallInset: 0x8C8C98, text: 0xFFFFFF, secondaryText: 0xE6E6EE,
        accent: 0xFFE24D, danger: 0xFF9C94, control: 0x000000, controlEdge: 0xFFFFFF, selected: 0x3A3A48, primary: 0x9CC0FF,
        onPrimary: 0x000000, focus: 0xFFE24D, star: 0xFFE24D, starHollow: 0xC8C8D0, banner: 0x3A0016)

    /// Day at full contrast: white ground, black text and edges, no translucent layers.
    public static let lightHighContrast = Palette(
        isDark: false, backgroundTop: 0xFFFFFF, backgroundBottom: 0xFFFFFF, backdrop: RGBA(0xFFFFFF, alpha: 0), surface: 0xFFFFFF,
        surfaceEdge: RGBA(0x000000, alpha: 255), scrim: RGBA(0xFFFFFF, alpha: 220), shadow: RGBA(0x000000, alpha: 0),
        well: 0xE4E4EA, cell: 0xBDBDC8, wall: 0x303040, wallInset: 0x55556A, text: 0x000000, secondaryText: 0x1F1F2A,
        accent: 0x6B3A00, danger: 0x8A0000, control: 0xFFFFFF, controlEdge: 0x000000, selected: 0xC9D4FF, primary: 0x1238B0,
        onPrimary: 0xFFFFFF, focus: 0x1238B0, star: 0x9A5B00, starHollow: 0x45455A, banner: 0xFFD6DE)

    /// The ground at `fraction` of the way down (0 top, 1 bottom).
    public func background(at fraction: Double) -> RGBA { backgroundTop.mixed(with: backgroundBottom, fraction) }

    /// The ground's mid-tone: what the board's outer ring and the edge of a sliding screen
    /// stand on.
    public var background: RGBA { background(at: 0.5) }

    /// A button's `fill` while the mouse rests on it: tinted towards the primary colour; the
    /// primary button itself a little lighter in the dark themes and darker in the light
    /// ones (its text stays as readable).
    public func hovered(_ fill: RGBA, isPrimary: Bool) -> RGBA {
        guard isPrimary else { return fill.mixed(with: primary, 0.14) }
        return fill.mixed(with: isDark ? RGBA(0xFFFFFF) : RGBA(0x000000), 0.12)
    }

    // MARK: Blocks

    /// A block's colour, the same in every theme (the colours are the game). Chosen so that
    /// no two are confused with protanopia, deuteranopia or tritanopia, and so that their
    /// lightness climbs in steps of about 10 (L*, CIELAB) from purple to white: in
    /// greyscale too they stay apart (docs/design.md has the figures; `DesignTokenTests`
    /// checks them).
    public static func block(_ color: BlockColor) -> RGBA {
        switch color {
        case .red: RGBA(0xD2354F)
        case .orange: RGBA(0xF08E2A)
        case .yellow: RGBA(0xFFDA52)
        case .green: RGBA(0x289F6A)
        case .blue: RGBA(0x1450DB)
        case .purple: RGBA(0x4F28AE)
        case .cyan: RGBA(0x50D2E0)
        case .white: RGBA(0xF5F6F8)
        }
    }

    /// A shape per colour for colour-blind players: no two alike, all in DejaVu Sans.
    public static func symbol(_ color: BlockColor) -> String {
        switch color {
        case .red: "●"
        case .orange: "▲"
        case .yellow: "■"
        case .green: "◆"
        case .blue: "★"
        case .purple: "♥"
        case .cyan: "♣"
        case .white: "✚"
        }
    }

    /// Ink for a symbol: white on the dark blocks (red, blue, purple), ink on the light
    /// ones; at least 3:1 on every block.
    public static func symbolInk(_ color: BlockColor) -> RGBA {
        switch color {
        case .red, .blue, .purple: RGBA(0xFFFFFF)
        default: RGBA(0x161A2E)
        }
    }
}

extension Palette {
    /// The colours of `appearance`.
    public init(_ appearance: Appearance) {
        switch (appearance.theme, appearance.contrast) {
        case (.dark, .normal): self = .dark
        case (.dark, .high): self = .darkHighContrast
        case (.light, .normal): self = .light
        case (.light, .high): self = .lightHighContrast
        }
    }
}
