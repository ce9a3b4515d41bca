import BloqEngine
import BloqGame
import BloqLocalization

/// Which control a control is: the identity the router, focus and painters share. What
/// it does is its screen's business.
public enum ControlID: Hashable, Sendable {
    // Title
    case play, daily, levels, settings, about, quit, statistics
    /// Every screen's header: back a screen.
    case back
    // Play toolbar
    case undo, redo, restart, hint, solution
    /// A solve code's line, offered to watch (in the Solution button's place).
    case watchLine
    /// The Cleared card's Share: the result and its solve code, to the clipboard.
    case shareResult
    /// The review of the line played (on the Cleared card, and in Solution's place when
    /// the board is stuck); in it, a move (its number in the line, from 1), trying again
    /// from the move chosen, its pages, and the way back.
    case review, retryFromMove, reviewPrevious, reviewNext, closeReview
    case reviewMove(Int)
    /// The help ("?"): what the keys, the gestures or the gamepad's buttons do.
    case showHelp
    // Level list
    case tab(Int)
    case previousPage, nextPage, continueLevel
    /// The pack before and after the one shown, where the tabs do not fit the window.
    case previousPack, nextPack
    /// A level tile: the index of the item in its pack.
    case tile(Int)
    // Preview card
    case previewPlay, previewClose
    // Cleared overlay
    case nextLevel, playAgain
    // Settings
    case toggle(SettingKey)
    /// An appearance setting (theme, contrast, reduced motion): each press picks the next
    /// choice, following the system first.
    case appearance(AppearanceKey)
    /// The language the game shows: each press picks the next choice.
    case language
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
        case .block(let color):
            switch color {
            case .red: tr("Red")
            case .orange: tr("Orange")
            case .yellow: tr("Yellow")
            case .green: tr("Green")
            case .blue: tr("Blue")
            case .purple: tr("Purple")
            case .cyan: tr("Cyan")
            case .white: tr("White")
            }
        // TRANSLATORS: the editor's paints: a wall cell, an empty cell (which erases).
        case .wall: tr("Wall")
        case .empty: tr("Empty")
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
    case colorBlindSymbols, sound, fullscreen

    /// The toggle's label.
    public var label: String {
        switch self {
        case .colorBlindSymbols: tr("Colour-blind symbols")
        case .sound: tr("Sound")
        case .fullscreen: tr("Fullscreen")
        }
    }

    /// The key that toggles it too, shown after the label to a keyboard player.
    public var key: String? { self == .fullscreen ? "F11" : nil }

    /// The setting in `Settings` (what the switch shows, and flips).
    public var setting: WritableKeyPath<Settings, Bool> {
        switch self {
        case .colorBlindSymbols: \.colorBlindSymbols
        case .sound: \.sound
        case .fullscreen: \.fullscreen
        }
    }
}

/// The appearance settings: each follows the system (the desktop's preference) unless the
/// player chooses, and its row says which, and what the system gives ("Automatic (dark)").
public enum AppearanceKey: String, Hashable, Sendable, CaseIterable {
    case theme, contrast, motion

    /// The row's label.
    public var label: String {
        switch self {
        case .theme: tr("Theme")
        case .contrast: tr("Contrast")
        case .motion: tr("Reduced motion")
        }
    }

    /// What the row says for `settings`, where `system` is what following the system gives;
    /// `brief`: "Automatic" alone, for a row too narrow for "Automatic (dark)".
    public func value(_ settings: Settings, system: Appearance, brief: Bool = false) -> String {
        // TRANSLATORS: a setting that follows the desktop, and what the desktop says now
        // ("Automatic (dark)").
        func automatic(_ now: String) -> String { brief ? tr("Automatic") : tr("Automatic (%1)", now) }
        switch self {
        case .theme:
            switch settings.theme {
            // TRANSLATORS: what the desktop's theme is now, in "Automatic (dark)": light or dark.
            case .system: return automatic(system.theme == .light ? tr("light") : tr("dark"))
            case .light: return tr("Light")
            case .dark: return tr("Dark")
            }
        case .contrast:
            switch settings.contrast {
            // TRANSLATORS: the desktop's contrast now, in "Automatic (high)": high or normal.
            case .system: return automatic(system.contrast == .high ? tr("high") : tr("normal"))
            case .normal: return tr("Normal")
            case .high: return tr("High")
            }
        case .motion:
            switch settings.motion {
            // TRANSLATORS: reduced motion on or off, as the system sets it.
            case .system: return automatic(system.reducedMotion ? tr("on") : tr("off"))
            case .reduced: return tr("On")
            case .full: return tr("Off")
            }
        }
    }

    /// Every text the row may say (its value's box is as wide as the widest).
    public var values: [String] {
        var settings = Settings()
        var texts: [String] = []
        let systems = [Appearance(), Appearance(theme: .light, contrast: .high, reducedMotion: true)]
        // Each of the three choices in turn, from the default (the system's).
        for _ in 0..<3 {
            for system in systems { texts.append(value(settings, system: system)) }
            next(&settings)
        }
        return texts
    }

    /// Picks the next choice in `settings`: the system's, then each of the two.
    public func next(_ settings: inout Settings) {
        func following<Choice: CaseIterable & Equatable>(_ value: Choice) -> Choice {
            let all = Array(Choice.allCases)
            let index = all.firstIndex(of: value) ?? 0
            return all[(index + 1) % all.count]
        }
        switch self {
        case .theme: settings.theme = following(settings.theme)
        case .contrast: settings.contrast = following(settings.contrast)
        case .motion: settings.motion = following(settings.motion)
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
        case field(value: String, editing: Bool, caret: Int = 0, allSelected: Bool = false)
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
    /// The label's font size in pixels, as the screen laid it out (every control of a row
    /// or a column shares one).
    public var labelPx: Double = 0
    /// Where the label is drawn; nil: centred in the control. A swatch draws none
    /// (`showsLabel`).
    public var labelFrame: Rect?
    /// Where the label sits in its frame across: 0 left, 0.5 centre.
    public var labelAlignment = 0.5
    /// Whether the label is drawn (a paint swatch shows its colour, not its name).
    public var showsLabel = true
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

    /// The label as drawn: its text, box and size (nil when none is drawn).
    public var labelBox: TextBox? {
        guard showsLabel, labelPx > 0 else { return nil }
        if let labelFrame {
            return TextBox(text, frame: labelFrame, px: labelPx, alignment: labelAlignment, owner: id)
        }
        return Typesetter.line(text, px: labelPx, in: rect, alignment: 0.5, owner: id)
    }
}

extension Control {
    /// The help button, "?": a square of the screen's control size in the top-right corner
    /// of `frame` (the title's, the play screen's header). The keys' help for a keyboard
    /// player, the gestures for a touch player, the buttons for a gamepad's.
    static func helpButton(in frame: Rect, _ metrics: Metrics) -> Control {
        let side = metrics.unit
        var control = Control(.showHelp, "?", rect: Rect(x: frame.maxX - side, y: frame.y, width: side, height: side))
        control.labelPx = metrics.type.body
        return control
    }
}
