import BloqGame
import BloqLocalization

/// What a key or a gamepad button asks the shell for.
public enum Command: Hashable, Sendable {
    /// Back a screen (or close what is open on it).
    case back
    case showHelp
    /// Close the help.
    case dismiss
    case toggleFullscreen
    /// Quit the game (Ctrl+Q, as GNOME's and KDE's applications do).
    case quit
    /// Spatial focus navigation among the screen's enabled controls.
    case moveFocus(Direction)
    case focusNext, focusPrevious
    /// Activate the focused control, as a click on it would.
    case activateFocus
    case nextPage, previousPage
    /// The wheel turned this many notches down (negative: up): pages where a screen has them.
    case scroll(Int)
    /// Show what holding the focused control shows (a level tile's preview card).
    case preview
    /// A command for the board being played.
    case play(PlayCommand)
    /// A command for the level editor.
    case editor(EditorCommand)
    /// Text fields: delete the character before the caret; stop typing.
    case deleteBackward, endTextEntry
    /// Text fields: delete the word before the caret; select everything; paste the
    /// clipboard; move the caret.
    case deleteWordBackward, selectAll, paste
    case caret(TextField.Motion)

    /// Whether a key held down does it again at the desktop's repeat rate: moving a cursor,
    /// the focus, a caret or a page, deleting, undoing and redoing, as in any application.
    /// Nothing else: Escape held 1.5 s went back from a level to the title and quit the
    /// game, Return held on the Cleared card played the level again and went on pressing.
    public var repeatsWhenHeld: Bool {
        switch self {
        case .moveFocus, .focusNext, .focusPrevious, .nextPage, .previousPage, .deleteBackward, .deleteWordBackward, .caret: true
        case .play(.moveCursor), .play(.undo), .play(.redo), .editor(.cursor), .editor(.undo), .editor(.redo): true
        default: false
        }
    }
}

/// What a key asks of the level editor.
public enum EditorCommand: Hashable, Sendable {
    case undo, redo
    /// Move the grid's cursor.
    case cursor(Direction)
    /// Paint the cursor's cell with the chosen tool.
    case paint
    /// Choose the tool at an index of `EditorTool.allCases`.
    case tool(Int)
}

/// Where a binding applies. Each screen names its contexts, most specific first; the
/// first context with a binding for the input wins.
public enum CommandContext: String, Hashable, Sendable {
    /// Every screen but the help.
    case anywhere
    /// Screens of controls (title, level list, settings, about, a preview card).
    case menu
    /// The level list (paging).
    case levels
    /// The board being played.
    case play
    /// The Cleared overlay over the board.
    case cleared
    /// The key help: any key closes it.
    case help
    /// The level editor's grid.
    case editor
    /// A text field being typed in (the editor's title and pack).
    case text
}

/// One row of the command table: in `context`, any of `keys` or `buttons` means `command`.
public struct CommandBinding: Sendable {
    public var context: CommandContext
    public var keys: [KeyChord]
    public var buttons: [GamepadPress]
    /// Any key or button at all (the help closes on any).
    public var anyInput = false
    public var command: Command
    /// What the key help says it does (nil: not listed). In English: the help translates
    /// it as it shows it (the table is made once), so it is marked with `trLater`.
    public var help: String?
    /// A word for the play screen's footer ("undo"), when it is shown there.
    public var footer: String?
    /// A word for the gamepad's line ("undo", "choose"): what its buttons do, shown while
    /// a gamepad is used (nil: not listed there).
    public var pad: String?

    public init(
        _ context: CommandContext, keys: [KeyChord] = [], buttons: [GamepadPress] = [], anyInput: Bool = false, _ command: Command,
        help: String? = nil, footer: String? = nil, pad: String? = nil
    ) {
        self.context = context
        self.keys = keys
        self.buttons = buttons
        self.anyInput = anyInput
        self.command = command
        self.help = help
        self.footer = footer
        self.pad = pad
    }
}

/// The one table that maps (key or gamepad button, context) to a command. The key help
/// and the play screen's footer are generated from it; nothing else interprets keys.
public struct CommandTable: Sendable {
    public let bindings: [CommandBinding]

    public init(_ bindings: [CommandBinding]) { self.bindings = bindings }

