import BloqGame
import Foundation
import Testing

@Suite("Daily records in the saved progress")
struct DailyProgressTests {
    let board = "00000000000000da"

    func day(_ text: String) -> DailyDate {
        guard let date = DailyDate(text) else {
            Issue.record("not a date: \(text)")
            return DailyDate(year: 2026, month: 1, day: 1)!
        }
        return date
    }

    @Test("a daily clear keeps the day's best; the streak counts days in a row up to today")
    func streak() {
        var progress = PlayerProgress()
        #expect(progress.dailyStreak(asOf: day("2026-03-14")) == 0)
        progress.recordDailyClear(day: day("2026-03-12"), level: board, stars: 2, moves: 12, time: 50, at: 10)
        progress.recordDailyClear(day: day("2026-03-13"), level: board, stars: 3, moves: 10, time: 40, at: 20)
        progress.recordDailyClear(day: day("2026-03-13"), level: board, stars: 1, moves: 14, time: 30, at: 30)
        #expect(
            progress.daily["2026-03-13"]
                == LevelRecord(
                    bestStars: 3, bestMoves: 10, bestTime: 30, cleared: true, clearedAt: 30,
                    tally: .init(clears: 2, moves: 24, time: 70)))
        // Today not cleared yet: the run up to yesterday still stands.
        #expect(progress.dailyStreak(asOf: day("2026-03-14")) == 2)
        #expect(progress.dailyStreak(asOf: day("2026-03-13")) == 2)
        #expect(progress.dailyStreak(asOf: day("2026-03-12")) == 1)
        // A day missed breaks it.
        #expect(progress.dailyStreak(asOf: day("2026-03-15")) == 0)
        progress.recordDailyClear(day: day("2026-03-15"), level: board, stars: 3, moves: 9, time: 20, at: 40)
        #expect(progress.dailyStreak(asOf: day("2026-03-15")) == 1)
        #expect(progress.longestDailyStreak == 2)
        // Across a month and a year.
        var long = PlayerProgress()
        var date = day("2025-12-25")
        for _ in 0..<10 {
            long.recordDailyClear(day: date, level: board, stars: 3, moves: 9, time: 1, at: 1)
            date = date.adding(days: 1)!
        }
        #expect(long.dailyStreak(asOf: day("2026-01-03")) == 10 && long.longestDailyStreak == 10)
        // A clear by Show solution (no stars) is kept as the day's record but keeps no streak.
        var shown = PlayerProgress()
        shown.recordDailyClear(day: day("2026-03-14"), level: board, stars: 0, moves: 11, time: 9, at: 1)
        #expect(shown.daily["2026-03-14"]?.cleared == true && shown.dailyStreak(asOf: day("2026-03-14")) == 0)
        #expect(shown.longestDailyStreak == 0)
    }

    @Test("a daily clear ends the board's unfinished line, and another copy's older line does not bring it back")
    func clearEndsLine() {
        var stale = PlayerProgress()
        stale.setUnfinished(
            level: board, UnfinishedLine(log: [Move(row: 0, column: 0, direction: .right)], playTime: 1, usedHint: false), at: 100)
        var current = stale
        current.recordDailyClear(day: day("2026-03-14"), level: board, stars: 3, moves: 9, time: 8, at: 120)
        #expect(current.unfinished[board] == nil)
        #expect(stale.merged(with: current).unfinished[board] == nil)
        #expect(current.merged(with: stale).daily["2026-03-14"]?.cleared == true)
        // Daily clears are kept apart from the levels' records.
        #expect(current.levels.isEmpty)
    }

    @Test("merging keeps every day either copy cleared, the best of each; commutative and idempotent")
    func merge() {
        var a = PlayerProgress()
        a.recordDailyClear(day: day("2026-03-10"), level: board, stars: 3, moves: 9, time: 60, at: 1)
        a.recordDailyClear(day: day("2026-03-11"), level: board, stars: 2, moves: 12, time: 30, at: 2)
        var b = PlayerProgress()
        b.recordDailyClear(day: day("2026-03-11"), level: board, stars: 3, moves: 10, time: 45, at: 3)
        b.recordDailyClear(day: day("2026-03-12"), level: board, stars: 1, moves: 20, time: 90, at: 4)
        let ab = a.merged(with: b)
        #expect(ab == b.merged(with: a))
        #expect(ab.merged(with: ab) == ab)
        #expect(Set(ab.daily.keys) == ["2026-03-10", "2026-03-11", "2026-03-12"])
        #expect(
            ab.daily["2026-03-11"]
                == LevelRecord(
                    bestStars: 3, bestMoves: 10, bestTime: 30, cleared: true, clearedAt: 3,
                    tally: .init(clears: 1, moves: 12, time: 45)))
        #expect(ab.dailyStreak(asOf: day("2026-03-12")) == 3)
    }
}
