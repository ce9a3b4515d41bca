import BloqEngine
import BloqGame
import BloqLocalization

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
    /// Whether that was the solution, shown before a Restart.
    public let sawSolution: Bool
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
    /// Said on the card once Share has copied the result.
    public var shared: String?
    /// The confetti, and seconds since it burst.
    public private(set) var confetti: ConfettiBurst?
    public private(set) var confettiTime = 0.0
    /// How long the card has shown: its stars arrive one by one over the first second
    /// (`MotionToken.starScale`).
    public private(set) var shownTime = 0.0

    init(
        stars: Int, moves: Int, par: Int?, time: Double, showedSolution: Bool, usedHint: Bool = false, sawSolution: Bool = false,
        before: LevelRecord?,
        after: LevelRecord?,
        hasNextLevel: Bool, showsLevelsButton: Bool, backLabel: String = tr("Levels"), dailyStreak: Int? = nil, confetti: ConfettiBurst?
    ) {
        self.stars = stars
        self.moves = moves
        self.par = par
        self.time = time
        self.showedSolution = showedSolution
        self.usedHint = usedHint
        self.sawSolution = sawSolution
        best = after
        // A level cleared only by Show solution has no best of the player's yet.
        isFirstClear = before?.cleared != true || before?.bestMoves == nil
        isNewBest = before.map { moves < ($0.bestMoves ?? Int.max) || time < ($0.bestTime ?? .infinity) } ?? false
        self.hasNextLevel = hasNextLevel
        self.showsLevelsButton = showsLevelsButton
        self.backLabel = backLabel
        self.dailyStreak = dailyStreak
        focus = hasNextLevel && !showedSolution ? .nextLevel : .playAgain
        self.confetti = confetti
    }

    /// Why each star was not earned, by star (0, 1, 2): nothing under a star earned; under a
    /// missing one its short reasons, one to a line ("2 moves over par", "a hint was used").
    /// Empty after Show solution (the card says why there are none). By GAME.md's scoring
    /// (`Score.stars`): the first star comes with any clear; the second needs at most
    /// par + ceil(par / 4) moves; the third par and no hint; without a par only the first.
    public var starReasons: [[String]] {
        guard !showedSolution else { return [] }
        return (0..<3).map { index in index < stars ? [] : reasons(forStar: index + 1) }
    }

    private func reasons(forStar star: Int) -> [String] {
        // TRANSLATORS: under a star not earned on the Cleared card: the level's fewest moves
        // are not known yet, so only one star (short: it sits under the star).
        guard let par, par > 0 else { return [tr("no par yet")] }
        if star == 2 {
            // Two stars need at most par + ceil(par / 4) moves.
            let limit = par + (par + 3) / 4
            guard moves > limit else { return [] }
            // TRANSLATORS: under the second star not earned on the Cleared card: the clear
            // took more moves than two stars allow (short: it sits under the star).
            return [tr("more than %1 move", "more than %1 moves", count: limit, "\(limit)")]
        }
        var reasons: [String] = []
        if moves > par {
            let over = moves - par
            reasons.append(tr("%1 move over par", "%1 moves over par", count: over, "\(over)"))
        }
        if usedHint, sawSolution {
            // TRANSLATORS: under the third star not earned on the Cleared card, when the
            // solution was shown before a Restart (short: it sits under the star).
            reasons.append(tr("the solution was shown"))
        } else if usedHint {
            // TRANSLATORS: under the third star not earned on the Cleared card (short: it sits
            // under the star).
            reasons.append(tr("a hint was used"))
        }
        return reasons
    }

    /// The lines under the stars: moves and par, then why no stars (after Show solution), then
    /// the best. Why a star is missing is said under that star (`starReasons`).
    public var lines: [String] { lines(sharing: true) }

    /// `lines`, with what Share said (`shared`) when `sharing`.
    private func lines(sharing: Bool) -> [String] {
        var result = [
            tr("in %1 move", "in %1 moves", count: moves, "\(moves)") + (par.map { " · " + tr("par %1", "\($0)") } ?? "") + " · "
                + ClearedOverlay.clock(time)
        ]
        if showedSolution {
            result.append(tr("The solver played it: no stars this time. Play again and try it yourself."))
        } else if let best, let bestMoves = best.bestMoves {
            let bestTime = best.bestTime.map { " · " + ClearedOverlay.clock($0) } ?? ""
            let record = tr("%1 move", "%1 moves", count: bestMoves, "\(bestMoves)") + bestTime
            result.append(isFirstClear ? tr("First clear!") : (isNewBest ? tr("New best! %1", record) : tr("Best: %1", record)))
        }
        if let dailyStreak, dailyStreak > 0 { result.append(tr("Daily streak: %1", DailyScreen.streakText(dailyStreak))) }
        if sharing, let shared { result.append(shared) }
        return result
    }

    /// Seconds as m:ss.
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 359_999).rounded(.down))
        let rest = whole % 60
        return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// The card over the board: "Cleared!", the stars, the lines, and the way on (Next level
    /// or Play again, and the way back); as large as the board's frame, larger when its
    /// words need it (within `area`). Once Share has said it copied, the card grows upward
    /// where it can (a window too short for that, 400x300 over a tall board, moves the
    /// buttons down): its buttons stay under the hand that pressed Share. Returns its frame,
    /// controls and texts (`sharing`: false lays it out as before Share).
    func layout(over board: Rect, within area: Rect, _ metrics: Metrics, sharing: Bool = true) -> (
        frame: Rect, controls: [Control], texts: [TextBox]
    ) {
        let lines = lines(sharing: sharing)
        let type = metrics.type
        let padding = metrics.margin
        var specs: [ButtonSpec]
        if showedSolution {
            // After Show solution the way on is to try it: Play again first, the next level
            // after; nothing to share or review.
            specs = [ButtonSpec(.playAgain, tr("Play again"), style: .accent)]
            if hasNextLevel { specs.append(ButtonSpec(.nextLevel, tr("Next level"), trailing: "  ›")) }
            if showsLevelsButton { specs.append(ButtonSpec(.back, backLabel, leading: "‹ ")) }
        } else {
            specs = [
                hasNextLevel
                    ? ButtonSpec(.nextLevel, tr("Next level"), trailing: "  ›", style: .accent)
                    : ButtonSpec(.playAgain, tr("Play again"), style: .accent)
            ]
            if showsLevelsButton { specs.append(ButtonSpec(.back, backLabel, leading: "‹ ")) }
            // TRANSLATORS: Share copies the result and its solve code (a verb); Review opens the
            // review of the moves just played, each against the fewest moves left (a verb too).
            specs += [ButtonSpec(.shareResult, tr("Share")), ButtonSpec(.review, tr("Review"))]
        }
        let height = metrics.unit
        let reasons = starReasons
        // A quiet card after Show solution: no cheer, no stars to show.
        let heading = showedSolution ? tr("Solution shown") : tr("Cleared!")
        let starsText = showedSolution ? "" : PlayScreen.stars(stars)
        let starsHeight = showedSolution ? 0 : Typesetter.font.lineHeight(px: type.title)
        // With a star missing, each star stands in its own column with the reasons it is
        // missing under it (at most three lines each); at three stars, one row as before.
        let explained = reasons.contains { !$0.isEmpty }
        // Two reasons under one star set apart more than a reason's wrapped lines.
        let reasonGap = padding * 0.45
        let linesPx = type.caption
        // A column under each star wide enough for the longest word of its reasons (a long
        // translation widens the card, up to the area, rather than break a word).
        let longestWord = reasons.joined().map { Typesetter.font.widestWord($0, px: type.caption) }.max() ?? 0
        /// The card `width` wide with its heading at the largest of `headingSizes` that fits:
        /// its parts' sizes and the height they need.
        func plan(width: Double, headingSizes: [Double]) -> Plan {
            let inner = width - padding * 2
            let headingPx = Typesetter.size(fitting: [heading], width: inner, sizes: headingSizes, face: .display) ?? type.body
            let starColumn = min(inner / 3, max(type.caption * 10, longestWord + metrics.gap * 0.5))
            let reasonWidth = max(starColumn - metrics.gap * 0.5, 1)
            let reasonsHeight =
                reasons.map { said in
                    said.map { Typesetter.paragraphHeight($0, px: type.caption, width: reasonWidth, maximumLines: 3) + reasonGap }
                        .reduce(0, +)
                }.max() ?? 0
            let linesHeight = lines.map { Typesetter.paragraphHeight($0, px: linesPx, width: inner, maximumLines: 2) }.reduce(0) {
                $0 + $1 + padding * 0.3
            }
            // The buttons two by two when their labels fit half the card, else one above the other.
            let sideBySide =
                specs.count >= 2 && ButtonGroup.labelSize(specs, width: (inner - metrics.gap) / 2, height: height, scale: type) != nil
            let buttonsHeight = ButtonGroup.height(count: specs.count, columns: sideBySide ? 2 : 1, height: height, gap: metrics.gap)
            let needed =
                padding + TypeFace.display.metrics.lineHeight(px: headingPx) + starsHeight + reasonsHeight + padding * 0.5
                + linesHeight + padding * 0.5 + buttonsHeight + padding
            return (width, inner, headingPx, starColumn, reasonWidth, reasonsHeight, sideBySide, buttonsHeight, needed)
        }
        let usual = max(
            board.width, min(area.width, max(metrics.shortSide * 0.8, (longestWord + metrics.gap * 0.5) * 3 + padding * 2)))
        let wide = max(usual, area.width)
        // In a short window the card takes the area's width (fewer lines), then a smaller
        // heading, before its words would run over its buttons.
        let large = [type.display, type.title, type.body]
        let choices = [
            (usual, large), (wide, large), (usual, [type.title, type.body]), (wide, [type.title, type.body]), (wide, [type.body]),
        ]
        let plans = choices.lazy.map { plan(width: $0.0, headingSizes: $0.1) }
        let (width, inner, headingPx, starColumn, reasonWidth, reasonsHeight, sideBySide, buttonsHeight, needed) =
            plans.first { $0.needed <= area.height } ?? plan(width: wide, headingSizes: [type.body])
        // As tall as what it says (an opaque card over the board, no empty band in it).
        let cardHeight = min(needed, area.height)
        var top = max(area.minY, min(board.center.y - cardHeight / 2, area.maxY - cardHeight))
        if sharing, shared != nil {
            let before = layout(over: board, within: area, metrics, sharing: false).frame
            if before.width == width { top = max(area.minY, before.maxY - cardHeight) }
        }
        let frame = Rect(
            x: max(area.minX, min(board.center.x - width / 2, area.maxX - width)), y: top, width: width, height: cardHeight)
        var texts: [TextBox] = []
        var y = frame.y + padding
        let column = Rect(x: frame.x + padding, y: y, width: inner, height: 0)
        texts.append(
            Typesetter.line(
                heading, px: headingPx, at: Point(x: column.x, y: y), width: inner, role: showedSolution ? .plain : .accent, alignment: 0.5,
                face: .display)
        )
        y += TypeFace.display.metrics.lineHeight(px: headingPx)
        if explained {
            let left = column.x + (inner - starColumn * 3) / 2
            for (index, said) in reasons.enumerated() {
                let x = left + starColumn * Double(index)
                texts.append(
                    Typesetter.line(
                        index < stars ? "★" : "☆", px: type.title, at: Point(x: x, y: y), width: starColumn, role: .stars, alignment: 0.5))
                var top = y + starsHeight
                for reason in said {
                    let laid = Typesetter.paragraph(
                        reason, px: type.caption, in: Rect(x: x + (starColumn - reasonWidth) / 2, y: top, width: reasonWidth, height: 0),
                        role: .secondary, maximumLines: 3)
                    texts += laid
                    top = (laid.last?.frame.maxY ?? top) + reasonGap
                }
            }
        } else if !showedSolution {
            texts.append(
                Typesetter.line(starsText, px: type.title, at: Point(x: column.x, y: y), width: inner, role: .stars, alignment: 0.5))
        }
        y += starsHeight + reasonsHeight + padding * 0.5
        for (index, line) in lines.enumerated() {
            let laid = Typesetter.paragraph(
                line, px: linesPx, in: Rect(x: column.x, y: y, width: inner, height: 0), role: index == 0 ? .plain : .secondary,
                maximumLines: 2)
            texts += laid
            y = (laid.last?.frame.maxY ?? y) + padding * 0.3
        }
        let buttonsFrame = Rect(x: column.x, y: frame.maxY - padding - buttonsHeight, width: inner, height: buttonsHeight)
        // At most five units wide; as wide as the card for a long translation; its labels
        // cut when even that is too narrow: the way on is never left out.
        let columns = sideBySide ? 2 : 1
        let controls =
            ButtonGroup.grid(
                specs, in: buttonsFrame, columns: columns, height: height, gap: metrics.gap, scale: type, maximumWidth: metrics.unit * 5)
            ?? ButtonGroup.gridAlways(specs, in: buttonsFrame, columns: columns, height: height, gap: metrics.gap, scale: type)
        return (frame, controls, texts)
    }

    /// One way to lay the card out (`layout`): its width, its heading's size and what they
    /// make of the rest.
    private typealias Plan = (
        width: Double, inner: Double, headingPx: Double, starColumn: Double, reasonWidth: Double, reasonsHeight: Double, sideBySide: Bool,
        buttonsHeight: Double, needed: Double
    )

    func step(_ seconds: Double) {
        // Counted while the stars arrive only, so a card left open stays a still frame.
        if shownTime < MotionToken.starsSettled { shownTime += seconds }
        guard let burst = confetti else { return }
        confettiTime += seconds
        if confettiTime >= burst.duration { confetti = nil }
    }
}
