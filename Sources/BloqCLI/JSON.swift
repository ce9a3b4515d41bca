import BloqEngine
import BloqGame
import BloqPlay

/// The JSON forms of CONTRACT section 2, written by hand so keys keep their documented order.
public enum JSON {
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `{"row": 2, "col": 2, "direction": "left"}`
    public static func move(_ move: Move) -> String {
        "{\"row\": \(move.from.row), \"col\": \(move.from.column), \"direction\": \"\(move.direction.rawValue)\"}"
    }

    public static func moves(_ moves: [Move]) -> String { "[" + moves.map(move).joined(separator: ", ") + "]" }

    public static func board(_ board: Board) -> String { "[" + board.lines.map(string).joined(separator: ", ") + "]" }

    /// Whole-app replays' state (CONTRACT section 3): screen, level, board, moves, cleared,
    /// overlay, controls (front-most first) and progress totals.
    public static func app(_ app: AppController, screen: ScreenKind, controls: [Control], levelPath: String?) -> String {
        let session = app.game?.scene.session
        var overlay = "null"
        if let shown = app.playScreen?.visibleOverlay {
            overlay =
                "{\"stars\": \(shown.stars), \"moves\": \(shown.moves), \"par\": \(shown.par.map(String.init) ?? "null"), "
                + "\"time_ms\": \(milliseconds(shown.time))}"
        }
        let play = app.help == nil ? app.playScreen : nil
        let items = controls.map { control -> String in
            let rect = control.rect
            let box = [rect.x, rect.y, rect.width, rect.height].map { String(Int($0.rounded())) }
            return "{\"label\": \(string(control.label)), \"x\": \(box[0]), \"y\": \(box[1]), \"w\": \(box[2]), \"h\": \(box[3]), "
                + "\"enabled\": \(control.isEnabled)}"
        }
        let totals = app.progress?.totals ?? (cleared: 0, stars: 0)
        let fields: [(String, String)] = [
            ("screen", string(screen.rawValue)),
            ("level", levelPath.map(string) ?? "null"),
            ("board", session.map { board($0.board) } ?? app.root.editorScreen.map { board($0.draft.board) } ?? "null"),
            ("moves", session.map { String($0.moves) } ?? "null"),
            ("cleared", session.map { String($0.isCleared) } ?? "null"),
            ("overlay", overlay),
            ("controls", "[" + items.joined(separator: ", ") + "]"),
            ("progress", "{\"cleared\": \(totals.cleared), \"stars\": \(totals.stars)}"),
            ("notices", "[" + app.notices.map(string).joined(separator: ", ") + "]"),
            ("tip", play?.tip.map(string) ?? "null"),
            ("stuck", app.playScreen.map { String($0.game.isStuck) } ?? "null"),
            ("reachable_stars", app.playScreen.map { String($0.game.starsInReach) } ?? "null"),
            ("play_time_ms", app.playScreen.map { milliseconds($0.game.playTime) } ?? "null"),
            (
                "hint",
                app.game.map { $0.hint.isEmpty ? "null" : "[" + $0.hint.map { string(describe($0)) }.joined(separator: ", ") + "]" }
                    ?? "null"
            ),
            ("confetti", String(app.playScreen?.confettiAlive ?? 0)),
            ("texts", "[" + app.shownTexts.map(text).joined(separator: ", ") + "]"),
            ("board_rect", app.boardRect.map(box) ?? "null"),
            ("blocks", app.game.map(blocks) ?? "[]"),
            ("theme", string(app.appearance.theme.rawValue)),
            ("contrast", string(app.appearance.contrast.rawValue)),
            ("reduced_motion", String(app.appearance.reducedMotion)),
        ]
        var all = fields
        if app.help == nil, let editor = app.root.editorScreen { all.append(("editor", self.editor(editor))) }
        return "{" + all.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Every block as drawn now (CONTRACT section 3, `"blocks"`): its colour and box in
    /// window pixels (a block in flight where it is this frame, squashed as it lands), and
    /// whether it is moving; blocks that have vanished by the rules and only fade are left out.
    public static func blocks(_ game: GameController) -> String {
        let moving = game.scene.movingBlockIDs
        let items = game.scene.blockSprites.filter { !$0.isVanishing }.map { sprite -> String in
            let rect = sprite.drawnRect(in: game.layout)
            let values = [rect.x, rect.y, rect.width, rect.height].map { String(Int($0.rounded())) }
            return "{\"color\": \"\(sprite.color.letter)\", \"x\": \(values[0]), \"y\": \(values[1]), \"w\": \(values[2]), "
                + "\"h\": \(values[3]), \"moving\": \(moving.contains(sprite.id))}"
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    /// A box in whole window pixels: `{"x": 1, "y": 2, "w": 3, "h": 4}`.
    static func box(_ rect: Rect) -> String {
        let values = [rect.x, rect.y, rect.width, rect.height].map { String(Int($0.rounded())) }
        return "{\"x\": \(values[0]), \"y\": \(values[1]), \"w\": \(values[2]), \"h\": \(values[3])}"
    }

    /// A text as drawn: `{"text", "x", "y", "w", "h", "px"}` (the box its glyphs take).
    static func text(_ box: TextBox) -> String {
        let ink = box.inkFrame
        let values = [ink.x, ink.y, ink.width, ink.height].map { String(Int($0.rounded())) }
        return "{\"text\": \(string(box.text)), \"x\": \(values[0]), \"y\": \(values[1]), \"w\": \(values[2]), \"h\": \(values[3]), "
            + "\"px\": \(Int(box.px.rounded()))}"
    }

    /// Seconds as whole milliseconds.
    static func milliseconds(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }

    /// A move as the replay's text output and the `hint` field write it: "row 0 col 2 left".
    public static func describe(_ move: Move) -> String { "row \(move.from.row) col \(move.from.column) \(move.direction.rawValue)" }

    /// The editor's state, added to the app JSON on the editor screen: the fields, the
    /// solver's verdict (`thinking`, `playable` with par and difficulty, `unplayable` with
    /// its reason) and the status line shown.
    static func editor(_ editor: EditorScreen) -> String {
        var verdict = "\"thinking\""
        var par = "null"
        var difficulty = "null"
        var reason = "null"
        var word = "null"
        switch editor.verdict {
        case .thinking: break
        case .playable(let value, let score, let level):
            verdict = "\"playable\""
            par = String(value)
            difficulty = String(Int(score.rounded()))
            word = string(level.rawValue)
        case .unplayable(let why), .undecided(let why):
            verdict = "\"unplayable\""
            reason = string(why)
        }
        let fields: [(String, String)] = [
            ("title", string(editor.draft.title)), ("pack", string(editor.pack)), ("verdict", verdict), ("par", par),
            ("difficulty", difficulty), ("difficulty_word", word), ("reason", reason), ("status", string(editor.status)),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