    /// The command `chord` means in the first of `contexts` that binds it.
    public func command(for chord: KeyChord, in contexts: [CommandContext]) -> Command? {
        command(in: contexts) { $0.keys.contains { $0.matches(chord) } }
    }

    /// The command `press` means in the first of `contexts` that binds it.
    public func command(for press: GamepadPress, in contexts: [CommandContext]) -> Command? {
        command(in: contexts) { $0.buttons.contains(press) }
    }

    private func command(in contexts: [CommandContext], binding matches: (CommandBinding) -> Bool) -> Command? {
        for context in contexts {
            if let binding = bindings.first(where: { $0.context == context && ($0.anyInput || matches($0)) }) { return binding.command }
        }
        return nil
    }

    /// The key help's rows: the keys (joined with "or") and what they do, in table order,
    /// then one row for the gamepad.
    public var helpRows: [(keys: String, does: String)] {
        var rows: [(keys: [KeyChord], does: String)] = []
        var pad: [(presses: [GamepadPress], does: String)] = []
        for binding in bindings {
            guard let help = binding.help else { continue }
            if !binding.keys.isEmpty {
                if let same = rows.firstIndex(where: { $0.does == help }) {
                    rows[same].keys += binding.keys.filter { !rows[same].keys.contains($0) }
                } else {
                    rows.append((binding.keys, help))
                }
            }
            if !binding.buttons.isEmpty, let word = binding.pad {
                if let same = pad.firstIndex(where: { $0.does == word }) {
                    pad[same].presses += binding.buttons.filter { !pad[same].presses.contains($0) }
                } else if !pad.contains(where: { $0.presses.contains { binding.buttons.contains($0) } }) {
                    pad.append((binding.buttons, word))
                }
            }
        }
        // Rows whose keys read the same (the arrows move the cursor, and the focus in
        // menus) are one row.
        var result: [(keys: String, does: String)] = []
        for row in rows {
            let keys = CommandTable.describe(row.keys)
            if let same = result.firstIndex(where: { $0.keys == keys }) {
                result[same].does = joinedClauses([result[same].does, tr(row.does)])
            } else {
                result.append((keys, tr(row.does)))
            }
        }
        // The gamepad's buttons, a few to a row.
        let entries = pad.map { "\(CommandTable.describe($0.presses)) \(tr($0.does))" }
        for start in stride(from: 0, to: entries.count, by: 4) {
            result.append((start == 0 ? tr("Gamepad") : "", entries[start..<min(start + 4, entries.count)].joined(separator: ",  ")))
        }
        return result
    }

    /// The help's rows for a gamepad player: each button (the D-pad's four as one) and
    /// what it does on every screen that binds it ("cursor; move focus"), in table order.
    public var padRows: [(keys: String, does: String)] {
        var perPress: [(press: GamepadPress, words: [String])] = []
        for binding in bindings {
            guard let word = binding.pad, binding.context != .help, binding.context != .text else { continue }
            for press in binding.buttons {
                let does = tr(word)
                if let same = perPress.firstIndex(where: { $0.press == press }) {
                    if !perPress[same].words.contains(does) { perPress[same].words.append(does) }
                } else {
                    perPress.append((press, [does]))
                }
            }
        }
        // Buttons that do the same are one row (the D-pad's four directions).
        var groups: [(presses: [GamepadPress], words: [String])] = []
        for entry in perPress {
            if let same = groups.firstIndex(where: { $0.words == entry.words }) {
                groups[same].presses.append(entry.press)
            } else {
                groups.append(([entry.press], entry.words))
            }
        }
        return groups.map { (CommandTable.describe($0.presses), joinedClauses($0.words)) }
    }

    /// The play screen's footer line: the board's gesture, then each key with a footer word.
    public var footerHint: String { footerHint() }

