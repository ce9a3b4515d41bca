/// What the screens ask of the player's progress, by playable level (its identity is its
/// board's content), and how play changes it. The shell owns one `PlayerProgress` value;
/// where it is saved is the environment's business (BloqFiles' `SaveService`).
extension PlayerProgress {
    /// What the player has achieved on a level, or nil when never cleared.
    public func record(_ level: PlayableLevel) -> LevelRecord? { levels[level.level.board.identity] }

    /// The line of play the player left unfinished on a level, if any.
    public func unfinished(_ level: PlayableLevel) -> UnfinishedLine? { unfinished[level.level.board.identity] }

    /// Whether each level of a pack (in play order) may be opened.
    public func unlocked(_ levels: [PlayableLevel]) -> [Bool] { unlocked(levels.map(\.level.board.identity)) }

    /// Whether each level of `pack` (in play order) may be opened: every one of the
    /// player's own packs (they made them: trying them in any order is the point), else as
    /// the progress unlocks them.
    public func unlocked(_ pack: PackEntry) -> [Bool] {
        pack.isPlayers ? Array(repeating: true, count: pack.playable.count) : unlocked(pack.playable)
    }

    /// Totals over everything the progress holds: levels cleared, stars earned (daily
    /// boards are kept apart: they count in the streak).
    public var totals: (cleared: Int, stars: Int) {
        (levels.values.filter(\.cleared).count, levels.values.reduce(0) { $0 + $1.bestStars })
    }

    /// What the player achieved on the daily board of `day`, or nil when never cleared.
    public func dailyRecord(_ day: DailyDate) -> LevelRecord? { daily[day.description] }

    /// Best stars earned on a level (0 when never cleared, or cleared with no stars).
    public func bestStars(_ level: PlayableLevel) -> Int { record(level)?.bestStars ?? 0 }

    /// Whether the level was ever cleared (with or without stars).
    public func isCleared(_ level: PlayableLevel) -> Bool { record(level)?.cleared == true }

    /// The latest moment this progress records (a line saved, a clear, the editor's draft
    /// kept): stamps given after it are later than anything in it, even when the clock now
    /// reads earlier (set back, or a file from a machine whose clock runs ahead).
    public var latestMoment: Double {
        (unfinished.values.compactMap(\.savedAt) + levels.values.compactMap(\.clearedAt) + daily.values.compactMap(\.clearedAt)
            + discarded.values + [editorDraft?.savedAt].compactMap { $0 }).max() ?? 0
    }

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

/// How soon a change of the progress should reach the disk.
public enum SaveUrgency: Sendable, Equatable {
    /// A clear, a level left: at once.
    case now
    /// The line of play after a move: within a fraction of a second, gathered with the
    /// moves that follow it (several moves a second make one write).
    case soon
}

/// What saving tells the game, taken by the shell as it steps (in replays, at a fixed step).
public enum SaveEvent: Sendable, Equatable {
    /// The progress as the file holds it now: what was saved, merged with what other
    /// copies of the game saved meanwhile (the shell merges it into its own).
    case saved(PlayerProgress)
    /// Something the player should know (another copy holds the file, it cannot be
    /// written): a sentence in the language shown.
    case notice(String)
}

/// The player's whole record, added up from the progress (the statistics screen, the app
/// JSON's `"statistics"`): levels cleared and stars, and per pack; every clear's moves and
/// play time, and how many came after a hint or from Show solution; the daily streak's best.
public struct PlayerStatistics: Equatable, Sendable {
    /// Levels cleared and stars earned (the daily boards are counted apart, in the streak).
    public var cleared: Int
    public var stars: Int
    /// Moves and seconds of play over every clear, daily boards included.
    public var moves: Int
    public var playTime: Double
    /// Clears after a hint, and by Show solution (or a solve code's line watched).
    public var hints: Int
    public var solutionsShown: Int
    /// Daily boards cleared, the streak now and the longest one.
    public var dailyCleared: Int
    public var dailyStreak: Int
    public var dailyBestStreak: Int
    /// Each pack: its name, its levels cleared, how many it has, the stars earned and the
    /// most it gives.
    public var packs: [Pack]

    public struct Pack: Equatable, Sendable {
        public var name: String
        public var cleared: Int
        public var of: Int
        public var stars: Int

        public init(name: String, cleared: Int, of: Int, stars: Int) {
            self.name = name
            self.cleared = cleared
            self.of = of
            self.stars = stars
        }
    }
}

extension PlayerProgress {
    /// The statistics of this progress over `packs` (the daily streak as of `today`).
    public func statistics(in packs: [PackEntry], today: DailyDate?) -> PlayerStatistics {
        let totals = self.totals
        let tallies = levels.values.map(\.tally) + daily.values.map(\.tally)
        func sum(_ value: (LevelRecord.Tally) -> Int) -> Int {
            tallies.reduce(0) { min($0.addingReportingOverflow(value($1)).partialValue, Int.max / 2) }
        }
        return PlayerStatistics(
            cleared: totals.cleared, stars: totals.stars, moves: sum(\.moves), playTime: tallies.reduce(0) { $0 + $1.time },
            hints: sum(\.hints), solutionsShown: sum(\.solutions),
            dailyCleared: daily.values.filter(\.countsForStreak).count,
            dailyStreak: today.map { dailyStreak(asOf: $0) } ?? 0, dailyBestStreak: longestDailyStreak,
            packs: packs.map { pack in
                PlayerStatistics.Pack(
                    name: pack.title, cleared: pack.playable.filter(isCleared).count, of: pack.playable.count,
                    stars: pack.playable.reduce(0) { $0 + bestStars($1) })
            })
    }
}
