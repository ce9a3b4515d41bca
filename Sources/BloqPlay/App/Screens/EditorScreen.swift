import BloqEngine
import BloqGame
import BloqLocalization

/// The level editor ("Make"): a grid painted with a colour, a wall or empty by mouse,
/// finger or keyboard; resize, mirror, rotate, clear, with one undo history of edits; the
/// solver judging every change off the render thread (par, or why it is not a level, or
/// "thinking…"); Play to test in place; Save into the player's own pack; Copy code.
public final class EditorScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.editor
    /// Every edit, undoable.
    public private(set) var history: History<LevelDraft>
    /// The draft shown: the history's current entry, or a paint stroke in progress.
    public private(set) var draft: LevelDraft
    public private(set) var tool = EditorTool.block(.red)
    /// The pack a save goes into (a folder of the player's packs): at first the language's
    /// word for the player's own.
    public private(set) var pack = EditorScreen.placeholder(.pack)
    /// The field being typed in, if any.
    public private(set) var editing: Field?
    /// The keyboard's cell on the grid, once a key has shown it.
    public private(set) var cursor: CellPosition?
    /// What the solver said of the draft shown.
    public private(set) var verdict = DraftVerdict.thinking
    /// A line for the player (saved, copied, an error).
    public var notice: String? { said?.text }
    /// The notice, and whether it is a save refused (a path, how to mend it), which may take
    /// more than the status band's three lines.
    private var said: (text: String, takesRoom: Bool)?

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }
    public var focus: ControlID?
    private let judge: BackgroundJobs<LevelDraft, DraftVerdict>
    /// The file the last Save wrote, and its pack: saving again in that pack replaces it.
    public private(set) var savedFile: EditorDraft.SavedFile?

    public enum Field: Hashable, Sendable {
        case title, pack

        /// The field's control.
        var control: ControlID { self == .title ? .editTitle : .editPack }
    }

    private var memo = Memo<LayoutKey, Layout>()

    /// What the editor's layout is made from, but the context.
    private struct LayoutKey: Equatable {
        var generation: Int
        var draft: LevelDraft
        var pack: String
        var tool: EditorTool
        var editing: Field?
        var field: TextField?
        var verdict: DraftVerdict
        var notice: String?
        var canUndo: Bool
        var canRedo: Bool
    }

    /// The placeholders in the language of the editor's opening: still untyped after the
    /// player changes the language (`keep`).
    private let openingPlaceholders = (title: EditorScreen.placeholder(.title), pack: EditorScreen.placeholder(.pack))

    init(context: ScreenContext, draft: LevelDraft, pack: String? = nil, savedFile: EditorDraft.SavedFile? = nil) {
        history = History(draft, limit: 1_000)
        self.draft = draft
        if let pack { self.pack = pack }
        self.savedFile = savedFile
        judge = BackgroundJobs(mode: context.solverMode, seconds: DraftVerdict.liveSeconds) { DraftVerdict.judge($0, stop: $1) }
        super.init(context: context)
        rejudge()
    }

    public var commandContexts: [CommandContext] { editing != nil ? [.text] : [.editor, .menu, .anywhere] }

    // MARK: Layout

    /// The editor laid out for the window. Landscape: the fields across the top, the
    /// palette in a column on the left, the tools in a column on the right, the grid and
    /// the status line between them, Play, Save and Copy code along the bottom. Portrait
    /// (a phone upright): bands from the top: the fields, the palette, the grid, the
    /// status, the tools, then Play, Save and Copy code; the grid gets what is left.
    public struct Layout {
        public var controls: [Control]
        /// The fields' labels and values, and the status line.
        public var texts: [TextBox]
        /// Where the grid goes (it is laid out as large as fits in it).
        public var grid: Rect
        /// The status line's band.
        public var status: Rect
    }

    public var layout: Layout {
        let key = LayoutKey(
            generation: context.generation, draft: draft, pack: pack, tool: tool, editing: editing, field: field, verdict: verdict,
            notice: notice, canUndo: history.canUndo, canRedo: history.canRedo)
        return memo.value(for: key) { makeLayout() }
    }

    /// Where the shell's toast shows: the status line, when the editor has no notice.
    public var toastBand: Rect? { notice == nil && context.toast != nil ? layout.status : nil }

    /// The shortest area the editor is laid out for: a 400x300 window's. Less, and its
    /// palette runs into its buttons, so a shell's band must leave at least this much.
    static let leastHeight = 300.0

    public func spares(_ height: Double, of window: Size) -> Bool {
        window.height - height >= Self.leastHeight * context.metrics.scale
    }

    /// The side of a cell of the draft's grid laid out in `frame` (`newLevel`: of a new
    /// level's 4x4 grid, what the layout's choices are judged for, so that they hold still
    /// under a hand adding columns and a desktop window keeps its usual layout).
    private func cells(_ frame: Rect, newLevel: Bool = false) -> Double {
        BoardLayout(frame: frame, rows: newLevel ? 4 : draft.rows, columns: newLevel ? 4 : draft.columns).cellSize
    }

    /// Whether a grid in `frame` has cells a finger wide (`Metrics.minimumCell`).
    private func fingerWide(_ frame: Rect, newLevel: Bool = false) -> Bool {
        cells(frame, newLevel: newLevel) >= context.metrics.minimumCell
    }

    /// Whether the layout whose grid is `instead` is to be taken over the usual one, whose
    /// grid is `usual`: where the usual leaves a new level's cells under a finger's width,
    /// and this gives larger ones.
    private func better(_ instead: Rect, than usual: Rect) -> Bool {
        !fingerWide(usual, newLevel: true) && cells(instead, newLevel: true) > cells(usual, newLevel: true)
    }

    private func makeLayout() -> Layout {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let margin = metrics.margin
        let gap = metrics.gap
        let unit = metrics.unit
        let inner = Rect(x: margin, y: margin, width: viewport.width - margin * 2, height: viewport.height - margin * 2)
        var controls: [Control] = []
        var texts: [TextBox] = []
        // The fields beside Back, or the pack's under the title's when both do not fit.
        // Together when each shows its label and a new level's value whole, in the language
        // shown ("Название: Мой уровень" is twice "Title: My level"). Where their second row
        // would take the grid's cells under a finger's width and one row gives larger ones
        // (a phone's editor, its buttons 9 mm), one row all the same: Back as its chevron
        // alone, else each label over its value (Russian), with Back whole if there is room.
        func need(_ which: Field, over: Bool) -> Double {
            fieldWidth(which, Self.placeholder(which), height: unit, over: over, metrics)
        }
        func titleRoom(beside back: Control, over: Bool) -> Double {
            let fieldsWidth = inner.maxX - back.rect.maxX - gap
            return min(((fieldsWidth - gap) * 0.6).rounded(), fieldsWidth - gap - need(.pack, over: over).rounded(.up))
        }
        func oneRow(beside back: Control, over: Bool) -> Bool { titleRoom(beside: back, over: over) >= need(.title, over: over) }
        let barTop = inner.maxY - unit
        func middle(from top: Double) -> Rect { Rect(x: inner.x, y: top, width: inner.width, height: max(barTop - margin - top, 1)) }
        var back = metrics.backControl()
        let briefBack = metrics.backControl(brief: true)
        var over = false
        func grid(from top: Double) -> Rect { arranged(in: middle(from: top), metrics).grid }
        if !oneRow(beside: back, over: false),
            better(grid(from: back.rect.maxY + margin), than: grid(from: back.rect.maxY + margin + unit + margin))
        {
            let ways = [(briefBack, false), (back, true), (briefBack, true)].filter { !$0.1 || labelsFitOver(height: unit, metrics) }
            if let way = ways.first(where: { oneRow(beside: $0.0, over: $0.1) }) { (back, over) = way }
        }
        controls.append(back)
        let fieldsLeft = back.rect.maxX + gap
        let fieldsWidth = inner.maxX - fieldsLeft
        let titleWidth = titleRoom(beside: back, over: over)
        let packWidth = fieldsWidth - titleWidth - gap
        var top = back.rect.maxY + margin
        if oneRow(beside: back, over: over) {
            controls.append(field(.title, Rect(x: fieldsLeft, y: margin, width: titleWidth, height: unit), over: over, &texts, metrics))
            controls.append(
                field(
                    .pack, Rect(x: fieldsLeft + titleWidth + gap, y: margin, width: packWidth, height: unit), over: over, &texts, metrics
                ))
        } else {
            controls.append(field(.title, Rect(x: fieldsLeft, y: margin, width: fieldsWidth, height: unit), over: false, &texts, metrics))
            controls.append(field(.pack, Rect(x: inner.x, y: top, width: inner.width, height: unit), over: false, &texts, metrics))
            top += unit + margin
        }
        // Play, Save and Copy code along the bottom.
        let playable = if case .playable = verdict { true } else { false }
        let barSpecs = [
            ButtonSpec(.editor(.testPlay), tr("Play"), isEnabled: playable),
            ButtonSpec(.editor(.save), tr("Save"), isEnabled: playable, style: .accent),
            ButtonSpec(.copyCode, tr("Copy code"), short: tr("Copy"), isEnabled: verdict.isShareable),
        ]
        var parts = arranged(in: middle(from: top), metrics)
        func bar(_ specs: [ButtonSpec]) -> [Control] {
            ButtonGroup.gridAlways(
                specs, in: Rect(x: inner.x, y: barTop, width: inner.width, height: unit), columns: specs.count, height: unit,
                gap: gap, scale: metrics.type, maximumWidth: unit * 4.5)
        }
        var barControls = bar(parts.barLeads + barSpecs)
        // Portrait, where the bar is one more row of buttons as tall as the tools': one
        // label size for both, the smaller group's, not two sizes a row apart. The bar says
        // "Copy" at the tools' size rather than "Copy code" smaller (French's "Copier le
        // code" at 360x640), and takes the size of tools that need a smaller one (English's
        // five a row there). The same where a compact landscape's bar holds Undo and Redo (a
        // phone turned): its tools' last row is just above the bar. Otherwise landscape's
        // tools are a column of smaller buttons beside the grid.
        if metrics.isPortrait || !parts.barLeads.isEmpty {
            let toolIDs = Set((historySpecs() + gridSpecs).map(\.id))
            let least = { (controls: [Control]) in controls.map(\.labelPx).min() ?? 0 }
            let toolPx = least(parts.controls.filter { toolIDs.contains($0.id) })
            if least(barControls) < toolPx {
                let brief = bar((parts.barLeads + barSpecs).map(\.briefOnly))
                if least(brief) > least(barControls) { barControls = brief }
            }
            let px = min(toolPx, least(barControls))
            for index in parts.controls.indices where toolIDs.contains(parts.controls[index].id) { parts.controls[index].labelPx = px }
            for index in barControls.indices { barControls[index].labelPx = px }
        }
        controls += parts.controls + barControls
        // The status: the notice or a toast, else the verdict, as many lines as its band holds.
        let role: TextBox.Role =
            switch verdict {
            case _ where notice != nil: .plain
            // An empty grid is no error: the line says how to begin.
            case _ where draft.board.blockCount == 0: .secondary
            case .playable: .accent
            case .unplayable, .undecided: .danger
            case .thinking: .secondary
            }
        let px = metrics.type.caption
        let lines = Typesetter.lines(in: parts.status.height, px: px)
        // The shell sets its toast in the status band (`toastBand`).
        if notice != nil || context.toast == nil {
            var shown = status
            // An empty grid's hint that its band would cut ("…") says its first half alone (a
            // long language beside a phone's grid).
            if notice == nil, draft.board.blockCount == 0,
                Typesetter.paragraphHeight(shown, px: px, width: parts.status.width, maximumLines: lines + 1)
                    > Typesetter.height(lines: lines, px: px)
            {
                shown = howToBegin(brief: true)
            }
            texts += Typesetter.paragraph(shown, px: px, in: parts.status, role: role, maximumLines: lines, centred: true)
        }
        return Layout(controls: controls, texts: texts, grid: parts.grid, status: parts.status)
    }

    /// The palette's swatches (the colours, Wall and Empty), `side` square, in rows of
    /// `columns` from (`left`, `top`).
    private func swatches(columns: Int, side: Double, left: Double, top: Double, gap: Double) -> [Control] {
        EditorTool.allCases.enumerated().map { index, paint in
            let rect = Rect(
                x: left + Double(index % columns) * (side + gap), y: top + Double(index / columns) * (side + gap), width: side, height: side
            )
            var control = Control(.tool(paint), paint.label, rect: rect, style: .swatch(paint, selected: paint == tool))
            control.showsLabel = false
            return control
        }
    }

    /// Undo and Redo (`arrows`: their short labels ↶ and ↷, which a narrow window uses).
    private func historySpecs(arrows: Bool = false) -> [ButtonSpec] {
        [
            ButtonSpec(.undo, tr("Undo"), short: arrows ? "↶" : nil, isEnabled: history.canUndo),
            ButtonSpec(.redo, tr("Redo"), short: arrows ? "↷" : nil, isEnabled: history.canRedo),
        ]
    }

    /// The tools that change the whole grid, with the short labels a narrow window uses.
    private var gridSpecs: [ButtonSpec] {
        [
            // TRANSLATORS: the editor's button that empties the grid being drawn (undoable); not
            // clearing a board in play.
            ButtonSpec(.editor(.clear), tr("Clear")),
            // TRANSLATORS: the editor's buttons that flip the grid left to right, and turn it.
            ButtonSpec(.editor(.mirror), tr("Mirror")), ButtonSpec(.editor(.rotate), tr("Rotate")),
            // TRANSLATORS: the editor's buttons that add or remove a row or a column of the grid.
            // The short forms ("+ Row") are for narrow windows: whole words, not abbreviations
            // ("+ Z." said nothing to a German player).
            ButtonSpec(.editor(.addRow), tr("Add row"), short: tr("+ Row"), isEnabled: draft.rows < 16),
            ButtonSpec(.editor(.removeRow), tr("Remove row"), short: tr("− Row"), isEnabled: draft.rows > 2),
            ButtonSpec(.editor(.addColumn), tr("Add column"), short: tr("+ Col"), isEnabled: draft.columns < 16),
            ButtonSpec(.editor(.removeColumn), tr("Remove column"), short: tr("− Col"), isEnabled: draft.columns > 2),
        ]
    }

    /// The status band's height `width` wide, under the grid `grid(height)` gives, in a
    /// column `room` high: three lines (two where the grid is short of room), whatever the
    /// status says, so that the grid stays where it is under a hand painting it as the
    /// verdict and the notices change (a longer one ends in "…"). A save refused, or the shell's toast (the player's files: a path,
    /// how to mend it), takes as many as `Typesetter.noticeLines` gives it while the grid
    /// keeps cells of `Metrics.minimumCell`.
    private func statusHeight(width: Double, room: Double, grid: (Double) -> Rect, _ metrics: Metrics) -> Double {
        let px = metrics.type.caption
        var band = Typesetter.height(lines: 3, px: px)
        // Two lines where three would leave cells under a finger's width and two make them
        // larger (a phone's 9 mm buttons around the grid).
        let two = Typesetter.height(lines: 2, px: px)
        if better(grid(two), than: grid(band)) { band = two }
        guard said.map(\.takesRoom) ?? (context.toast != nil) else { return band }
        for lines in stride(from: Typesetter.noticeLines(in: room, px: px, least: 3), to: 3, by: -1) {
            let height = max(band, Typesetter.paragraphHeight(status, px: px, width: width, maximumLines: lines))
            if fingerWide(grid(height)) { return height }
        }
        return band
    }

    /// The palette, the tools, the grid and its status laid out in `area`, and the buttons
    /// the bar shows before Play, Save and Copy code.
    private struct Parts {
        var controls: [Control]
        var grid: Rect
        var status: Rect
        var barLeads: [ButtonSpec] = []
    }

    /// The parts beside each other in landscape, stacked in portrait. Where that leaves the
    /// grid's cells under a finger's width (a phone, its buttons 9 mm), the compact way if
    /// it makes them larger.
    private func arranged(in area: Rect, _ metrics: Metrics) -> Parts {
        let lay = { (compact: Bool) in
            metrics.isPortrait ? self.stacked(in: area, metrics, compact: compact) : self.beside(in: area, metrics, compact: compact)
        }
        let roomy = lay(false)
        if fingerWide(roomy.grid, newLevel: true) { return roomy }
        let compact = lay(true)
        return better(compact.grid, than: roomy.grid) ? compact : roomy
    }

    /// Landscape: palette | grid over status | tools. Compact (a phone turned): Undo and
    /// Redo go to the bar as arrows, so that the other tools take fewer columns and the
    /// grid their width.
    private func beside(in area: Rect, _ metrics: Metrics, compact: Bool) -> Parts {
        let gap = metrics.gap
        let margin = metrics.margin
        // Swatches in two columns, as large as a button and as the height allows; in more
        // where two would run into the bar below (a phone turned, its buttons 9 mm).
        let count = EditorTool.allCases.count
        let paletteColumns =
            (2...count).first { columns in
                let rows = Double((count + columns - 1) / columns)
                return rows * metrics.minimumControl + gap * (rows - 1) <= area.height
            } ?? 2
        let rows = (count + paletteColumns - 1) / paletteColumns
        let swatch = max(min(metrics.unit * 1.15, (area.height - gap * Double(rows - 1)) / Double(rows)), metrics.minimumControl)
        let paletteRight = area.x + swatch * Double(paletteColumns) + gap * Double(paletteColumns - 1)
        // The tools in the fewest columns that fit the height, with their full labels if
        // they fit a third of the width, else their short ones. A long language's labels
        // that fit neither (Russian's at 400x300) get up to 46 % of the width, the grid
        // between narrower; where they still do not fit (German's "Rückgängig" and
        // "Wiederholen"), Undo and Redo are the arrows the play toolbar shows when short of
        // room, rather than words cut. English fits the first try: its labels, which replays
        // tap, are the same as ever.
        let height = max(metrics.minimumControl, (metrics.unit * 0.75).rounded())
        let toolSpecs = { (arrows: Bool) in compact ? self.gridSpecs : self.historySpecs(arrows: arrows) + self.gridSpecs }
        var specs = toolSpecs(false)
        var budget = area.width * 0.34
        var tools: [Control] = []
        var toolsLeft = area.maxX
        // (Compact, Undo and Redo are in the bar: no arrows to try.)
        for (share, arrows) in [(0.34, false), (0.46, false), (0.46, true)] where tools.isEmpty && !(compact && arrows) {
            budget = area.width * share
            specs = toolSpecs(arrows)
            for brief in [false, true] where tools.isEmpty {
                for columns in 1...3 where tools.isEmpty {
                    let total = ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap)
                    guard total <= area.height else { continue }
                    let shown = brief ? specs.map(\.briefOnly) : specs
                    let each = ButtonGroup.neededWidth(shown, px: metrics.type.caption, height: height)
                    let width = each * Double(columns) + gap * Double(columns - 1)
                    guard width <= budget else { continue }
                    let frame = Rect(x: area.maxX - width, y: area.y, width: width, height: total)
                    if let laid = ButtonGroup.grid(specs, in: frame, columns: columns, height: height, gap: gap, scale: metrics.type) {
                        tools = laid
                        toolsLeft = frame.x
                    }
                }
            }
        }
        if tools.isEmpty {
            // A long translation in a small window: 46 % of the width in the fewest columns
            // the height takes, the labels cut with "…": no tool is left out.
            let columns =
                (1...3).first { ButtonGroup.height(count: specs.count, columns: $0, height: height, gap: gap) <= area.height } ?? 3
            let frame = Rect(
                x: area.maxX - budget, y: area.y, width: budget,
                height: ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap))
            tools = ButtonGroup.gridAlways(specs, in: frame, columns: columns, height: height, gap: gap, scale: metrics.type)
            toolsLeft = frame.x
        }
        let middle = Rect(
            x: paletteRight + margin, y: area.y, width: max(toolsLeft - margin - paletteRight - margin, 1), height: area.height)
        let gridOver = { (band: Double) in
            Rect(x: middle.x, y: middle.y, width: middle.width, height: max(middle.maxY - band - gap - middle.y, 1))
        }
        let statusBand = statusHeight(width: middle.width, room: middle.height, grid: gridOver, metrics)
        let status = Rect(x: middle.x, y: middle.maxY - statusBand, width: middle.width, height: statusBand)
        let grid = gridOver(statusBand)
        return Parts(
            controls: swatches(columns: paletteColumns, side: swatch, left: area.x, top: area.y, gap: gap) + tools, grid: grid,
            status: status, barLeads: compact ? historySpecs(arrows: true) : [])
    }

    /// Portrait: palette, grid, status, tools, from the top. Compact (a phone upright): the
    /// swatches as small as a button may be, and Undo and Redo the arrows.
    private func stacked(in area: Rect, _ metrics: Metrics, compact: Bool) -> Parts {
        let gap = metrics.gap
        let margin = metrics.margin
        // The palette in one row if the swatches stay large enough, else two.
        let count = EditorTool.allCases.count
        let perRow =
            (area.width - gap * Double(count - 1)) / Double(count) >= metrics.minimumControl ? count : (count + 1) / 2
        let rows = (count + perRow - 1) / perRow
        let swatch = min(compact ? metrics.minimumControl : metrics.unit * 1.15, (area.width - gap * Double(perRow - 1)) / Double(perRow))
        let rowWidth = swatch * Double(perRow) + gap * Double(perRow - 1)
        let paletteBottom = area.y + Double(rows) * swatch + Double(rows - 1) * gap
        // The tools in the fewest rows their labels fit (two columns, cut, when none does).
        let height = metrics.unit
        let specs = historySpecs(arrows: compact) + gridSpecs
        let laid = ButtonGroup.firstFitting(
            specs, columns: [specs.count, 5, 3, 2],
            in: { columns in
                let total = ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap)
                return Rect(x: area.x, y: area.maxY - total, width: area.width, height: total)
            }, height: height, gap: gap, scale: metrics.type)
        let tools = laid?.controls ?? []
        let toolsTop = laid?.frame.y ?? area.maxY
        let gridOver = { (band: Double) in
            Rect(
                x: area.x, y: paletteBottom + margin, width: area.width,
                height: max(toolsTop - margin - band - gap - paletteBottom - margin, 1))
        }
        let statusBand = statusHeight(width: area.width, room: toolsTop - area.y, grid: gridOver, metrics)
        let status = Rect(x: area.x, y: toolsTop - margin - statusBand, width: area.width, height: statusBand)
        let grid = gridOver(statusBand)
        return Parts(
            controls: swatches(columns: perRow, side: swatch, left: area.center.x - rowWidth / 2, top: area.y, gap: gap) + tools,
            grid: grid, status: status)
    }

    private func fieldLabel(_ which: Field) -> String {
        // TRANSLATORS: the editor's fields: the level's title (its name, "First Push") and the
        // pack (folder of levels) it is saved in.
        which == .title ? tr("Title") : tr("Pack")
    }

    /// A field's label as it stands before its value: "Title:", French's "Titre :".
    private func fieldCaption(_ which: Field) -> String {
        // TRANSLATORS: a field's name (%1: Title, Pack) before what is typed in it; French puts
        // a no-break space before the colon.
        tr("%1:", fieldLabel(which))
    }

    /// Whether a field `height` high holds its label over its value, each a line of the
    /// caption's size at least.
    private func labelsFitOver(height: Double, _ metrics: Metrics) -> Bool {
        Typesetter.font.lineHeight(px: metrics.type.caption) * 2 <= height * 0.8
    }

    /// How a field `height` high is set (`over`: its label over its value, not before it):
    /// its value's size, how far in from its left edge the label starts, the label's text
    /// and width, and what the field takes across besides its value (the insets, and before
    /// the value the label and the space after it).
    private func fieldType(
        _ which: Field, height: Double, over: Bool, _ metrics: Metrics
    ) -> (px: Double, inset: Double, label: String, labelWidth: Double, chrome: Double) {
        let font = Typesetter.font
        let above = over ? font.lineHeight(px: metrics.type.caption) : 0
        let px = above + font.lineHeight(px: metrics.type.body) <= height * 0.8 ? metrics.type.body : metrics.type.caption
        let inset = max(height * 0.3, 6)
        let label = over ? fieldLabel(which) : fieldCaption(which)
        let width = font.boxWidth(label, px: metrics.type.caption)
        return (px, inset, label, width, over ? inset * 1.7 : inset + width + px * 0.4 + inset * 0.7)
    }

    /// How wide a field `height` high must be to show its label and `value` whole.
    private func fieldWidth(_ which: Field, _ value: String, height: Double, over: Bool, _ metrics: Metrics) -> Double {
        let type = fieldType(which, height: height, over: over, metrics)
        let value = Typesetter.font.boxWidth(value, px: type.px)
        return type.chrome + (over ? max(value, type.labelWidth) : value)
    }

    /// A text field: its label ("Title:", or "Title" over the value) and its value drawn
    /// inside it, the value's end (or, while typing, its start) cut to fit.
    private func field(_ which: Field, _ rect: Rect, over: Bool, _ texts: inout [TextBox], _ metrics: Metrics) -> Control {
        let id = which.control
        let value = which == .title ? draft.title : pack
        var control = Control(id, fieldLabel(which), rect: rect, style: fieldStyle(which, value: value))
        control.showsLabel = false
        let type = fieldType(which, height: rect.height, over: over, metrics)
        let px = type.px
        let room = max(rect.width - type.chrome, 1)
        let name: Rect
        let line: Rect
        if over {
            let caption = Typesetter.font.lineHeight(px: metrics.type.caption)
            let top = rect.center.y - (caption + Typesetter.font.lineHeight(px: px)) / 2
            name = Rect(x: rect.x + type.inset, y: top, width: room, height: caption)
            line = Rect(x: name.x, y: name.maxY, width: room, height: Typesetter.font.lineHeight(px: px))
        } else {
            name = Rect(x: rect.x + type.inset, y: rect.y, width: type.labelWidth, height: rect.height)
            line = Rect(x: name.maxX + px * 0.4, y: rect.y, width: room, height: rect.height)
        }
        texts.append(Typesetter.line(type.label, px: metrics.type.caption, in: name, role: .secondary, alignment: 0, owner: id))
        let shown = Typesetter.fitted(value, px: px, width: room, keepingEnd: editing == which)
        texts.append(Typesetter.line(shown, px: px, in: line, alignment: 0, owner: id))
        return control
    }

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// Where the grid goes.
    public var gridFrame: Rect { layout.grid }

    /// The grid's layout (script cell coordinates follow it, as they follow a board's).
    public var gridLayout: BoardLayout { BoardLayout(frame: gridFrame, rows: draft.rows, columns: draft.columns) }

    /// The status line: the notice, the shell's toast (what saving says), or the solver's
    /// verdict.
    public var status: String { notice ?? context.toast ?? (draft.board.blockCount == 0 ? howToBegin() : verdict.summary) }

    /// What the status says on an empty grid: how to place the first block, in the words
    /// of the player's hands (`brief`: without how to erase one, where the band is short).
    private func howToBegin(brief: Bool = false) -> String {
        switch (context.inputMode, brief) {
        case (.keyboard, false): tr("Choose a colour and click the grid; click a block again to erase it")
        case (.touch, false): tr("Choose a colour and tap the grid; tap a block again to erase it")
        case (.gamepad, false): tr("Choose a colour and paint the grid; paint a block again to erase it")
        // TRANSLATORS: the editor's hint shortened where the long one does not fit: its part
        // before the semicolon.
        case (.keyboard, true): tr("Choose a colour and click the grid")
        case (.touch, true): tr("Choose a colour and tap the grid")
        case (.gamepad, true): tr("Choose a colour and paint the grid")
        }
    }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        editing = nil
        switch id {
        case .back: ask(.back)
        case .tool(let paint): tool = paint
        case .editTitle: startEditing(.title)
        case .editPack: startEditing(.pack)
        case .undo: undo()
        case .redo: redo()
        case .copyCode: copyCode()
        case .editor(let action): perform(action)
        default: break
        }
    }

    /// Edits a copy of a level (Edit a copy on a preview card): one edit, undoable, so what
    /// was being made comes back with Undo; the next Save makes a new file.
    func edit(copy: LevelDraft) {
        let before = draft
        savedFile = nil
        commit(copy)
        if before.board.blockCount > 0, before != copy {
            // TRANSLATORS: the editor, opened on a copy of a level over an unsaved draft.
            said = (tr("A copy to edit: Undo brings back what you were making"), false)
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
            ask(.tryDraft(PlayableLevel(name: "editor", level: Level(title: draft.title, par: par, board: draft.board)), editor: self))
        case .save: save()
        }
    }

    public func perform(_ command: Command) -> Bool {
        switch command {
        case .editor(let editor):
            switch editor {
            case .undo: undo()
            case .redo: redo()
            case .cursor(let direction): moveCursor(direction)
            case .paint:
                let at = cursor ?? CellPosition(row: 0, column: 0)
                cursor = at
                commit(draft.painting(paint(startingAt: at), at: at))
            case .tool(let index):
                if EditorTool.allCases.indices.contains(index) { tool = EditorTool.allCases[index] }
            }
        case .activateFocus where focus == nil:
            // On the grid, A (or Enter) paints the cursor's cell.
            return perform(.editor(.paint))
        case .deleteBackward: edit { $0.deleteBackward() }
        case .deleteWordBackward: edit { $0.deleteWordBackward() }
        case .selectAll: edit { $0.selectAll() }
        case .caret(let motion): edit { $0.move(motion) }
        case .paste:
            if let text = context.clipboard.paste() { type(text) }
        case .endTextEntry: editing = nil
        case .focusNext where editing != nil, .focusPrevious where editing != nil:
            // Tab goes from the title to the pack, as a form's fields do (Shift+Tab back);
            // past them, the shell moves the focus on from the field left.
            let forward = command == .focusNext
            if (editing == .title) == forward {
                let next: Field = forward ? .pack : .title
                startEditing(next)
                focus = next.control
                return true
            }
            focus = editing?.control
            editing = nil
            return false
        default: return false
        }
        return true
    }

    /// The arrows (or the D-pad) on the editor: on the grid they move the cursor, and past
    /// its edge they go on to the nearest control that way (the palette, the tools, the
    /// fields); among the controls they move the focus, and back onto the grid.
    private func moveCursor(_ direction: Direction) {
        let layout = self.layout
        let focusable = layout.controls.filter(\.isFocusable)
        let grid = gridLayout
        if let focused = focusable.first(where: { $0.id == focus }) {
            let others = focusable.filter { $0.id != focused.id }
            let rects = others.map(\.rect) + [grid.boardFrame]
            guard let index = FocusNavigation.nearest(from: focused.rect.center, direction, among: rects) else { return }
            if index < others.count {
                focus = others[index].id
            } else {
                // Back onto the grid, at the cell nearest the control.
                let point = grid.cellPoint(for: focused.rect.center)
                cursor = CellPosition(
                    row: min(max(Int(point.row.rounded()), 0), draft.rows - 1),
                    column: min(max(Int(point.column.rounded()), 0), draft.columns - 1))
                focus = nil
            }
            return
        }
        guard let cursor else {
            self.cursor = CellPosition(row: 0, column: 0)
            return
        }
        let next = cursor.stepped(direction)
        if next.row >= 0, next.row < draft.rows, next.column >= 0, next.column < draft.columns {
            self.cursor = next
            return
        }
        let from = grid.cellRect(row: Double(cursor.row), column: Double(cursor.column)).center
        if let index = FocusNavigation.nearest(from: from, direction, among: focusable.map(\.rect)) { focus = focusable[index].id }
    }

    public var wantsTextInput: Bool { editing != nil }

    public var textInputRect: Rect? {
        guard let editing else { return nil }
        return controls.first { $0.id == editing.control }?.rect
    }

    public func insertText(_ text: String) { type(text) }

    /// Types `text` into the field being edited. In the title a `;` becomes `,` as it is
    /// typed, as the level file will have it (a `;` there starts a comment): the title shown
    /// is the title saved.
    private func type(_ text: String) {
        let typed = editing == .title ? String(text.map { $0 == ";" ? "," : $0 }) : text
        edit { $0.insert(typed) }
    }

    /// The field being typed in, with its caret (nil when none is).
    public private(set) var field: TextField?

    private func startEditing(_ which: Field) {
        editing = which
        let value = which == .title ? draft.title : pack
        field = TextField(value)
        // The game's own name for it selected: what the player types names the level, not
        // runs on from it ("My levelTwin pairs"); a name of the player's keeps the caret at
        // its end.
        if value == Self.placeholder(which) { field?.selectAll() }
    }

    /// What a field holds until the player names it: a new level's title, "My level", and
    /// the pack it is saved in, "My levels" (as its Levels tab names it; its folder is
    /// "mine" in every language: `folder`).
    static func placeholder(_ which: Field) -> String {
        if which == .title { return tr("My level") }
        return LevelListScreen.myLevels
    }

    private func fieldStyle(_ which: Field, value: String) -> Control.Style {
        guard editing == which, let field else { return .field(value: value, editing: false) }
        return .field(value: field.text, editing: true, caret: field.caret, allSelected: field.isAllSelected)
    }

    /// Changes the field being typed in.
    private func edit(_ change: (inout TextField) -> Void) {
        guard let editing, var field else { return }
        change(&field)
        switch editing {
        case .title:
            guard field.text != draft.title else {
                self.field = field
                return
            }
            var next = draft
            next.title = field.text
            commit(next)
        case .pack:
            // A pack is a folder name: no separators, no leading dot.
            let cleaned = String(field.text.filter { $0 != "/" && $0 != "\0" && $0 != "\\" }.drop { $0 == "." })
            if cleaned != field.text { field = TextField(cleaned) }
            if cleaned != pack {
                pack = cleaned
                keep()
            }
        }
        self.field = field
    }

    // MARK: The grid

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        editing = nil
        guard gridFrame.contains(event.location) else { return nil }
        focus = nil
        return PaintStroke(screen: self)
    }

    /// The cell under a point of the window, if it is on the grid.
    func cell(at location: Point) -> CellPosition? {
        let point = gridLayout.cellPoint(for: location)
        let position = CellPosition(row: Int(point.row.rounded()), column: Int(point.column.rounded()))
        guard position.row >= 0, position.row < draft.rows, position.column >= 0, position.column < draft.columns else { return nil }
        return position
    }

    /// What a stroke that starts at `position` paints: the tool's cell, or empty where the
    /// cell holds the tool's cell already (a block clicked again is erased, as in a
    /// drawing program's grid, without a trip to the Empty swatch).
    func paint(startingAt position: CellPosition) -> Cell {
        tool != .empty && draft[position] == tool.cell ? .empty : tool.cell
    }

    /// Paints one cell with `cell` as part of a stroke (the stroke is one edit when it ends).
    func paintStroke(_ cell: Cell, at position: CellPosition) {
        draft = draft.painting(cell, at: position)
    }

    /// A stroke ended: what it painted becomes one edit.
    func endStroke() { commit(draft) }

    private func commit(_ next: LevelDraft) {
        said = nil
        draft = next
        guard next != history.current else { return }
        history.record(next)
        rejudge()
        keep()
    }

    /// Asks the shell to keep the draft (the history's, not a stroke under way) in the
    /// player's progress, so that quitting loses nothing; the placeholders (today's, or the
    /// ones the editor opened with before the language changed) are kept as none, so they
    /// come back in the language of the day.
    private func keep() {
        let current = history.current
        func typed(_ value: String, _ field: Field, _ opening: String) -> String? {
            value == Self.placeholder(field) || value == opening ? nil : value
        }
        ask(
            .keepDraft(
                EditorDraft(
                    current, title: typed(current.title, .title, openingPlaceholders.title),
                    pack: typed(pack, .pack, openingPlaceholders.pack), savedFile: savedFile)))
    }

    private func undo() { travel { $0.undo() } }

    private func redo() { travel { $0.redo() } }

    /// Goes back or forth in the history (`move` says whether it could).
    private func travel(_ move: (inout History<LevelDraft>) -> Bool) {
        guard move(&history) else { return }
        draft = history.current
        said = nil
        rejudge()
        keep()
    }

    private func rejudge() {
        judge.cancelAll()
        if let problem = draft.immediateProblem {
            verdict = .unplayable(reason: problem.reason)
            return
        }
        verdict = .thinking
        _ = judge.request(draft)
    }

    // MARK: Saving and sharing

    /// The folder the pack field names: "mine" while it shows the game's own name for it,
    /// in whatever language ("Mes niveaux", "Мои уровни"), so one player's levels stay in
    /// one pack.
    private var folder: String { pack == Self.placeholder(.pack) || pack == openingPlaceholders.pack ? Self.defaultFolder : pack }

    /// The pack the editor saves into until the player names another.
    static let defaultFolder = "mine"

    private func save() {
        guard case .playable(let par, _, _) = verdict else { return }
        guard context.canSaveLevels else {
            said = (tr("This game cannot save levels"), false)
            return
        }
        let folder = self.folder
        let replacing = savedFile?.pack == folder ? savedFile?.path : nil
        // A board the pack has already (a copy saved unchanged) is not written twice, as
        // Paste code and `bloq import` do not.
        if let twin = levelInPack(with: draft.board, except: replacing) {
            let number = "\(twin.number)"
            said = (
                folder == Self.defaultFolder
                    // TRANSLATORS: the editor's Save, refused: "My levels" is the pack's name (its
                    // Levels tab); %1 the level's number in it, %2 its title.
                    ? tr("Not saved: My levels has this board already, as level %1 (%2)", number, twin.title)
                    // TRANSLATORS: the editor's Save, refused: %1 the pack, %2 the level's number in it, %3 its title.
                    : tr("Not saved: your pack %1 has this board already, as level %2 (%3)", pack, number, twin.title), false
            )
            return
        }
        ask(.saveLevel(text: draft.levelText(par: par), title: draft.title, pack: folder, replacing: replacing))
    }

    /// The level of the player's pack being saved into (the folder `pack`) whose board is
    /// `board`, other than the file `except`: its number in the pack and its title.
    private func levelInPack(with board: Board, except: String?) -> (number: Int, title: String)? {
        for entry in context.packs where entry.isPlayers && entry.folder == folder {
            if let index = entry.playableIndex(of: board, except: except) { return (index + 1, entry.playable[index].level.localizedTitle) }
        }
        return nil
    }

    /// How the save asked for went: the file written (a Save in the same pack replaces it),
    /// or why not.
    func levelSaved(_ result: Result<String, any Error>, pack: String) {
        switch result {
        case .success(let path):
            savedFile = EditorDraft.SavedFile(path: path, pack: pack)
            // Kept with the draft: saving again after a restart replaces this file too.
            keep()
            // The game's own pack by its name, as the tab and the field say it; a pack the
            // player named by its folder and file.
            said = (
                pack == Self.defaultFolder
                    ? tr("Saved in My levels: find it under Levels")
                    : tr("Saved as %1 in your levels: find it under Levels", LevelSaver.shortName(path)), false
            )
        case .failure(let error):
            said = (tr("Not saved: %1", "\(error)"), true)
        }
    }

    /// What Copy code says (here and on a preview card). Not the code itself: in the game's
    /// type a capital I and a small l look alike, and a code read off the screen would be
    /// typed wrong (the clipboard has it whole).
    static var codeCopied: String {
        // TRANSLATORS: after Copy code; "Paste code" is the button on the Levels screen.
        tr("The level's code is on the clipboard: paste it in a message, or in Paste code")
    }

    private func copyCode() {
        guard let code = ShareCode.encode(draft.board, title: draft.title) ?? ShareCode.encode(draft.board) else { return }
        said = (context.clipboard.copy(code) ? Self.codeCopied : Clipboard.notCopied, false)
    }

    // MARK: Time

    public func step(_ seconds: Double) {
        for answer in judge.step() where answer.input == draft {
            verdict = answer.output
        }
    }

    public var isAnimating: Bool { judge.isBusy }
    public var isMoving: Bool { false }
}

/// A press on the editor's grid: it paints the cell under it, and every cell it is
/// dragged across, as one edit; begun on a cell that holds the tool's paint already, it
/// erases instead (`EditorScreen.paint(startingAt:)`).
final class PaintStroke: PointerOwner {
    private weak var screen: EditorScreen?
    private var last: CellPosition?
    private var paint: Cell?

    init(screen: EditorScreen) { self.screen = screen }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        switch event.phase {
        case .down, .moved:
            guard let cell = screen.cell(at: event.location), cell != last else { return }
            last = cell
            let paint = self.paint ?? screen.paint(startingAt: cell)
            self.paint = paint
            screen.paintStroke(paint, at: cell)
        case .up, .cancelled:
            screen.endStroke()
        }
    }
}
