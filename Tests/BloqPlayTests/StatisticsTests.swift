import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqPlay
import BloqTestSupport
import Testing

/// The statistics screen reads the player's whole record from the progress.
@Suite("Statistics: the player's whole record")
struct StatisticsTests {
    @Test("clears add up: levels, stars, moves, time, hints and solutions; a redone clear counts once; per pack")
    func addsUp() throws {
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.3)
        app.perform(.play(.pushAtCursor(.right)))
        run(app, 1.5)
        // Undone and redone: the same clear, not another.
        key(app, "Z")
        run(app, 1)
        key(app, "Y")
        run(app, 1.5)
        // Level 2 after a hint, level 3 by Show solution.
        #expect(app.openLevel(pack: 0, level: 1))
        run(app, 0.3)
        key(app, "H")
        run(app, 0.5)
        app.perform(.play(.pushAtCursor(.right)))
        run(app, 1.5)
        #expect(app.openLevel(pack: 0, level: 2))
        run(app, 0.3)
        key(app, "Shift+S")
        run(app, 3)
        app.showStatistics()
        let screen = try #require(app.root.screen as? StatisticsScreen)
        let stats = screen.statistics
        #expect(stats.cleared == 3 && stats.stars == 3 + 2 + 0, "\(stats)")
        #expect(stats.moves == 3 && stats.hints == 1 && stats.solutionsShown == 1, "\(stats)")
        #expect(stats.playTime > 0)
        #expect(stats.packs == [PlayerStatistics.Pack(name: "Test", cleared: 3, of: 30, stars: 5)])
        let words = app.shownTexts.map(\.text)
        #expect(words.contains("Statistics") && words.contains("Clears after a hint") && words.contains("3 of 30 · 5 of 90 ★"), "\(words)")
        key(app, "Escape")
        #expect(app.root.kind == .title)
    }

    /// helper-52: in French the rows of a player's packs read "Perso (yours)", the
    /// English mark of the pack's title, where the Levels tab says "Perso (à vous)".
    @Test("a player's pack is named as its Levels tab names it")
    func playersPackNamed() throws {
        var shared = testPack(2, title: "shared (yours)")
        shared.isPlayers = true
        shared.folder = "shared"
        let app = testApp([testPack(3), shared])
        app.showStatistics()
        let screen = try #require(app.root.screen as? StatisticsScreen)
        let names = screen.rows.suffix(2).map(\.name)
        #expect(names == ["Test", "Shared (yours)"], "\(names)")
    }

    @Test("the daily boards and the streak: cleared days, the streak now and its best")
    func daily() {
        var progress = PlayerProgress()
        let days = ["2026-03-10", "2026-03-11", "2026-03-13", "2026-03-14"].compactMap(DailyDate.init)
        for (index, day) in days.enumerated() {
            progress.recordDailyClear(day: day, level: "00000000000000da", stars: 3, moves: 9, time: 30, at: Double(index))
        }
        let stats = progress.statistics(in: [], today: DailyDate("2026-03-14"))
        #expect(stats.dailyCleared == 4 && stats.dailyStreak == 2 && stats.dailyBestStreak == 2)
        #expect(stats.moves == 36 && stats.playTime == 120 && stats.cleared == 0)
    }

    @Test("play time reads m:ss under an hour, h:mm:ss over")
    func duration() {
        #expect(StatisticsScreen.duration(0) == "0:00" && StatisticsScreen.duration(61.9) == "1:01")
        #expect(StatisticsScreen.duration(3600 * 2 + 65) == "2:01:05" && StatisticsScreen.duration(.infinity) == "99999:59:59")
    }

    @Test("in a small landscape window every row's name is whole: a long one takes a second line rather than a '…'")
    func smallWindowKeepsNames() throws {
        for size in [Size(width: 400, height: 300), Size(width: 480, height: 320), Size(width: 360, height: 640)] {
            let app = LayoutAudit.app(size)
            app.showStatistics()
            let screen = try #require(app.root.screen as? StatisticsScreen)
            let texts = app.shownTexts
            #expect(!texts.contains { $0.text.hasSuffix("…") }, "\(size): \(texts.map(\.text))")
            // A name broken at its "·" leaves it out: no line starts or ends with one.
            #expect(!texts.contains { $0.text.hasPrefix("·") || $0.text.hasSuffix("·") }, "\(size): \(texts.map(\.text))")
            // Every name and value is on screen: a name in one text, or in two lines one under
            // the other (wrapped), left of its value on the same row.
            // The rows are drawn in order, each name before its value.
            var next = texts.startIndex
            for row in screen.rows {
                let found = try #require(texts[next...].firstIndex { $0.text == row.value }, "\(size): \(row.value)")
                next = found + 1
                let value = texts[found]
                let line = texts.filter { $0.frame.maxX <= value.frame.minX + 0.5 && abs($0.frame.minY - value.frame.minY) < 0.5 }
                let name = try #require(line.first { row.name.hasPrefix($0.text) }, "\(size): \(row.name) beside \(row.value)")
                let below = texts.first {
                    // The next line of a wrapped name: at most a line's height under it.
                    $0.frame.minX == name.frame.minX && $0.frame.minY > name.frame.minY
                        && $0.frame.minY < name.frame.maxY + name.frame.height
                }
                // Broken at its "·", the name's lines leave it out ("Daily streak" over "best").
                let whole = name.text == row.name ? name.text : name.text + " " + (below?.text ?? "")
                let parted = name.text + " · " + (below?.text ?? "")
                #expect(whole == row.name || parted == row.name, "\(size): \(row.name) reads '\(whole)'")
            }
            let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
            #expect(texts.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= window.maxX && $0.frame.maxY <= window.maxY }, "\(size)")
        }
    }
}
