import BloqGame

/// The game's colours: eight block colours chosen to stay distinct from each other on a
/// dark board, and the board's own tones.
enum Palette {
    static let background = RGBA(0x151923)
    static let boardFrame = RGBA(0x222838)
    static let emptyCell = RGBA(0x2B3246)
    static let wall = RGBA(0x626B80)
    static let wallInset = RGBA(0x4A5264)
    static let text = RGBA(0xF2F4F8)
    static let secondaryText = RGBA(0x9AA3B8)
    static let accent = RGBA(0xF5C518)
    static let overlay = RGBA(0x0E1118, alpha: 200)
    static let button = RGBA(0x3B82F6)
    static let cursor = RGBA(0xF2F4F8)
    static let control = RGBA(0x343C52)
    static let selected = RGBA(0x4A5575)
    static let card = RGBA(0x232A3B)
    static let danger = RGBA(0xFF6B6B)
    /// A hint's marks: a white core in a black halo, which stands out on every block
    /// colour (white blocks by the halo, dark cells by the core).
    static let hintInk = RGBA(0xFFFFFF)
    static let hintHalo = RGBA(0x000000, alpha: 210)
    /// The band of a banner (the board can no longer be cleared).
    static let banner = RGBA(0x2E2536)

    /// A shape per colour for colour-blind players: no two alike, all in DejaVu Sans.
    static func symbol(_ color: BlockColor) -> String {
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

    /// Ink for a symbol: dark on light colours, light on dark ones.
    static func symbolInk(_ color: BlockColor) -> RGBA {
        switch color {
        case .yellow, .white, .cyan, .orange, .green: RGBA(0x1A1D26)
        default: RGBA(0xFFFFFF)
        }
    }

    static func block(_ color: BlockColor) -> RGBA {
        switch color {
        case .red: RGBA(0xE5484D)
        case .orange: RGBA(0xF28A24)
        case .yellow: RGBA(0xF5CF1E)
        case .green: RGBA(0x3FBF5F)
        case .blue: RGBA(0x3C7EF0)
        case .purple: RGBA(0x9B5DE5)
        case .cyan: RGBA(0x27C9DB)
        case .white: RGBA(0xEEF1F6)
        }
    }
}
