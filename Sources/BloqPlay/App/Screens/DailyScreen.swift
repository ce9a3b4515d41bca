import BloqEngine
import BloqGame

/// The Daily screen: shown while today's board is being made (the solver proves its par
/// first), then it opens the board on the play screen by itself. If no board can be made
/// it says so. Back returns to the title.
public final class DailyScreen: AppScreen {
    public let kind = ScreenKind.daily
    unowned let app: AppController
    /// The day whose board is coming.
    public let date: DailyDate
    public var focus: ControlID? = .back
    /// Seconds spent thinking (the painter's dots move with it).
    public private(set) var thinkingTime = 0.0

    init(app: AppController, date: DailyDate) {
        self.app = app
        self.date = date
    }

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }
    public var controls: [Control] { [app.metrics.backControl()] }
    public func activate(_ id: ControlID) { if id == .back { app.back() } }

    /// Whether the board could not be made.
    public var failed: Bool { app.dailyFailures.contains(date) }

    /// What the screen says: thinking, or why there is no board.
    public var message: String {
        failed ? "No daily board could be made for \(date): try again tomorrow." : "Thinking…"
    }

    /// The streak the player keeps by clearing today's board.
    public var streak: Int { app.dailyStreak }

    public func step(_ seconds: Double) {
        thinkingTime += seconds
        if app.root.shows(self), let board = app.dailyBoards[date] { app.playDaily(board) }
    }

    public var isAnimating: Bool { !failed }

    /// "1 day", "3 days".
    public static func streakText(_ days: Int) -> String { days == 1 ? "1 day" : "\(days) days" }
}
