import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// The Daily button, the Daily screen and the daily board on the play screen, without SDL.
@Suite("The daily board in the shell")
struct DailyShellTests {
    static let day = DailyDate("2026-03-14")!

    func dailyApp(progress: PlayerProgress = PlayerProgress(), day: DailyDate? = DailyShellTests.day) -> AppController {
        testApp(progress: progress) { $0.today = { day } }
    }

    /// Today's board open, yesterday's cleared: a streak under way.
    func dailyAfterYesterday() -> AppController {
        var yesterday = PlayerProgress()
        yesterday.recordDailyClear(day: Self.day.adding(days: -1)!, level: "00000000000000da", stars: 3, moves: 9, time: 5, at: 1)
        let app = dailyApp(progress: yesterday)
        app.showDaily()
        run(app, 0.5)
        return app
    }

    /// Plays the optimal solution of the board shown, move by move, and lets it settle.
    func solve(_ app: AppController) throws {
        let game = try #require(app.game)
        guard case .solved(let moves) = Solver().solve(game.scene.board).outcome else {
            Issue.record("the daily board is not solved")
            return
        }
        for move in moves {
            game.scene.perform(move)
            run(app, 0.6)
        }
        run(app, 2)
    }

    @Test("the title offers Daily only when the platform says which day it is")
    func titleButton() {
        #expect(control(testApp(), .daily) == nil)
        let app = dailyApp()
        #expect(control(app, .daily)?.label == "Daily")
        #expect(control(app, .daily)?.trailing == "", "no streak yet")
    }

    @Test("Daily thinks, then opens today's board with its par proved; Back goes to the title")
    func opens() throws {
        let app = dailyApp()
        let pointer = Hand(app)
        pointer.tap(.daily)
        #expect(app.root.kind == .daily)
        #expect((app.root.screen as? DailyScreen)?.message == "Thinking…")
        run(app, 0.5)
        let play = try #require(app.playScreen)
        let made = try #require(DailyBoard.make(for: Self.day))
        #expect(play.level.level.board == made.board && play.game.par == made.par)
        // The header says "Daily board" once, and the date once.
        #expect(play.heading == "Daily board" && play.caption == "Saturday 14 March 2026")
        #expect(play.toolbar.first?.label == "Menu")
        #expect(play.footer?.text.contains("Esc menu") == true)
        pointer.tap(.back)
        #expect(app.root.kind == .title)
        // Made once: Daily opens at once the second time.
        pointer.tap(.daily)
        #expect(app.root.kind == .play)
        key(app, "Escape")
        #expect(app.root.kind == .title)
    }

    /// helper-52: the daily board's solve code was titled "Daily board" alone, so a friend
    /// who verified it could not tell which day's board it was.
    @Test("Share on a daily clear says the day, and the solve code's title names it too")
    func shareNamesDay() throws {
        let app = dailyApp()
        app.showDaily()
        run(app, 0.5)
        try solve(app)
        let text = try #require(app.playScreen?.shareText)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Bloq daily 2026-03-14 ★★★ ") == true, "\(text)")
        let contents = try SolveCode.decode(String(lines.last ?? "")).get()
        #expect(contents.title == "Daily board 2026-03-14")
    }

    /// helper-58: "Sonntag, 29. November 2026 ·" over "Serie: 1 Tag" in the header.
    @Test("the header's day and streak break between them, never after the '·'")
    func captionBreaksBetweenParts() throws {
        let app = dailyAfterYesterday()
        var parted: [String] = []
        // Side panels and portrait headers of every width, 8 px apart: some break the
        // caption right after its "·".
        let windows = stride(from: 560, through: 1400, by: 8).map { ($0, 800) } + stride(from: 320, through: 560, by: 8).map { ($0, 900) }
        for (width, height) in windows {
            app.handle(.resized(Size(width: Double(width), height: Double(height))))
            run(app, 0.1)
            let caption = try #require(app.playScreen?.caption)
            #expect(caption.contains(" · streak: "), "\(caption)")
            let lines = app.shownTexts.map(\.text).filter { caption.contains($0) && $0.count > 3 }
            #expect(lines.allSatisfy { !$0.hasSuffix("·") && !$0.hasPrefix("·") }, "\(width)x\(height): \(lines)")
            if !lines.contains(caption) { parted.append("\(width)x\(height)") }
        }
        #expect(!parted.isEmpty, "some window breaks the caption")
    }

    @Test("a clear is kept as the day's record, not a level's; the overlay and the title show the streak")
    func clearKeepsStreak() throws {
        let app = dailyAfterYesterday()
        #expect(control(app, .back) != nil)
        try solve(app)
        let overlay = try #require(app.playScreen?.visibleOverlay)
        #expect(overlay.stars == 3 && overlay.lines.contains("Daily streak: 2 days"))
        #expect(app.top.controls.map(\.label) == ["Play again", "Menu", "Share", "Review"])
        let progress = app.progress
        #expect(progress.dailyRecord(Self.day)?.bestStars == 3)
        #expect(progress.totals.cleared == 0, "daily boards are not levels of a pack")
        #expect(app.dailyStreak == 2)
        Hand(app).tap(.back)
        #expect(app.root.kind == .title)
        #expect(control(app, .daily)?.text == "Daily · streak 2 days")
    }

    @Test("leaving the daily board keeps the line; opening it again the same day resumes it")
    func resumes() throws {
        let app = dailyApp()
        app.showDaily()
        run(app, 0.5)
        let game = try #require(app.game)
        let first = try #require(game.scene.board.legalMoves.first)
        game.scene.perform(first)
        run(app, 1)
        #expect(game.scene.session.moves == 1)
        app.back()
        app.showDaily()
        #expect(app.game?.scene.session.moves == 1)
    }

    @Test("while the board is made the Daily screen thinks; Back leaves it, and the board is kept for later")
    func screenWhileThinking() {
        let app = dailyApp()
        app.showDaily()
        let screen = app.root.screen as? DailyScreen
        #expect(screen?.date == Self.day && screen?.isAnimating == true && screen?.failed == false)
        #expect(app.isAnimating, "the loop keeps stepping while the board is made")
        key(app, "Escape")
        #expect(app.root.kind == .title)
        run(app, 0.5)
        #expect(app.dailyBoards[Self.day] != nil, "the board is kept for when Daily is opened again")
    }
}
