import BloqEngine
import BloqGame

/// The level editor ("Make"): a grid painted with a colour, a wall or empty by mouse,
/// finger or keyboard; resize, mirror, rotate, clear, with one undo history of edits; the
/// solver judging every change off the render thread (par, or why it is not a level, or
/// "thinking…"); Play to test in place; Save into the player's own pack; Copy code.
public final class EditorScreen: AppScreen {
    public let kind = ScreenKind.editor
    unowned let app: AppController
    /// Every edit, undoable.
    public private(set) var history: History<LevelDraft>
    /// The draft shown: the history's current entry, or a paint stroke in progress.
    public private(set) var draft: LevelDraft
    public private(set) var tool = EditorTool.block(.red)
    /// The pack a save goes into (a folder of the player's packs).
    public private(set) var pack = "mine"
    /// The field being typed in, if any.
    public private(set) var editing: Field?
    /// The keyboard's cell on the grid, once a key has shown it.
    public private(set) var cursor: CellPosition?
    /// What the solver said of the draft shown.
    public private(set) var verdict = DraftVerdict.thinking
    /// A line for the player (saved, copied, an error).
    public private(set) var notice: String?

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }
    public var focus: ControlID?
    private let judge: BackgroundJobs<LevelDraft, DraftVerdict>
    /// The file the last Save wrote, and its pack: saving again in that pack replaces it.
    public private(set) var savedFile: (path: String, pack: String)?

    public enum Field: Hashable, Sendable {
        case title, pack
    }

    init(app: AppController, draft: LevelDraft) {
        self.app = app
        history = History(draft, limit: 1_000)
        self.draft = draft
        judge = BackgroundJobs(mode: app.solverMode) { DraftVerdict.judge($0) }
        rejudge()
    }

    public var commandContexts: [CommandContext] { editing != nil ? [.text] : [.editor, .menu, .anywhere] }

    // MARK: Layout

    private var unit: Double { app.metrics.unit }

    /// Where the grid goes.
    public var gridFrame: Rect {
        let viewport = app.viewport
        let left = unit * 3.0
        let top = unit * 1.6
        return Rect(
            x: left, y: top, width: max(viewport.width - left - unit * 3.8, 40), height: max(viewport.height - top - unit * 2.2, 40))
    }

    /// Where the status line goes: under the grid, left of the tools, above the bottom bar.
    public var statusFrame: Rect {
        let viewport = app.viewport
        let top = gridFrame.maxY + unit * 0.05
        return Rect(
            x: unit * 0.3, y: top, width: max(viewport.width - unit * 3.5 - unit * 0.6, 40),
            height: max(viewport.height - unit * 1.3 - top, unit * 0.4))
    }

    /// The grid's layout (script cell coordinates follow it, as they follow a board's).
    public var gridLayout: BoardLayout { BoardLayout(frame: gridFrame, rows: draft.rows, columns: draft.columns) }

    public var controls: [Control] {
        let viewport = app.viewport
        var result = [app.metrics.backControl()]
        let fieldWidth = max((viewport.width - unit * 3.3 - unit * 0.6) / 2, unit * 2)
        result.append(
            Control(
                .editTitle, "Title", rect: Rect(x: unit * 3.0, y: unit * 0.3, width: fieldWidth, height: unit),
                style: .field(value: draft.title, editing: editing == .title)))
        result.append(
            Control(
                .editPack, "Pack",
                rect: Rect(x: unit * 3.0 + fieldWidth + unit * 0.3, y: unit * 0.3, width: fieldWidth - unit * 0.3, height: unit),
                style: .field(value: pack, editing: editing == .pack)))
        // The palette: two columns of swatches down the left.
        let swatch = min(unit * 1.15, (viewport.height - unit * 3.2) / 5)
        for (index, paint) in EditorTool.allCases.enumerated() {
            let rect = Rect(
                x: unit * 0.3 + Double(index % 2) * swatch * 1.1, y: unit * 1.6 + Double(index / 2) * swatch * 1.1, width: swatch,
                height: swatch)
            result.append(Control(.tool(paint), paint.label, rect: rect, style: .swatch(paint, selected: paint == tool)))
        }
        // Tools down the right.
        let tools: [(ControlID, String, Bool)] = [
            (.undo, "Undo", history.canUndo), (.redo, "Redo", history.canRedo), (.editor(.clear), "Clear", true),
            (.editor(.mirror), "Mirror", true), (.editor(.rotate), "Rotate", true), (.editor(.addRow), "Add row", draft.rows < 16),
            (.editor(.removeRow), "Remove row", draft.rows > 2), (.editor(.addColumn), "Add column", draft.columns < 16),
            (.editor(.removeColumn), "Remove column", draft.columns > 2),
        ]
        let pitch = (viewport.height - unit * 3.1) / Double(tools.count)
        for (index, tool) in tools.enumerated() {
            let rect = Rect(
                x: viewport.width - unit * 3.5, y: unit * 1.6 + Double(index) * pitch, width: unit * 3.2,
                height: max(pitch * 0.85, app.metrics.minimumButtonSize))
            result.append(Control(tool.0, tool.1, rect: rect, isEnabled: tool.2))
        }
        // Play, Save and Copy code along the bottom right.
        let barY = viewport.height - unit * 1.25
        let width = unit * 2.6
        let playable = if case .playable = verdict { true } else { false }
        let bottom: [(ControlID, String, Bool, Control.Style)] = [
            (.editor(.testPlay), "Play", playable, .plain), (.editor(.save), "Save", playable, .accent),
            (.copyCode, "Copy code", draft.board.blockCount > 0, .plain),
        ]
        for (index, entry) in bottom.enumerated() {
            let x = viewport.width - unit * 0.3 - Double(bottom.count - index) * (width + unit * 0.2) + unit * 0.2
            result.append(
                Control(entry.0, entry.1, rect: Rect(x: x, y: barY, width: width, height: unit), isEnabled: entry.2, style: entry.3))
        }
        return result
    }

    /// The status line: the notice, or the solver's verdict.
    public var status: String { notice ?? verdict.summary }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        editing = nil
        switch id {
        case .back: app.back()
        case .tool(let paint): tool = paint
        case .editTitle: editing = .title
        case .editPack: editing = .pack
        case .undo: undo()
        case .redo: redo()
        case .copyCode: copyCode()
        case .editor(let action): perform(action)
        default: break
        }
    }

    private func perform(_ action: EditorAction) {
        switch action {
        case .clear:
            // Clearing starts a new level: the next Save makes a new file.
            savedFile = nil
            commit(draft.cleared())
        case .mirror: commit(draft.mirrored())
        case .rotate: commit(draft.rotated())
        case .addRow: commit(draft.resized(rows: draft.rows + 1, columns: draft.columns))
        case .removeRow: commit(draft.resized(rows: draft.rows - 1, columns: draft.columns))
        case .addColumn: commit(draft.resized(rows: draft.rows, columns: draft.columns + 1))
        case .removeColumn: commit(draft.resized(rows: draft.rows, columns: draft.columns - 1))
        case .testPlay:
            guard case .playable(let par, _, _) = verdict else { return }
            app.testPlay(PlayableLevel(name: "editor", level: Level(title: draft.title, par: par, board: draft.board)), from: self)
        case .save: save()
        }
    }

    public func perform(_ command: Command) -> Bool {
        switch command {
        case .editor(let editor):
            switch editor {
            case .undo: undo()
            case .redo: redo()
            case .cursor(let direction):
                if let cursor {
                    let next = cursor.stepped(direction)
                    if next.row >= 0, next.row < draft.rows, next.column >= 0, next.column < draft.columns { self.cursor = next }
                } else {
                    cursor = CellPosition(row: 0, column: 0)
                }
            case .paint:
                let at = cursor ?? CellPosition(row: 0, column: 0)
                cursor = at
                commit(draft.painting(tool.cell, at: at))
            case .tool(let index):
                if EditorTool.allCases.indices.contains(index) { tool = EditorTool.allCases[index] }
            }
            return true
        case .deleteBackward:
            edit { $0 = String($0.dropLast()) }
            return true
        case .endTextEntry:
            editing = nil
            return true
        default:
            return false
        }
    }

    public var wantsTextInput: Bool { editing != nil }

    public func insertText(_ text: String) {
        edit { value in
            for character in text where !character.isNewline && value.count < 60 { value.append(character) }
        }
    }

    /// Changes the field being typed in.
    private func edit(_ change: (inout String) -> Void) {
        switch editing {
        case .title:
            var title = draft.title
            change(&title)
            var next = draft
            next.title = title
            commit(next)
        case .pack:
            change(&pack)
            // A pack is a folder name: no separators, no leading dot.
            pack = String(pack.filter { $0 != "/" && $0 != "\0" && $0 != "\\" }.drop { $0 == "." })
        case nil:
            break
        }
    }

    // MARK: The grid

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        editing = nil
        guard gridFrame.contains(event.location) else { return nil }
        return PaintStroke(screen: self)
    }

    /// The cell under a point of the window, if it is on the grid.
    func cell(at location: Point) -> CellPosition? {
        let point = gridLayout.cellPoint(for: location)
        let position = CellPosition(row: Int(point.row.rounded()), column: Int(point.column.rounded()))
        guard position.row >= 0, position.row < draft.rows, position.column >= 0, position.column < draft.columns else { return nil }
        return position
    }

    /// Paints one cell as part of a stroke (the stroke is one edit when it ends).
    func paintStroke(at position: CellPosition) {
        draft = draft.painting(tool.cell, at: position)
    }

    /// A stroke ended: what it painted becomes one edit.
    func endStroke() { commit(draft) }

    private func commit(_ next: LevelDraft) {
        notice = nil
        draft = next
        guard next != history.current else { return }
        history.record(next)
        rejudge()
    }

    private func undo() {
        guard history.undo() else { return }
        draft = history.current
        notice = nil
        rejudge()
    }

    private func redo() {
        guard history.redo() else { return }
        draft = history.current
        notice = nil
        rejudge()
    }

    private func rejudge() {
        judge.cancelAll()
        if let problem = draft.immediateProblem {
            verdict = .unplayable(reason: problem)
            return
        }
        verdict = .thinking
        _ = judge.request(draft)
    }

    // MARK: Saving and sharing

    private func save() {
        guard case .playable(let par, _, _) = verdict else { return }
        guard let saver = app.environment.levelSaver else {
            notice = "This game cannot save levels"
            return
        }
        do {
            let replacing = savedFile?.pack == pack ? savedFile?.path : nil
            let path = try saver.save(draft.levelText(par: par), draft.title, pack, replacing)
            savedFile = (path, pack)
            app.reloadPacks()
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            notice = "Saved as \(name) in your levels: find it under Levels"
        } catch {
            notice = "Not saved: \(error)"
        }
    }

    private func copyCode() {
        guard let code = ShareCode.encode(draft.board, title: draft.title) ?? ShareCode.encode(draft.board) else { return }
        app.copyToClipboard(code)
        notice = "Code copied: \(code)"
    }

    // MARK: Time

    public func step(_ seconds: Double) {
        for answer in judge.step() where answer.input == draft {
            verdict = answer.output
        }
    }

    public var isAnimating: Bool { judge.isBusy }
}

/// A press on the editor's grid: it paints the cell under it, and every cell it is
/// dragged across, as one edit.
final class PaintStroke: PointerOwner {
    private weak var screen: EditorScreen?
    private var last: CellPosition?

    init(screen: EditorScreen) { self.screen = screen }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        switch event.phase {
        case .down, .moved:
            guard let cell = screen.cell(at: event.location), cell != last else { return }
            last = cell
            screen.paintStroke(at: cell)
        case .up, .cancelled:
            screen.endStroke()
        }
    }
}
