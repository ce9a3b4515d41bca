import BloqGame
import Testing

@Suite("Merging saved progress")
struct ProgressMergeTests {
    let a = "000000000000000a"
    let b = "000000000000000b"

    func line(_ moves: Int, at time: Double?) -> UnfinishedLine {
        UnfinishedLine(
            log: Array(repeating: Move(row: 0, column: 0, direction: .right), count: moves), playTime: 1, usedHint: false, savedAt: time)
    }

    @Test("the best of both for every level: most stars, fewest moves, shortest time, any clear")
    func bestOfBoth() {
        var first = PlayerProgress()
        first.recordClear(level: a, stars: 3, moves: 12, time: 50, at: 10)
        var second = PlayerProgress()
        second.recordClear(level: a, stars: 2, moves: 9, time: 70, at: 20)
        second.recordClear(level: b, stars: 1, moves: 30, time: 5, at: 20)
        let merged = first.merged(with: second)
        #expect(
            merged.levels[a]
                == LevelRecord(
                    bestStars: 3, bestMoves: 9, bestTime: 50, cleared: true, clearedAt: 20,
                    tally: .init(clears: 1, moves: 12, time: 70)))
        #expect(merged.levels[b]?.cleared == true)
        #expect(merged.unlocked([a, b, "000000000000000c", "000000000000000d"]) == [true, true, true, true])
    }

    /// helper-46: Show solution (or a watched solve code) made the level's best time the
    /// solver's 0:02 over the player's own 0:06.
    @Test("a clear Show solution played counts as a clear but is no best of the player's")
    func solutionNoBest() {
        var progress = PlayerProgress()
        progress.recordClear(level: "a", stars: 3, moves: 3, time: 6, at: 1)
        progress.recordClear(level: "a", stars: 0, moves: 1, time: 2, at: 2, showedSolution: true)
        #expect(progress.levels["a"]?.bestMoves == 3 && progress.levels["a"]?.bestTime == 6)
        #expect(progress.levels["a"]?.tally.clears == 2 && progress.levels["a"]?.tally.solutions == 1)
        progress.recordClear(level: "b", stars: 0, moves: 4, time: 9, at: 3, showedSolution: true)
        #expect(progress.levels["b"]?.cleared == true && progress.levels["b"]?.bestMoves == nil && progress.levels["b"]?.bestTime == nil)
    }

    @Test("the newer unfinished line wins, by its time stamp; a line without one is the oldest")
    func newerLine() {
        var first = PlayerProgress()
        first.setUnfinished(level: a, line(3, at: 100), at: 100)
        var second = PlayerProgress()
        second.setUnfinished(level: a, line(5, at: 200), at: 200)
        #expect(first.merged(with: second).unfinished[a] == line(5, at: 200))
        #expect(second.merged(with: first).unfinished[a] == line(5, at: 200))
        var old = PlayerProgress()
        old.unfinished[a] = line(9, at: nil)
        #expect(old.merged(with: first).unfinished[a] == line(3, at: 100))
    }

    @Test("a clear ends only lines not newer than it; a line saved after the clear stays")
    func clearEndsOlderLines() {
        var window = PlayerProgress()
        window.setUnfinished(level: a, line(4, at: 100), at: 100)
        var other = PlayerProgress()
        other.recordClear(level: a, stars: 2, moves: 6, time: 3, at: 150)
        #expect(window.merged(with: other).unfinished[a] == nil, "a line from before the clear does not come back")
        var later = PlayerProgress()
        later.setUnfinished(level: a, line(2, at: 180), at: 180)
        let merged = later.merged(with: other)
        #expect(merged.unfinished[a] == line(2, at: 180), "the level was started again after the clear")
        #expect(merged.levels[a]?.cleared == true)
        // recordClear itself keeps a newer line.
        var own = later
        own.recordClear(level: a, stars: 1, moves: 9, time: 4, at: 170)
        #expect(own.unfinished[a] == line(2, at: 180))
    }

    @Test("a line given up stays given up: a copy holding the older line does not bring it back")
    func giveUpIsKept() {
        var stale = PlayerProgress()
        stale.setUnfinished(level: a, line(4, at: 100), at: 100)
        var current = stale
        current.setUnfinished(level: a, nil, at: 130)
        #expect(current.unfinished[a] == nil)
        #expect(stale.merged(with: current).unfinished[a] == nil)
        #expect(current.merged(with: stale).unfinished[a] == nil)
        // A clear after the give-up makes the give-up unnecessary to keep.
        current.recordClear(level: a, stars: 3, moves: 2, time: 1, at: 140)
        #expect(current.discarded[a] == nil)
    }

    @Test("the merge is commutative, associative and idempotent on random progress")
    func algebra() {
        var random = SeededGenerator(seed: 99)
        func progress() -> PlayerProgress {
            var result = PlayerProgress()
            for _ in 0..<12 {
                let level = String(format: "%016x", random.below(6))
                let time = Double(random.below(40))
                switch random.below(3) {
                case 0:
                    result.recordClear(
                        level: level, stars: 1 + random.below(3), moves: 1 + random.below(20), time: Double(random.below(9)), at: time)
                case 1: result.setUnfinished(level: level, line(1 + random.below(4), at: time), at: time)
                default: result.setUnfinished(level: level, nil, at: time)
                }
            }
            return result
        }
        for _ in 0..<300 {
            let (x, y, z) = (progress(), progress(), progress())
            #expect(x.merged(with: y) == y.merged(with: x))
            #expect(x.merged(with: y).merged(with: z) == x.merged(with: y.merged(with: z)))
            #expect(x.merged(with: x) == x)
            #expect(x.merged(with: y).merged(with: y) == x.merged(with: y))
            var inPlace = x
            inPlace.merge(y)
            #expect(inPlace == x.merged(with: y), "merging in place gives what merged(with:) gives")
        }
    }
}
