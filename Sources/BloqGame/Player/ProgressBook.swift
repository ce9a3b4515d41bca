/// What the screens know of the player's progress. `ProgressLedger` is the implementation;
/// where it is saved (a file, nowhere) is its owner's choice.
public protocol ProgressBook: AnyObject {
    /// What the player has achieved on a level, or nil when never cleared.
    func record(_ level: PlayableLevel) -> LevelRecord?
    /// The line of play the player left unfinished on a level, if any.
    func unfinished(_ level: PlayableLevel) -> UnfinishedLine?
    /// Whether each level of a pack (in play order) may be opened.
    func unlocked(_ levels: [PlayableLevel]) -> [Bool]
    /// Records a clear: best stars, moves and time are kept; the unfinished line goes.
    func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double)
    /// Saves (or, with nil, forgets) the unfinished line of a level being left.
    func leaving(_ level: PlayableLevel, line: UnfinishedLine?)
    /// Records the line of play on a level after a committed move (nil: nothing left to
    /// resume, as `GameController.unfinishedLine` says), in memory only, and returns it as a
    /// progress patch for a durable writer (`LineOfPlayWriter` in BloqFiles) to save off
    /// the calling thread. An empty patch when there is nothing to record.
    func playing(_ level: PlayableLevel, line: UnfinishedLine?) -> SavedProgress
    /// Totals over everything the progress holds: levels cleared, stars earned (daily
    /// boards are kept apart: they count in the streak).
    var totals: (cleared: Int, stars: Int) { get }
    /// What the player achieved on the daily board of `day`, or nil when never cleared.
    func dailyRecord(_ day: DailyDate) -> LevelRecord?
    /// Records a clear of the daily board of `day` (`level`): the day's best stars, moves
    /// and time are kept; the board's unfinished line goes.
    func clearedDaily(_ day: DailyDate, level: PlayableLevel, moves: Int, stars: Int, time: Double)
    /// Days in a row with the daily board cleared, up to `today` (today's not cleared yet
    /// does not break it).
    func dailyStreak(asOf today: DailyDate) -> Int
}

extension ProgressBook {
    /// Whether each level of `pack` (in play order) may be opened: every one of the
    /// player's own packs (they made them: trying them in any order is the point), else as
    /// the progress unlocks them.
    public func unlocked(_ pack: PackEntry) -> [Bool] {
        pack.isPlayers ? Array(repeating: true, count: pack.playable.count) : unlocked(pack.playable)
    }
}

extension ProgressBook {
    /// Best stars earned on a level (0 when never cleared, or cleared with no stars).
    public func bestStars(_ level: PlayableLevel) -> Int { record(level)?.bestStars ?? 0 }

    /// Whether the level was ever cleared (with or without stars).
    public func isCleared(_ level: PlayableLevel) -> Bool { record(level)?.cleared == true }

    /// The level Continue opens among `packs` (pack index, level index among the pack's
    /// playable levels): where the player last was. That is the level with the newest
    /// unfinished line of play, unless a level of another pack was cleared since: then the
    /// first open level never cleared in that pack. Failing both, the first open level
    /// never cleared in pack order; else the first level of the first pack.
    public func continueTarget(in packs: [PackEntry]) -> (pack: Int, level: Int)? {
        let newestLine = latestLine(in: packs)
        let newestClear = latestClear(in: packs)
        if let newestLine, newestClear.map({ $0.pack == newestLine.pack || newestLine.at >= $0.at }) ?? true {
            return (newestLine.pack, newestLine.level)
        }
        var order = Array(packs.indices)
        if let first = newestClear?.pack {
            order.removeAll { $0 == first }
            order.insert(first, at: 0)
        }
        for packIndex in order {
            let levels = packs[packIndex].playable
            let open = unlocked(packs[packIndex])
            if let index = levels.indices.first(where: { open[$0] && !isCleared(levels[$0]) }) { return (packIndex, index) }
        }
        if let newestLine { return (newestLine.pack, newestLine.level) }
        return packs.firstIndex { !$0.playable.isEmpty }.map { ($0, 0) }
    }

    /// The pack the player last played in among `packs`: the one holding the newest
    /// unfinished line or the newest clear (nil when the progress has neither). The level
    /// list opens on it.
    public func latestPack(in packs: [PackEntry]) -> Int? {
        let line = latestLine(in: packs)
        let clear = latestClear(in: packs)
        guard let line else { return clear?.pack }
        return clear.map { $0.at > line.at ? $0.pack : line.pack } ?? line.pack
    }

    /// The level with the newest unfinished line (one saved before lines were stamped
    /// counts as the oldest), and when.
    private func latestLine(in packs: [PackEntry]) -> (pack: Int, level: Int, at: Double)? {
        newest(in: packs) { level in unfinished(level).map { $0.savedAt ?? 0 } }
    }

