import BloqEngine
import BloqGame

/// The Cleared overlay over a board just cleared: stars, moves against par, the time and
/// the personal best, confetti, and the way on. It exists from the clear until the board
/// is no longer cleared (undo); it shows once every animation has settled.
public final class ClearedOverlay {
    public let stars: Int
    public let moves: Int
    public let par: Int?
    /// Play time of the clear, in seconds.
    public let time: Double
    /// The clear came from Show solution (it earns no stars, and says so).
    public let showedSolution: Bool
    /// A hint was shown on the level since it was opened (at most two stars, and it says so).
    public let usedHint: Bool
    /// The personal best after this clear (nil without saved progress).
    public let best: LevelRecord?
    /// Whether this clear beat the moves or the time of the best before it.
    public let isNewBest: Bool
    /// Whether the level had never been cleared before.
    public let isFirstClear: Bool
    /// Whether "Next level" leads on (else "Play again").
    public let hasNextLevel: Bool
    public let showsLevelsButton: Bool
    /// The label of the way back (the list, or the title from a daily board).
    public let backLabel: String
    /// The daily streak after this clear, on a daily board (nil elsewhere).
    public let dailyStreak: Int?
    public var focus: ControlID?
    /// The confetti, and seconds since it burst.
    public private(set) var confetti: ConfettiBurst?
    public private(set) var confettiTime = 0.0

    init(
        stars: Int, moves: Int, par: Int?, time: Double, showedSolution: Bool, usedHint: Bool = false, before: LevelRecord?,
        after: LevelRecord?,
        hasNextLevel: Bool, showsLevelsButton: Bool, backLabel: String = "Levels", dailyStreak: Int? = nil, confetti: ConfettiBurst?
    ) {
        self.stars = stars
        self.moves = moves
        self.par = par
        self.time = time
        self.showedSolution = showedSolution
        self.usedHint = usedHint
        best = after
        isFirstClear = before?.cleared != true
        isNewBest = before.map { moves < ($0.bestMoves ?? Int.max) || time < ($0.bestTime ?? .infinity) } ?? false
        self.hasNextLevel = hasNextLevel
        self.showsLevelsButton = showsLevelsButton
        self.backLabel = backLabel
        self.dailyStreak = dailyStreak
        focus = hasNextLevel ? .nextLevel : .playAgain
        self.confetti = confetti
    }

    /// Why the clear earns fewer than three stars ("2 moves over par", "a hint was used:
    /// at most ★★"), or nil when it earns three (or when Show solution says why there are
    /// none).
    public var starsReason: String? {
        guard !showedSolution, stars < 3 else { return nil }
        var reasons: [String] = []
        if let par, moves > par {
            let over = moves - par
            reasons.append("\(over) move\(over == 1 ? "" : "s") over par")
        }
        if usedHint { reasons.append("a hint was used: at most ★★") }
        if par == nil, reasons.isEmpty { reasons.append("this level has no par yet: ★ until the solver finds it") }
        guard !reasons.isEmpty else { return nil }
        let sentence = reasons.joined(separator: "; ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    /// The lines under "Cleared!": moves and par, then why no stars or why fewer than three,
    /// then the best.
    public var lines: [String] {
        var result = ["in \(moves) move\(moves == 1 ? "" : "s")" + (par.map { " · par \($0)" } ?? "") + " · " + ClearedOverlay.clock(time)]
        if let starsReason { result.append(starsReason) }
        if showedSolution {
            result.append("Solved with Show solution: no stars")
        } else if let best, let bestMoves = best.bestMoves {
            let bestTime = best.bestTime.map { " · " + ClearedOverlay.clock($0) } ?? ""
            let record = "\(bestMoves) move\(bestMoves == 1 ? "" : "s")" + bestTime
            result.append(isFirstClear ? "First clear!" : (isNewBest ? "New best! " : "Best: ") + record)
        }
        if let dailyStreak, dailyStreak > 0 { result.append("Daily streak: \(DailyScreen.streakText(dailyStreak))") }
        return result
    }

    /// Seconds as m:ss.
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 359_999).rounded(.down))
        let rest = whole % 60
        return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// Its buttons, laid out over the board's frame.
    func controls(over frame: Rect, _ metrics: Metrics) -> [Control] {
        let width = min(frame.width * 0.7, metrics.viewport.width * 0.8)
        let height = max(frame.height * 0.11, metrics.minimumButtonSize)
        let x = frame.center.x - width / 2
        let y = min(frame.center.y + frame.height * 0.16, metrics.viewport.height - height * 2.3)
        var result = [
            hasNextLevel
                ? Control(.nextLevel, "Next level", rect: Rect(x: x, y: y, width: width, height: height), style: .accent, trailing: "  ›")
                : Control(.playAgain, "Play again", rect: Rect(x: x, y: y, width: width, height: height), style: .accent)
        ]
        if showsLevelsButton {
            let below = Rect(x: x + width * 0.2, y: y + height * 1.2, width: width * 0.6, height: height * 0.9)
            result.append(Control(.back, backLabel, rect: below, leading: "‹ "))
        }
        return result
    }

    func step(_ seconds: Double) {
        guard let burst = confetti else { return }
        confettiTime += seconds
        if confettiTime >= burst.duration { confetti = nil }
    }
}
