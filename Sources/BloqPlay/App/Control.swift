import BloqEngine
import BloqGame

/// Which control a control is: the identity the router, focus and painters share. What
/// it does is its screen's business.
public enum ControlID: Hashable, Sendable {
    // Title
    case play, daily, levels, settings, about, quit
    /// Every screen's header: back a screen.
    case back
    // Play toolbar
    case undo, redo, restart, hint
    /// The banner that says the board can no longer be cleared: its Undo and Restart.
    case stuckUndo, stuckRestart
    // Level list
    case tab(Int)
    case previousPage, nextPage, continueLevel
    /// A level tile: the index of the item in its pack.
    case tile(Int)
    // Preview card
    case previewPlay, previewClose
    // Cleared overlay
    case nextLevel, playAgain
    // Settings
    case toggle(SettingKey)
    // Title and sharing
    case make, pasteCode, copyCode, editCopy
    // Level editor
    case tool(EditorTool)
    case editTitle, editPack
    case editor(EditorAction)
}

/// What the editor paints with.
public enum EditorTool: Hashable, Sendable, CaseIterable {
    case block(BlockColor)
    case wall
    case empty

    public static var allCases: [EditorTool] { BlockColor.allCases.map(EditorTool.block) + [.wall, .empty] }

    /// The tool's name, its control's label.
    public var label: String {
        switch self {
        case .block(let color): color.name.prefix(1).uppercased() + color.name.dropFirst()
        case .wall: "Wall"
        case .empty: "Empty"
        }
    }

    /// The cell it paints.
    public var cell: Cell {
        switch self {
        case .block(let color): .block(color)
        case .wall: .wall
        case .empty: .empty
        }
    }
}

/// The editor's tools that change the whole grid, and its other buttons.
public enum EditorAction: String, Hashable, Sendable, CaseIterable {
    case clear, mirror, rotate, addRow, removeRow, addColumn, removeColumn, testPlay, save
}

/// The settings a control can toggle.
public enum SettingKey: String, Hashable, Sendable, CaseIterable {
    case colorBlindSymbols, sound, fullscreen, reducedMotion

    /// The toggle's label.
    public var label: String {
        switch self {
        case .colorBlindSymbols: "Colour-blind symbols"
        case .sound: "Sound"
        case .fullscreen: "Fullscreen (F11)"
        case .reducedMotion: "Reduced motion"
        }
    }

    /// The setting's value in `settings`.
    public func isOn(_ settings: Settings) -> Bool {
        switch self {
        case .colorBlindSymbols: settings.colorBlindSymbols
        case .sound: settings.sound
        case .fullscreen: settings.fullscreen
        case .reducedMotion: settings.reducedMotion
        }
    }

    /// Flips the setting in `settings`.
    public func toggle(_ settings: inout Settings) {
        switch self {
        case .colorBlindSymbols: settings.colorBlindSymbols.toggle()
        case .sound: settings.sound.toggle()
        case .fullscreen: settings.fullscreen.toggle()
        case .reducedMotion: settings.reducedMotion.toggle()
        }
    }
}

/// Something on screen a press can hit: what it is, what it says, where it is (pixels).
/// Screens list their controls; the router hit-tests them, painters draw them, replays
/// find them by label.
public struct Control: Hashable, Sendable {
    /// How a painter shows it.
    public enum Style: Hashable, Sendable {
        case plain
        /// The screen's main action.
        case accent
        /// The chosen one of a group (the current pack's tab).
        case selected
        /// An on/off switch.
        case toggle(on: Bool)
        /// A level tile (the painter draws the level in miniature).
        case tile
        /// A text field: its value, and whether it is being typed in.
        case field(value: String, editing: Bool)
        /// A paint swatch of the editor (selected or not).
        case swatch(EditorTool, selected: Bool)
    }

    public var id: ControlID
    /// The visible text without decorative glyphs ("Back", "Next level"); a level tile's
    /// label is its number in the list. Replays `tap` by it.
    public var label: String
    /// Decorative glyphs drawn before and after the label ("‹ ", " ›").
    public var leading = ""
    public var trailing = ""
    public var rect: Rect
    public var isEnabled = true
    public var style = Style.plain
    /// Whether the keyboard focus may rest on it: enabled controls, and level tiles even
    /// when locked (choosing a locked one says how to open it).
    public var isFocusable: Bool { isEnabled || style == .tile }

    public init(
        _ id: ControlID, _ label: String, rect: Rect, isEnabled: Bool = true, style: Style = .plain, leading: String = "",
        trailing: String = ""
    ) {
        self.id = id
        self.label = label
        self.rect = rect
        self.isEnabled = isEnabled
        self.style = style
        self.leading = leading
        self.trailing = trailing
    }

    /// The text a painter draws.
    public var text: String { leading + label + trailing }
}

/// A sound the platform should play.
public enum SoundCue: Hashable, Sendable {
    case slide, vanish, clear, bump, click
}