    /// The level cleared last, and when (levels cleared before clear times were kept do
    /// not count).
    private func latestClear(in packs: [PackEntry]) -> (pack: Int, level: Int, at: Double)? {
        newest(in: packs) { record($0)?.clearedAt }
    }

    /// The level of `packs` with the latest `moment` (the first one on a tie), and it.
    private func newest(in packs: [PackEntry], _ moment: (PlayableLevel) -> Double?) -> (pack: Int, level: Int, at: Double)? {
        var newest: (pack: Int, level: Int, at: Double)?
        for (packIndex, pack) in packs.enumerated() {
            for (index, level) in pack.playable.enumerated() {
                guard let at = moment(level) else { continue }
                if newest.map({ at > $0.at }) ?? true { newest = (packIndex, index, at) }
            }
        }
        return newest
    }
}

/// The player's progress in memory, kept in step with where it is saved: every change is
/// applied here, then `persist` saves the result (merging it with what another copy of
/// the game saved meanwhile) and returns the progress as saved, which replaces this copy.
/// Without `persist` (screenshots, tests) it lives in memory only.
public final class ProgressLedger: ProgressBook {
    public private(set) var progress: SavedProgress
    /// Saves the progress; returns it as saved (merged), or nil when saving failed (the
    /// change is then kept in memory only, and saved with the next one).
    public var persist: ((SavedProgress) -> SavedProgress?)?
    /// The time now in seconds since 1970, for stamping unfinished lines (injected: the
    /// rules never read a clock).
    public var now: () -> Double
    private var lastStamp = 0.0

    public init(
        progress: SavedProgress = SavedProgress(), now: @escaping () -> Double = { 0 },
        persist: ((SavedProgress) -> SavedProgress?)? = nil
    ) {
        self.progress = progress
        self.now = now
        self.persist = persist
        lastStamp =
            (progress.unfinished.values.compactMap(\.savedAt) + progress.levels.values.compactMap(\.clearedAt)
            + progress.daily.values.compactMap(\.clearedAt)).max() ?? 0
    }

    public func record(_ level: PlayableLevel) -> LevelRecord? { progress.levels[level.level.board.identity] }

    public func unfinished(_ level: PlayableLevel) -> UnfinishedLine? { progress.unfinished[level.level.board.identity] }

    public func unlocked(_ levels: [PlayableLevel]) -> [Bool] { progress.unlocked(levels.map(\.level.board.identity)) }

    public var totals: (cleared: Int, stars: Int) {
        (progress.levels.values.filter(\.cleared).count, progress.levels.values.reduce(0) { $0 + $1.bestStars })
    }

    public func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double) {
        let id = level.level.board.identity
        let moment = stamp()
        apply { $0.recordClear(level: id, stars: stars, moves: moves, time: time, at: moment) }
    }

    public func dailyRecord(_ day: DailyDate) -> LevelRecord? { progress.daily[day.description] }

    public func clearedDaily(_ day: DailyDate, level: PlayableLevel, moves: Int, stars: Int, time: Double) {
        let id = level.level.board.identity
        let moment = stamp()
        apply { $0.recordDailyClear(day: day, level: id, stars: stars, moves: moves, time: time, at: moment) }
    }

    public func dailyStreak(asOf today: DailyDate) -> Int { progress.dailyStreak(asOf: today) }

    public func leaving(_ level: PlayableLevel, line: UnfinishedLine?) {
        let id = level.level.board.identity
        guard line != nil || progress.unfinished[id] != nil else { return }
        var stamped = line
        let moment = stamp()
        stamped?.savedAt = moment
        apply { $0.setUnfinished(level: id, stamped, at: moment) }
    }

    public func playing(_ level: PlayableLevel, line: UnfinishedLine?) -> SavedProgress {
        let id = level.level.board.identity
        guard line != nil || progress.unfinished[id] != nil else { return SavedProgress() }
        let moment = stamp()
        var stamped = line
        stamped?.savedAt = moment
        // Stamped by the ledger, so a clear or a give-up recorded later ends it, and a line
        // recorded later replaces it, wherever the copies meet.
        progress.setUnfinished(level: id, stamped, at: moment)
        var patch = SavedProgress()
        patch.setUnfinished(level: id, stamped, at: moment)
        return patch
    }

    /// The time now, strictly later than any stamp this ledger gave before, so the line
    /// left last is the newest even when the clock stands still (replays, coarse clocks).
    private func stamp() -> Double {
        lastStamp = max(now(), lastStamp + 0.001)
        return lastStamp
    }

    private func apply(_ change: (inout SavedProgress) -> Void) {
        change(&progress)
        if let persist, let saved = persist(progress) { progress = saved }
    }
}
