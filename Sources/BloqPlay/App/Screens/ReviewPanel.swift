import BloqEngine
import BloqGame
import BloqLocalization

/// The review of the line played, over the board (after a clear, from the Cleared card;
/// on a stuck board, from the toolbar): each move with the fewest moves that clear the
/// board before and after it, the moves that lost ground marked, the same as a small chart,
/// and "try again from move N" back through the history.
public final class ReviewPanel {
    /// The line reviewed.
    public let line: [Move]
    /// The review, once the solver has worked it out (off the frame).
    public internal(set) var review: LineReview?
    /// The move chosen to try again from (its number in the line, from 1).
    public internal(set) var selected: Int
    /// The page of moves shown, when they do not all fit.
    public internal(set) var page = 0
    public var focus: ControlID?

    /// The colour of the block each move pushed, worked out once along the line.
    private let colours: [BlockColor?]

    init(line: [Move], start: Board) {
        self.line = line
        var board: Board? = start
        colours = line.map { move in
            defer { board = board?.applying(move) }
            return board.flatMap { $0.contains(move.from) ? $0[move.from].color : nil }
        }
        selected = 1
    }

    /// The review arrived: the first move that lost ground is chosen, on its page.
    func received(_ review: LineReview, rowsPerPage: Int) {
        self.review = review
        selected = review.lostMoves.first ?? 1
        page = (selected - 1) / max(rowsPerPage, 1)
    }

    /// What the panel says above the chart.
    public var summary: String {
        guard let review else { return tr("Working out the fewest moves from each position…") }
        let lost = review.lostMoves.count
        var words =
            lost == 0
            ? tr("Every move kept to a best line")
            // TRANSLATORS: the review's summary: how many moves of the line lost ground.
            : tr("%1 move lost ground", "%1 moves lost ground", count: lost, "\(lost)")
        if !review.isComplete { words += " · " + tr("some positions were too large to work out") }
        return words
    }

    /// A move's row: its number, its block's colour, where it stood and its direction, and
    /// the fewest moves before and after it ("3 → 5"; "✗" where the board could no longer be
    /// cleared). Where it stood tells one blue block from another (the board is under the
    /// panel).
    func row(_ number: Int) -> (move: String, compact: String, pars: String, lost: Bool) {
        let move = line[number - 1]
        let colour = colours[number - 1]?.localizedName ?? ""
        let arrow: String =
            switch move.direction {
            case .right: "→"
            case .left: "←"
            case .up: "↑"
            case .down: "↓"
            }
        // TRANSLATORS: a move in the review: %1 its number, %2 the block's colour, %3 and %4
        // the row and column it stood in (from 1), %5 an arrow.
        let said = tr(
            "%1. %2 at row %3, column %4 %5", "\(number)", colour, "\(move.from.row + 1)", "\(move.from.column + 1)", arrow)
        // TRANSLATORS: the same move where the row above does not fit (a narrow window): %3 and
        // %4 the row and the column, in brackets.
        let compact = tr("%1. %2 (%3, %4) %5", "\(number)", colour, "\(move.from.row + 1)", "\(move.from.column + 1)", arrow)
        guard let entry = review?.entries[number - 1] else { return (said, compact, "…", false) }
        func par(_ value: Int?) -> String { value.map { "\($0)" } ?? "✗" }
        return (said, compact, par(entry.parBefore) + " → " + par(entry.parAfter), entry.lostGround)
    }

