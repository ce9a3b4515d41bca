import BloqGame

/// The game's colours: eight block colours chosen to stay distinct from each other on the
/// board, and the board's and the screens' own tones, for the appearance in force (dark or
/// light, normal or high contrast). The light and high-contrast sets are a first, minimal
/// take, so that the desktop's preference shows at once; their look is issue 38's.
struct Palette: Equatable {
    var background: RGBA
    var boardFrame: RGBA
    var emptyCell: RGBA
    var wall: RGBA
    var wallInset: RGBA
    var text: RGBA
    var secondaryText: RGBA
    var accent: RGBA
    var overlay: RGBA
    var button: RGBA
    var cursor: RGBA
    var control: RGBA
    var selected: RGBA
    var card: RGBA
    var danger: RGBA
    /// A hint's marks: a white core in a black halo, which stands out on every block
    /// colour (white blocks by the halo, dark cells by the core).
    var hintInk = RGBA(0xFFFFFF)
    var hintHalo = RGBA(0x000000, alpha: 210)
    /// The band of a banner (the board can no longer be cleared).
    var banner: RGBA

    /// The colours of `appearance`.
    init(_ appearance: Appearance) {
        switch (appearance.theme, appearance.contrast) {
        case (.dark, .normal): self = .dark
        case (.dark, .high): self = .darkHighContrast
        case (.light, .normal): self = .light
        case (.light, .high): self = .lightHighContrast
        }
    }

    private init(
        background: UInt32, boardFrame: UInt32, emptyCell: UInt32, wall: UInt32, wallInset: UInt32, text: UInt32,
        secondaryText: UInt32, accent: UInt32, overlay: RGBA, button: UInt32, cursor: UInt32, control: UInt32, selected: UInt32,
        card: UInt32, danger: UInt32, banner: UInt32
    ) {
        self.background = RGBA(background)
        self.boardFrame = RGBA(boardFrame)
        self.emptyCell = RGBA(emptyCell)
        self.wall = RGBA(wall)
        self.wallInset = RGBA(wallInset)
        self.text = RGBA(text)
        self.secondaryText = RGBA(secondaryText)
        self.accent = RGBA(accent)
        self.overlay = overlay
        self.button = RGBA(button)
        self.cursor = RGBA(cursor)
        self.control = RGBA(control)
        self.selected = RGBA(selected)
        self.card = RGBA(card)
        self.danger = RGBA(danger)
        self.banner = RGBA(banner)
    }

    /// The game's own look: light text on a dark board.
    static let dark = Palette(
        background: 0x151923, boardFrame: 0x222838, emptyCell: 0x2B3246, wall: 0x626B80, wallInset: 0x4A5264, text: 0xF2F4F8,
        secondaryText: 0x9AA3B8, accent: 0xF5C518, overlay: RGBA(0x0E1118, alpha: 200), button: 0x3B82F6, cursor: 0xF2F4F8,
        control: 0x343C52, selected: 0x4A5575, card: 0x232A3B, danger: 0xFF6B6B, banner: 0x2E2536)

    /// Dark, with black behind, white text and brighter edges.
    static let darkHighContrast = Palette(
        background: 0x000000, boardFrame: 0x1A1A1A, emptyCell: 0x303030, wall: 0xC8C8C8, wallInset: 0x8C8C8C, text: 0xFFFFFF,
        secondaryText: 0xE6E6E6, accent: 0xFFE000, overlay: RGBA(0x000000, alpha: 235), button: 0x1D5BD8, cursor: 0xFFFFFF,
        control: 0x2A2A2A, selected: 0x505050, card: 0x0A0A0A, danger: 0xFF8A8A, banner: 0x3A0016)

    /// Dark text on a light board.
    static let light = Palette(
        background: 0xEEF0F5, boardFrame: 0xD3D8E3, emptyCell: 0xC3CAD8, wall: 0x707A8F, wallInset: 0x596275, text: 0x151923,
        secondaryText: 0x4F596E, accent: 0xA86A00, overlay: RGBA(0xF6F7FA, alpha: 225), button: 0x8DB6FF, cursor: 0x151923,
        control: 0xDCE1EB, selected: 0xBAC5DD, card: 0xFFFFFF, danger: 0xC0282E, banner: 0xF3DDE3)

    /// Light, with white behind, black text and darker edges.
    static let lightHighContrast = Palette(
        background: 0xFFFFFF, boardFrame: 0xC8C8C8, emptyCell: 0xB0B0B0, wall: 0x404040, wallInset: 0x202020, text: 0x000000,
        secondaryText: 0x1A1A1A, accent: 0x7A4A00, overlay: RGBA(0xFFFFFF, alpha: 240), button: 0x9CC2FF, cursor: 0x000000,
        control: 0xE0E0E0, selected: 0xA8A8A8, card: 0xFFFFFF, danger: 0xA00000, banner: 0xFFD6DE)

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

    /// A block's colour (the same in every appearance: the colours are the game).
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
