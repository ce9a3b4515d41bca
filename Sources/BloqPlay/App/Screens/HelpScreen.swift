import BloqEngine
import BloqGame
import BloqLocalization

/// The help, over any screen, for the hands the player uses: the keys (the command
/// table's rows) for a keyboard and mouse player, the gestures for a touch player, the
/// buttons for a gamepad's. Any key, button or press closes it.
public final class HelpScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.help
    public var focus: ControlID?
    private var memo = Memo<[Int], Layout>()

    public var commandContexts: [CommandContext] { [.help] }
    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }
    /// The page shown, when the rows take more than one.
    public private(set) var page = 0

    public func activate(_ id: ControlID) {
        switch id {
        case .nextPage: page = min(page + 1, layout.pages - 1)
        case .previousPage: page = max(page - 1, 0)
        default: ask(.dismissHelp)
        }
    }

    /// The page keys turn the pages, when there are more than one; else they close it.
    public func perform(_ command: Command) -> Bool {
        switch command {
        case .scroll(let notches): page = max(min(page + notches, layout.pages - 1), 0)
        case .nextPage: activate(layout.pages > 1 ? .nextPage : .back)
        case .previousPage: activate(layout.pages > 1 ? .previousPage : .back)
        default: return false
        }
        return true
    }

    /// What the help lists: pointer gestures, then the command table's keys (keyboard and
    /// mouse); the gestures and the buttons on screen (touch); each gamepad button (pad).
    public var rows: [(keys: String, does: String)] {
        let drag = (tr("Drag a block"), tr("push it; let go past half-way, or flick"))
        switch context.inputMode {
        case .keyboard:
            return [drag, (tr("Right-click or hold"), tr("a level in the list: its preview"))] + context.commands.helpRows
        case .touch:
            return [
                drag, (tr("Touch a moving block"), tr("catch it: send it on, or back where it came from")),
                (tr("Two fingers"), tr("two blocks at once, when their moves cannot meet")),
                (tr("Tap a level"), tr("play it")),
                (tr("Touch and hold a level"), tr("its preview")),
                (tr("Swipe across the levels"), tr("the next or previous page")),
                (tr("Swipe from the left edge"), tr("back to the levels")),
                (tr("Undo, Redo, Restart"), tr("take back a move, put it back, start again (undoable)")),
                (tr("Hint"), tr("the next two moves, as ghosts (at most ★★)")),
                (tr("Solution"), tr("plays the rest of the solution (no stars)")),
            ]
        case .gamepad:
            return context.commands.padRows
        }
    }

    /// The heading: what the rows are.
    var heading: String {
        switch context.inputMode {
        case .keyboard: tr("Keys")
        case .touch: tr("Gestures")
        case .gamepad: tr("Gamepad")
        }
    }

    /// How to close it, in the player's hands' words; with pages, the arrows (or the
    /// D-pad) turn them instead. At a keyboard, a click too: the mouse is there (helper-61
    /// was told only of keys).
    func closing(paged: Bool) -> String {
        switch (context.inputMode, paged) {
        case (.keyboard, false): tr("Press any key or click to close")
        case (.keyboard, true): tr("Arrows turn the pages, any other key or a click closes")
        case (.touch, _): tr("Tap anywhere to close")
        case (.gamepad, false): tr("Any button closes the help")
        case (.gamepad, true): tr("The D-pad turns the pages, any other button closes")
        }
    }

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        TapOwner { [weak self] in self?.ask(.dismissHelp) }
    }

    /// The help over the whole window: the heading, the rows (keys on the left, what they
    /// do on the right, wrapped), in two columns of rows when the window is wide enough, in
    /// pages when they do not all fit, and the line that says how to close it.
    public typealias Layout = (controls: [Control], texts: [TextBox], pages: Int)

    public var layout: Layout {
        memo.value(for: [context.generation, page]) { makeLayout() }
    }

    private func makeLayout() -> Layout {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        var texts: [TextBox] = []
        let heading = Typesetter.line(
            heading, px: type.title, at: Point(x: margin, y: margin), width: viewport.width - margin * 2, alignment: 0.5)
        texts.append(heading)
        let inner = Rect(x: margin, y: heading.frame.maxY + margin, width: viewport.width - margin * 2, height: 0)
        let px = type.body
        let lineHeight = Typesetter.font.lineHeight(px: px)
        let footerHeight = max(metrics.unit, lineHeight)
        let area = Rect(x: inner.x, y: inner.y, width: inner.width, height: viewport.height - margin * 2 - footerHeight - inner.y)
        // Two columns of rows side by side when each still gets a wide enough column.
        let groups = viewport.width >= type.body * 60 ? 2 : 1
        let groupWidth = (area.width - margin * Double(groups - 1)) / Double(groups)
        let keysWidth = min((rows.map { Typesetter.font.boxWidth($0.keys, px: px) }.max() ?? 0), groupWidth * 0.42)
        let doesWidth = groupWidth - keysWidth - margin
        // Every row's lines, and its height.
        let laid = rows.map { row -> (keys: [String], does: [String], height: Double) in
            let keys = Typesetter.font.wrap(row.keys, px: px, width: keysWidth)
            let does = Typesetter.font.wrap(row.does, px: px, width: doesWidth)
            return (keys, does, Double(max(keys.count, does.count)) * lineHeight + lineHeight * 0.35)
        }
        // Rows into columns, columns into pages.
        var columns: [[Int]] = [[]]
        var used = 0.0
        for (index, row) in laid.enumerated() {
            if used + row.height > area.height, !(columns.last?.isEmpty ?? true) {
                columns.append([])
                used = 0
            }
            columns[columns.count - 1].append(index)
            used += row.height
        }
        let pages = (columns.count + groups - 1) / groups
        let shown = min(page, pages - 1)
        for (slot, column) in columns.dropFirst(shown * groups).prefix(groups).enumerated() {
            let x = area.x + Double(slot) * (groupWidth + margin)
            var y = area.y
            for index in column {
                let row = laid[index]
                for (line, text) in row.keys.enumerated() {
                    texts.append(
                        Typesetter.line(
                            text, px: px, at: Point(x: x, y: y + Double(line) * lineHeight), width: keysWidth, role: .accent, alignment: 1))
                }
                for (line, text) in row.does.enumerated() {
                    texts.append(
                        Typesetter.line(
                            text, px: px, at: Point(x: x + keysWidth + margin, y: y + Double(line) * lineHeight), width: doesWidth))
                }
                y += row.height
            }
        }
        // The bottom line: how to close, and the pages with their buttons.
        let footer = Rect(x: margin, y: viewport.height - margin - footerHeight, width: viewport.width - margin * 2, height: footerHeight)
        var controls: [Control] = []
        var words = footer
        if pages > 1 {
            let specs = [
                ButtonSpec(.previousPage, tr("Previous"), leading: "‹ ", short: "‹", isEnabled: shown > 0),
                ButtonSpec(.nextPage, tr("Next"), trailing: " ›", short: "›", isEnabled: shown < pages - 1),
            ]
            var width = ButtonGroup.neededWidth(specs, px: type.body, height: footerHeight)
            // Words that would leave the closing line less than three fifths of the row (a
            // phone, a long language): the buttons show their arrows only, so the line is not cut.
            if width * 2 + metrics.gap > footer.width * 0.4 { width = (footerHeight * 1.25).rounded() }
            let frame = Rect(x: footer.maxX - width * 2 - metrics.gap, y: footer.y, width: width * 2 + metrics.gap, height: footerHeight)
            controls = ButtonGroup.gridAlways(specs, in: frame, columns: 2, height: footerHeight, gap: metrics.gap, scale: type)
            words.width = frame.x - margin - footer.x
        }
        // TRANSLATORS: %1 and %2 are page numbers; %3 says how to close the help ("Tap anywhere to close").
        let close = pages > 1 ? tr("Page %1 of %2 · %3", "\(shown + 1)", "\(pages)", closing(paged: true)) : closing(paged: false)
        // Too long for one line, it breaks between the page and how to close, when each holds
        // a line, rather than leave a word alone on the second ("closes").
        let bound = Typesetter.bindingItems(close, separator: " · ", px: type.caption, width: words.width)
        texts += Typesetter.unbound(
            Typesetter.paragraph(bound, px: type.caption, in: words, role: .secondary, maximumLines: 2, centred: true))
        return (controls, texts, pages)
    }
}
