import BloqEngine
import BloqGame
import BloqLocalization

/// The Daily screen: shown while today's board is being made (the solver proves its par
/// first), then it opens the board on the play screen by itself. If no board can be made
/// it says so. Back returns to the title.
public final class DailyScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.daily
    /// The day whose board is coming.
    public let date: DailyDate
    public var focus: ControlID? = .back
    /// Seconds spent thinking (the painter's dots move with it).
    public private(set) var thinkingTime = 0.0
    /// Whether the board has been asked to be played (once).
    private var opened = false
    private var memo = Memo<Int, Layout>()

    init(context: ScreenContext, date: DailyDate) {
        self.date = date
        super.init(context: context)
    }

    public typealias Layout = (controls: [Control], texts: [TextBox], dots: Rect)

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The header, the day, the streak, the message, and where the thinking dots go.
    public var layout: Layout {
        memo.value(for: context.generation) { makeLayout() }
    }

    private func makeLayout() -> Layout {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let header = metrics.header(tr("Daily"))
        let width = viewport.width - margin * 2
        var y = max(header.bottom, viewport.height * 0.25)
        var texts = header.texts
        for (text, sizes, role) in [
            (date.localizedLongDescription, [type.title, type.body, type.caption], TextBox.Role.plain),
            (
                streak > 0 ? tr("Streak: %1", DailyScreen.streakText(streak)) : tr("Clear a daily board each day for a streak"),
                [type.body, type.caption], .secondary
            ),
            (message, [type.body, type.caption], failed ? .accent : .plain),
        ] {
            let px = Typesetter.size(fitting: [text], width: width, sizes: sizes) ?? type.caption
            let lines = Typesetter.paragraph(text, px: px, in: Rect(x: margin, y: y, width: width, height: 0), role: role, maximumLines: 3)
            texts += lines
            y = (lines.last?.frame.maxY ?? y) + margin
        }
        let dot = (metrics.unit * 0.22).rounded()
        return (header.controls, texts, Rect(x: viewport.width / 2 - dot * 3.75, y: y, width: dot * 7.5, height: dot))
    }

    /// Whether the board could not be made.
    public var failed: Bool { context.dailyFailures.contains(date) }

    /// What the screen says: thinking, or why there is no board.
    public var message: String {
        failed ? tr("No daily board could be made for %1: try again tomorrow.", "\(date)") : tr("Thinking…")
    }

    /// The streak the player keeps by clearing today's board.
    public var streak: Int { context.dailyStreak }

    public func step(_ seconds: Double) {
        thinkingTime += seconds
        if !opened, let board = context.dailyBoards[date] {
            opened = true
            ask(.playDaily(board))
        }
    }

    public var isAnimating: Bool { !failed }

    /// "1 day", "3 days".
    public static func streakText(_ days: Int) -> String { tr("%1 day", "%1 days", count: days, "\(days)") }
}