    /// The footer line with the footer word of `replacing.command` replaced by its `word`,
    /// given translated (Escape leads to the title, not the list, from the daily board:
    /// `(.back, tr("menu"))`), or that key left out with no word (Escape does nothing when a
    /// single level was asked for: `bloq play --level`). For a player at the keys (`atKeys`:
    /// the board's cursor shows), it starts with the keys that push instead of the drag
    /// (helper-58 played by keyboard and read only "Drag a block").
    public func footerHint(replacing replacement: (command: Command, word: String?)? = nil, atKeys: Bool = false) -> String {
        // TRANSLATORS: "push" follows "Shift + arrow" on the key line ("Shift + arrow push", as
        // "H hint"), and names a gamepad button's action.
        var parts = [atKeys ? "\(tr("Shift + arrow")) \(tr("push"))" : tr("Drag a block")]
        for binding in bindings {
            guard let footer = binding.footer, let key = binding.keys.first else { continue }
            var word = tr(footer)
            if let replacement, binding.command == replacement.command {
                guard let instead = replacement.word else { continue }
                word = instead
            }
            parts.append("\(key.localizedName(short: true)) \(word)")
        }
        return parts.joined(separator: "  ·  ")
    }

    /// The gamepad's line for a screen in `contexts` (most specific first): each button
    /// with what it does there ("D-pad move  ·  A choose  ·  B back"), a button listed once,
    /// under the first context that binds it; `replacing` changes a command's word (B goes
    /// to the title from the daily board).
    public func padHint(for contexts: [CommandContext], replacing: (Command, String)? = nil) -> String {
        if contexts.first == .help { return tr("Any button closes the help") }
        var entries: [(presses: [GamepadPress], word: String)] = []
        var taken: Set<GamepadPress> = []
        for context in contexts {
            for binding in bindings where binding.context == context && !binding.buttons.isEmpty {
                let fresh = binding.buttons.filter { !taken.contains($0) }
                taken.formUnion(binding.buttons)
                guard var word = binding.pad, !fresh.isEmpty else { continue }
                if let replacing, binding.command == replacing.0 { word = replacing.1 }
                if let same = entries.firstIndex(where: { $0.word == word }) {
                    entries[same].presses += fresh
                } else {
                    entries.append((fresh, word))
                }
            }
        }
        return entries.map { CommandTable.describe($0.presses) + " " + tr($0.word) }.joined(separator: "  ·  ")
    }

    // MARK: Names

    /// "Arrows" for the four arrows, "Shift + arrow" for the four pushed, "Menu key" for the
    /// two names SDL gives the context-menu key, else the keys joined with "or".
    static func describe(_ keys: [KeyChord]) -> String {
        if keys.count == 4, Set(keys.map(\.key)) == [.left, .right, .up, .down] {
            let first = keys[0]
            return first.shift ? tr("Shift + arrow") : tr("Arrows")
        }
        if keys.count == 10, keys.allSatisfy({ $0.key.digit != nil }) { return tr("1 to 9, 0") }
        // helper-58 read "Menu oder Application", SDL's two names for the one key.
        // TRANSLATORS: the context-menu key, beside the right Ctrl, as your language calls it
        // (German "Menütaste"), in the key help's column of keys.
        if Set(keys.map(\.key)) == [.other("Menu"), .other("Application")] { return tr("Menu key") }
        var names: [String] = []
        for name in keys.map({ $0.localizedName() }) where !names.contains(name) { names.append(name) }
        // TRANSLATORS: between two keys that do the same, as in "Z  or  Ctrl+Z".
        return names.joined(separator: "  \(tr("or"))  ")
    }

    static func describe(_ presses: [GamepadPress]) -> String {
        let dpad: Set<GamepadButton> = [.up, .down, .left, .right]
        if presses.count == 4, Set(presses.map(\.button)) == dpad {
            return presses[0].shoulderHeld ? "LB + D-pad" : "D-pad"
        }
        return presses.map(\.description).joined(separator: "/")
    }
}

extension KeyChord {
    /// Whether a pressed chord is this binding: the same key and modifiers.
    public func matches(_ pressed: KeyChord) -> Bool { self == pressed }
}

