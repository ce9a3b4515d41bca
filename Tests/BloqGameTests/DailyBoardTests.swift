import BloqGame
import BloqTestSupport
import Foundation
import Testing

@Suite("Dates of the daily board")
struct DailyDateTests {
    @Test("YYYY-MM-DD in and out, weekdays, leap days, and the range")
    func parsing() throws {
        let day = try #require(DailyDate("2026-03-14"))
        #expect(day.description == "2026-03-14")
        #expect(day.weekday == 5, "a Saturday")
        #expect(day.longDescription == "Saturday 14 March 2026")
        #expect(DailyDate("2000-01-01")?.daysSince1970 == 10_957)
        #expect(DailyDate("2000-01-01")?.weekday == 5, "a Saturday")
        #expect(DailyDate("2024-02-29") != nil && DailyDate("2100-02-29") == nil && DailyDate("2000-02-29") != nil)
        for bad in [
            "2026-3-14", "2026-03-1", "26-03-14", "2026/03/14", "2026-13-01", "2026-04-31", "1999-12-31", "", "2026-03-14 ",
            "+026-03-14", "２０２６-03-14", "10000-01-01",
        ] {
            #expect(DailyDate(bad) == nil, "\(bad)")
        }
        #expect(DailyDate("9999-12-31")?.adding(days: 1) == nil)
        #expect(DailyDate(secondsSince1970: 1_773_446_400 + 86_399)?.description == "2026-03-14")
        #expect(DailyDate(secondsSince1970: .nan) == nil)
    }

    @Test("every day from 2000 to 2400 reads back as itself, one day after the other")
    func calendar() throws {
        var day = try #require(DailyDate("2000-01-01"))
        var previous: (year: Int, month: Int, day: Int)?
        while day.components.year < 2400 {
            let text = day.description
            #expect(DailyDate(text) == day, "\(text)")
            let parts = day.components
            if let previous {
                let nextDay = previous.day + 1
                let expected =
                    DailyDate(year: previous.year, month: previous.month, day: nextDay) != nil
                    ? (previous.year, previous.month, nextDay)
                    : previous.month == 12 ? (previous.year + 1, 1, 1) : (previous.year, previous.month + 1, 1)
                #expect(parts == expected, "\(text)")
            }
            previous = parts
            day = try #require(day.adding(days: 1))
        }
    }
}

/// The daily board, pinned: `Tests/daily/DATE.bloq` holds what `bloq generate --daily DATE`
/// printed when the fixtures were made, and the test makes each day's board again and
/// compares the whole text. A change here changes the board every player gets on those
/// days; make it only on purpose (a new recipe), then refresh the fixtures with
/// `scripts/refresh-daily-fixtures.sh` (it rewrites them with the release build) and say so
/// in the commit.
@Suite("The daily board")
struct DailyBoardTests {
    static let folder = Repository.url("Tests/daily")

    static let dates: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".bloq") }
            .map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("30 dates are pinned: consecutive weeks, leap days and the ends of the range")
    func pinned() {
        #expect(Self.dates.count == 30)
        for date in ["2000-01-01", "2024-02-29", "9999-12-31"] { #expect(Self.dates.contains(date)) }
    }

    @Test("each pinned date makes its board again, to the byte; the board follows the recipe", arguments: dates)
    func day(_ text: String) throws {
        let date = try #require(DailyDate(text))
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(text).bloq"), encoding: .utf8)
        let made = try #require(DailyBoard.make(for: date))
        #expect(made.text == expected, "\(text): refresh the fixtures only on purpose (see the suite's comment)")
        #expect(made.undecided == 0, "\(text): every board drawn was decided, so a stronger solver makes the same board")
        // The recipe: the shape, the day's length (proved), the openings.
        let board = made.board
        #expect(board.rows == 4 && board.columns == 4 && board.blockCount == 13)
        #expect(board.cells.filter { $0 == .wall }.count == 1 && board.touchingPairs.isEmpty)
        #expect(made.par == DailyBoard.parByWeekday[date.weekday])
        guard case .solved(let moves) = Solver().solve(board).outcome else {
            Issue.record("\(text): not solved")
            return
        }
        #expect(moves.count == made.par && board.applying(moves)?.isCleared == true)
        #expect(Double(made.rating.goodOpeningMoves) <= Double(made.rating.openingMoves) / 3)
        // The level file is one the parser accepts, with that board and par.
        let level = try LevelParser.parse(Array(expected.utf8), name: "\(text).bloq").get()
        #expect(level.board == board && level.par == made.par && level.title == "Daily \(text)" && level.warnings.isEmpty)
    }

    @Test("days differ from each other, and the same day is the same board every time")
    func distinct() throws {
        let first = try #require(DailyDate("2026-03-02"))
        let days = try (0..<7).map { offset in try #require(first.adding(days: offset)) }
        let boards = try days.map { date in try #require(DailyBoard.make(for: date)).board }
        #expect(Set(boards.map(\.canonicalForm)).count == 7)
        #expect(DailyBoard.make(for: first)?.board == boards[0])
    }
}