    /// The panel laid out in `area`: its frame, controls, texts, where the chart goes, and
    /// how many moves a page holds.
    func layout(in area: Rect, _ metrics: Metrics) -> (frame: Rect, controls: [Control], texts: [TextBox], chart: Rect, rows: Int) {
        let type = metrics.type
        let padding = metrics.margin
        let width = min(area.width, max(metrics.unit * 11, area.width * 0.6))
        let frame = Rect(x: area.center.x - width / 2, y: area.y, width: width, height: area.height)
        let inner = frame.insetBy(padding)
        var texts: [TextBox] = []
        var y = inner.y
        let heading = tr("Review")
        let headingBox = Typesetter.line(heading, px: type.title, at: Point(x: inner.x, y: y), width: inner.width, alignment: 0.5)
        texts.append(headingBox)
        y = headingBox.frame.maxY + (padding * 0.25).rounded()
        let summaryLines = Typesetter.paragraph(
            summary, px: type.caption, in: Rect(x: inner.x, y: y, width: inner.width, height: 0), role: .secondary, maximumLines: 2)
        texts += summaryLines
        y = (summaryLines.last?.frame.maxY ?? y) + padding * 0.5
        // The buttons along the bottom: back, try again, and the pages.
        let height = metrics.unit
        let buttonsTop = inner.maxY - height
        // The chart: the fewest moves from each position, a third of what is left at most.
        let room = buttonsTop - padding * 0.5 - y
        let chartHeight = max(min((metrics.unit * 2).rounded(), room * 0.3), 0)
        let chart = Rect(x: inner.x, y: y, width: inner.width, height: chartHeight)
        y += chartHeight + padding * 0.5
        // The moves: as many rows as fit, in pages.
        let rowHeight = max(metrics.minimumControl, (metrics.unit * 0.75).rounded())
        let gap = (metrics.gap * 0.5).rounded()
        let rowsRoom = buttonsTop - padding * 0.5 - y
        let perPage = max(Int((rowsRoom + gap) / (rowHeight + gap)), 1)
        let pages = max((line.count + perPage - 1) / perPage, 1)
        let shownPage = min(page, pages - 1)
        var controls: [Control] = []
        let px = Typesetter.font.lineHeight(px: type.body) <= rowHeight * 0.8 ? type.body : type.caption
        for number in (shownPage * perPage + 1)...min((shownPage + 1) * perPage, max(line.count, 1)) where number <= line.count {
            let said = row(number)
            let rect = Rect(x: inner.x, y: y, width: inner.width, height: rowHeight)
            let inset = (rowHeight * 0.3).rounded()
            let parsWidth = Typesetter.font.boxWidth("00 → 00", px: px)
            let labelFrame = Rect(x: rect.x + inset, y: rect.y, width: max(rect.width - parsWidth - inset * 3, 1), height: rowHeight)
            let words = Typesetter.fits(said.move, px: px, width: labelFrame.width) ? said.move : said.compact
            var control = Control(.reviewMove(number), words, rect: rect, style: number == selected ? .selected : .plain)
            control.labelPx = px
            control.labelAlignment = 0
            control.labelFrame = labelFrame
            controls.append(control)
            texts.append(
                Typesetter.line(
                    said.pars, px: px, in: Rect(x: rect.maxX - inset - parsWidth, y: rect.y, width: parsWidth, height: rowHeight),
                    role: said.lost ? .danger : .accent, alignment: 1, owner: control.id))
            y += rowHeight + gap
        }
        var specs = [
            ButtonSpec(.closeReview, tr("Back"), leading: "‹ "),
            // TRANSLATORS: the review's button: back to the position before move %1, to play on from there.
            ButtonSpec(.retryFromMove, tr("Try again from move %1", "\(selected)"), short: tr("Retry"), style: .accent),
        ]
        if pages > 1 {
            specs.insert(ButtonSpec(.reviewPrevious, tr("Previous"), short: "‹", isEnabled: shownPage > 0), at: 1)
            specs.insert(ButtonSpec(.reviewNext, tr("Next"), short: "›", isEnabled: shownPage < pages - 1), at: 2)
        }
        let bar = Rect(x: inner.x, y: buttonsTop, width: inner.width, height: height)
        controls += ButtonGroup.gridAlways(specs, in: bar, columns: specs.count, height: height, gap: metrics.gap, scale: type)
        return (frame, controls, texts, chart, perPage)
    }
}