extension CommandTable {
    /// Bloq's keys and buttons (GAME.md, Inputs and screens).
    public static let standard: CommandTable = {
        func keys(_ names: String...) -> [KeyChord] { names.compactMap { KeyChord(parsing: $0) } }
        /// A binding in `context` for each arrow key and the D-pad's same direction (with
        /// Shift, and the left shoulder held, when `shift`).
        func arrows(
            _ context: CommandContext, shift: Bool = false, _ command: (Direction) -> Command, help: String? = nil, pad: String
        ) -> [CommandBinding] {
            let names: [(Direction, Key, GamepadButton)] = [
                (.left, .left, .left), (.right, .right, .right), (.up, .up, .up), (.down, .down, .down),
            ]
            return names.map { direction, key, button in
                CommandBinding(
                    context, keys: [KeyChord(key, shift: shift)], buttons: [GamepadPress(button, shoulderHeld: shift)], command(direction),
                    help: help, pad: pad)
            }
        }
        var table: [CommandBinding] = [
            // The key help: the arrows and page keys turn its pages (when it has more than
            // one), any other key closes it.
            CommandBinding(
                .help, keys: keys("Right", "Down", "PageDown"), buttons: [GamepadPress(.right), GamepadPress(.down)], .nextPage),
            CommandBinding(.help, keys: keys("Left", "Up", "PageUp"), buttons: [GamepadPress(.left), GamepadPress(.up)], .previousPage),
            // Ctrl+Q quits from the help too, and while a text field is typed in (below).
            CommandBinding(.help, keys: keys("Ctrl+Q"), .quit),
            CommandBinding(.help, anyInput: true, .dismiss),
        ]
        // The board.
        table += arrows(.play, { .play(.moveCursor($0)) }, help: trLater("move the cursor"), pad: trLater("cursor"))
        table += arrows(
            .play, shift: true, { .play(.pushAtCursor($0)) }, help: trLater("push the block under the cursor"), pad: trLater("push"))
        table += [
            CommandBinding(
                .play, keys: keys("H"), buttons: [GamepadPress(.x)], .play(.hint), help: trLater("hint: the next two moves, as ghosts"),
                footer: trLater("hint"), pad: trLater("hint")),
            CommandBinding(
                .play, keys: keys("Z", "Ctrl+Z"), buttons: [GamepadPress(.y)], .play(.undo), help: trLater("undo"), footer: trLater("undo"),
                pad: trLater("undo")),
            CommandBinding(
                .play, keys: keys("Y", "Ctrl+Shift+Z"), buttons: [GamepadPress(.rightShoulder)], .play(.redo), help: trLater("redo"),
                footer: trLater("redo"),
                pad: trLater("redo")),
            CommandBinding(
                .play, keys: keys("R"), buttons: [GamepadPress(.back)], .play(.restart), help: trLater("restart (undoable)"),
                footer: trLater("restart"),
                pad: trLater("restart")),
            CommandBinding(
                .play, keys: keys("Shift+S"), buttons: [GamepadPress(.x, shoulderHeld: true)], .play(.showSolution),
                help: trLater("play the rest of the solution (no stars)"), pad: trLater("solution")),
            CommandBinding(
                .play, keys: keys("Escape"), buttons: [GamepadPress(.b)], .back, help: trLater("back"), footer: trLater("levels"),
                pad: trLater("levels")),
            CommandBinding(.play, keys: keys("Tab"), .focusNext, help: trLater("move the focus along the buttons (Shift+Tab: back)")),
            CommandBinding(.play, keys: keys("Shift+Tab"), .focusPrevious),
            CommandBinding(.play, keys: keys("Return", "Keypad Enter", "Space"), buttons: [GamepadPress(.a)], .activateFocus),
        ]
        // The Cleared overlay: arrows choose among its buttons; the rest falls to .play.
        table += arrows(.cleared, { .moveFocus($0) }, pad: trLater("move focus"))
        table.append(CommandBinding(.cleared, buttons: [GamepadPress(.a)], .activateFocus, pad: trLater("choose")))
        // The level editor.
        table += arrows(.editor, { .editor(.cursor($0)) }, help: trLater("move the cursor"), pad: trLater("move cursor"))
        table += [
            CommandBinding(
                .editor, keys: keys("Space"), buttons: [GamepadPress(.x)], .editor(.paint),
                help: trLater("paint the cursor's cell (editor)"),
                pad: trLater("paint")),
            CommandBinding(.editor, keys: keys("Z", "Ctrl+Z"), buttons: [GamepadPress(.y)], .editor(.undo), pad: trLater("undo")),
            CommandBinding(
                .editor, keys: keys("Y", "Ctrl+Shift+Z"), buttons: [GamepadPress(.rightShoulder)], .editor(.redo), pad: trLater("redo")),
        ]
        // With Shift too: a French keyboard types its digits so (SDL names the keys by the
        // digit either way).
        for (index, name) in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].enumerated() {
            table.append(
                CommandBinding(
                    .editor, keys: keys(name), .editor(.tool(index)), help: trLater("1 to 8 a colour, 9 a wall, 0 empty (editor)")))
            table.append(CommandBinding(.editor, keys: keys("Shift+" + name), .editor(.tool(index))))
        }
        table += [
            CommandBinding(.text, keys: keys("Ctrl+Q"), .quit),
            CommandBinding(.text, keys: keys("Backspace"), .deleteBackward),
            CommandBinding(.text, keys: keys("Tab"), .focusNext),
            CommandBinding(.text, keys: keys("Shift+Tab"), .focusPrevious),
            CommandBinding(.text, keys: keys("Ctrl+Backspace"), .deleteWordBackward),
            CommandBinding(.text, keys: keys("Ctrl+A"), .selectAll),
            CommandBinding(.text, keys: keys("Ctrl+V", "Shift+Insert"), .paste),
            CommandBinding(.text, keys: keys("Left"), .caret(.left)),
            CommandBinding(.text, keys: keys("Right"), .caret(.right)),
            CommandBinding(.text, keys: keys("Home"), .caret(.home)),
            CommandBinding(.text, keys: keys("End"), .caret(.end)),
            CommandBinding(
                .text, keys: keys("Return", "Keypad Enter", "Escape"), buttons: [GamepadPress(.a), GamepadPress(.b)], .endTextEntry,
                pad: trLater("done")),
        ]
        // The level list.
        table += [
            CommandBinding(
                .levels, keys: keys("PageDown"), buttons: [GamepadPress(.rightShoulder)], .nextPage, help: trLater("next page of levels"),
                pad: trLater("next page")),
            CommandBinding(.levels, keys: keys("PageUp"), .previousPage, help: trLater("previous page of levels")),
            // The title's notice in pages, for a keyboard or a gamepad (TitleScreen).
            CommandBinding(.menu, keys: keys("PageDown"), buttons: [GamepadPress(.rightShoulder)], .nextPage),
            CommandBinding(
                .levels, keys: keys("Menu", "Application"), buttons: [GamepadPress(.y)], .preview,
                help: trLater("the focused level's preview (Edit a copy, Copy code)"), pad: trLater("preview")),
        ]
        // Menus.
        table += arrows(.menu, { .moveFocus($0) }, help: trLater("move the focus (menus)"), pad: trLater("move focus"))
        table += [
            CommandBinding(.menu, keys: keys("Tab"), .focusNext),
            CommandBinding(.menu, keys: keys("Shift+Tab"), .focusPrevious),
            CommandBinding(
                .menu, keys: keys("Return", "Keypad Enter", "Space"), buttons: [GamepadPress(.a)], .activateFocus,
                help: trLater("choose (the focused button; after a clear, the next level)"), pad: trLater("choose")),
            CommandBinding(.menu, keys: keys("Escape"), buttons: [GamepadPress(.b)], .back, help: trLater("back"), pad: trLater("back")),
            // Everywhere.
            CommandBinding(.anywhere, keys: keys("F11"), .toggleFullscreen, help: trLater("fullscreen")),
            CommandBinding(.anywhere, keys: keys("Ctrl+Q"), .quit, help: trLater("quit the game")),
            CommandBinding(
                .anywhere, keys: keys("F1", "?", "Shift+/"), buttons: [GamepadPress(.start)], .showHelp, help: trLater("this help"),
                footer: trLater("keys"),
                pad: trLater("help")),
            // The keys that type '?' on French, German, Spanish and Russian keyboards: SDL names
            // a key by what it types without Shift (',' on AZERTY, 'ß' as '-' on QWERTZ, "'" on
            // Spanish, '7' on ЙЦУКЕН). Not listed: the row above says '?'. On a US keyboard they
            // are '<', '_', '"' and '&', which nothing else uses (the editor's Shift+7 is its
            // tool 7). (Naming a Shift chord by the character it types would need the decoder
            // to read SDL's text events, which are off outside text fields.)
            CommandBinding(.anywhere, keys: keys("Shift+,", "Shift+-", "Shift+'", "Shift+7"), .showHelp),
        ]
        return CommandTable(table)
    }()
}
