import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay

/// The `--json` outputs of CONTRACT sections 2 and 3, as `JSONValue`s (the one JSON writer),
/// their keys in the documented order. Printed compact, with a space after each colon and
/// comma, as the contract shows them.
public enum JSONOutput {
    /// `{"row": 2, "col": 2, "direction": "left"}`
    public static func move(_ move: Move) -> JSONValue { .object(fields(move)) }

    static func fields(_ move: Move) -> [JSONValue.Member] {
        [.init("row", .int(move.from.row)), .init("col", .int(move.from.column)), .init("direction", .string(move.direction.rawValue))]
    }

    public static func moves(_ moves: [Move]) -> JSONValue { .array(moves.map(move)) }

    /// `overlay.review` (CONTRACT section 3): each move with the fewest moves that clear the
    /// board before and after it (null where it could no longer be cleared).
    public static func review(_ review: LineReview) -> JSONValue {
        .array(
            review.entries.map { entry in
                .object(
                    fields(entry.move) + [
                        .init("par_before", entry.parBefore.map(JSONValue.int) ?? .null),
                        .init("par_after", entry.parAfter.map(JSONValue.int) ?? .null),
                    ])
            })
    }

    public static func board(_ board: Board) -> JSONValue { .array(board.lines.map { .string($0) }) }

    /// `bloq solve --json`: solved, proved unsolvable (`false`), or given up (`null`).
    public static func solution(_ moves: [Move]?, solvable: Bool?) -> JSONValue {
        .object([
            "solvable": solvable.map(JSONValue.bool) ?? .null, "optimal": moves.map { .int($0.count) } ?? .null,
            "moves": JSONOutput.moves(moves ?? []),
        ])
    }

    /// A level replay's final state (CONTRACT section 2).
    public static func level(_ game: GameController) -> JSONValue {
        let session = game.scene.session
        return .object([
            "board": board(session.board), "moves": .int(session.moves), "cleared": .bool(session.isCleared),
            "log": moves(session.log), "blocks": blocks(game),
        ])
    }

    /// Whole-app replays' state (CONTRACT section 3): screen, level, board, moves, cleared,
    /// overlay, controls (front-most first), progress totals, and what a player sees.
    public static func app(_ app: AppController, screen: ScreenKind, controls: [Control], levelPath: String?) -> JSONValue {
        let session = app.game?.scene.session
        var overlay = JSONValue.null
        if let shown = app.playScreen?.visibleOverlay {
            var members: [JSONValue.Member] = [
                .init("stars", .int(shown.stars)), .init("moves", .int(shown.moves)), .init("par", shown.par.map(JSONValue.int) ?? .null),
                .init("time_ms", milliseconds(shown.time)),
            ]
            // The review of the line cleared, once worked out (a few steps after the clear).
            if let review = app.playScreen?.currentReview { members.append(.init("review", self.review(review))) }
            overlay = .object(members)
        }
        let play = app.help == nil ? app.playScreen : nil
        let totals = app.progress.totals
        var members: [JSONValue.Member] = [
            .init("screen", .string(screen.rawValue)),
            .init("level", levelPath.map(JSONValue.string) ?? .null),
            .init("board", session.map { board($0.board) } ?? app.root.editorScreen.map { board($0.draft.board) } ?? .null),
            .init("moves", session.map { .int($0.moves) } ?? .null),
            .init("cleared", session.map { .bool($0.isCleared) } ?? .null),
            .init("overlay", overlay),
            .init(
                "controls",
                .array(
                    controls.map { control in
                        .object(
                            [.init("label", .string(control.label))] + fields(control.rect) + [.init("enabled", .bool(control.isEnabled))])
                    })),
            .init("progress", .object(["cleared": .int(totals.cleared), "stars": .int(totals.stars)])),
            .init("notices", .array(app.notices.map(JSONValue.string))),
            .init("tip", play?.tip.map(JSONValue.string) ?? .null),
            .init("stuck", app.playScreen.map { .bool($0.game.isStuck) } ?? .null),
            .init("reachable_stars", app.playScreen.map { .int($0.game.starsInReach) } ?? .null),
            .init("play_time_ms", app.playScreen.map { milliseconds($0.game.playTime) } ?? .null),
            .init("hint", app.game.flatMap { $0.hint.isEmpty ? nil : .array($0.hint.map { .string(describe($0)) }) } ?? .null),
            .init("confetti", .int(app.playScreen?.confettiAlive ?? 0)),
            .init("texts", .array(app.shownTexts.map(text))),
            .init("board_rect", app.boardRect.map(box) ?? .null),
            .init("blocks", app.game.map(blocks) ?? .array([])),
            .init("clipboard", app.lastCopied.map(JSONValue.string) ?? .null),
            .init("theme", .string(app.appearance.theme.rawValue)),
            .init("contrast", .string(app.appearance.contrast.rawValue)),
            .init("reduced_motion", .bool(app.appearance.reducedMotion)),
        ]
        if app.help == nil, let editor = app.root.editorScreen { members.append(.init("editor", self.editor(editor))) }
        if app.help == nil, case .statistics(let screen) = app.root { members.append(.init("statistics", statistics(screen.statistics))) }
        return .object(members)
    }

    /// Every block as drawn now (CONTRACT section 3, `"blocks"`): its colour and box in
    /// window pixels (a block in flight where it is this frame, squashed as it lands), and
    /// whether it is moving; blocks that have vanished by the rules and only fade are left out.
    public static func blocks(_ game: GameController) -> JSONValue {
        let moving = game.scene.movingBlockIDs
        return .array(
            game.scene.blockSprites.filter { !$0.isVanishing }.map { sprite in
                .object(
                    [.init("color", .string(String(sprite.color.letter)))] + fields(sprite.drawnRect(in: game.layout))
                        + [.init("moving", .bool(moving.contains(sprite.id)))])
            })
    }

    /// A pixel measure as a whole number.
    static func whole(_ value: Double) -> JSONValue { .int(Int(value.rounded())) }

    /// A box in whole window pixels: `{"x": 1, "y": 2, "w": 3, "h": 4}`.
    static func box(_ rect: Rect) -> JSONValue { .object(fields(rect)) }

    static func fields(_ rect: Rect) -> [JSONValue.Member] {
        [.init("x", whole(rect.x)), .init("y", whole(rect.y)), .init("w", whole(rect.width)), .init("h", whole(rect.height))]
    }

    /// A text as drawn: `{"text", "x", "y", "w", "h", "px"}` (the box its glyphs take).
    static func text(_ box: TextBox) -> JSONValue {
        .object([.init("text", .string(box.text))] + fields(box.inkFrame) + [.init("px", whole(box.px))])
    }

    /// Seconds as whole milliseconds.
    static func milliseconds(_ seconds: Double) -> JSONValue { whole(seconds * 1000) }

    /// A move as the replay's text output and the `hint` field write it: "row 0 col 2 left".
    public static func describe(_ move: Move) -> String { "row \(move.from.row) col \(move.from.column) \(move.direction.rawValue)" }

    /// The player's whole record, on the statistics screen (CONTRACT section 3).
    static func statistics(_ stats: PlayerStatistics) -> JSONValue {
        .object([
            "cleared": .int(stats.cleared), "stars": .int(stats.stars), "moves": .int(stats.moves),
            "play_time_ms": milliseconds(stats.playTime), "hints": .int(stats.hints), "solutions_shown": .int(stats.solutionsShown),
            "daily_best_streak": .int(stats.dailyBestStreak),
            "packs": .array(
                stats.packs.map { pack in
                    .object(["name": .string(pack.name), "cleared": .int(pack.cleared), "of": .int(pack.of), "stars": .int(pack.stars)])
                }),
        ])
    }

    /// The editor's state, added to the app JSON on the editor screen: the fields, the
    /// solver's verdict (`thinking`, `playable` with par and difficulty, `unplayable` with
    /// its reason) and the status line shown.
    static func editor(_ editor: EditorScreen) -> JSONValue {
        var verdict = "thinking"
        var par = JSONValue.null
        var difficulty = JSONValue.null
        var reason = JSONValue.null
        var word = JSONValue.null
        switch editor.verdict {
        case .thinking: break
        case .playable(let value, let score, let level):
            verdict = "playable"
            par = .int(value)
            difficulty = whole(score)
            word = .string(level.rawValue)
        case .unplayable(let why), .undecided(let why):
            verdict = "unplayable"
            reason = .string(why)
        }
        return .object([
            "title": .string(editor.draft.title), "pack": .string(editor.pack), "verdict": .string(verdict), "par": par,
            "difficulty": difficulty, "difficulty_word": word, "reason": reason, "status": .string(editor.status),
        ])
    }
}

extension JSONValue {
    /// The value as the contract prints it: on one line, a space after each colon and comma.
    public var printed: String { text(spaced: true) }
}
