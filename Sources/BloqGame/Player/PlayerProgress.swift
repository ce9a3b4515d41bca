/// A line of play left unfinished, saved so a player who quits resumes where they were.
public struct UnfinishedLine: Sendable, Equatable {
    public var log: [Move]
    public var playTime: Double
    public var usedHint: Bool
    /// Whether the solution was shown while this line was played: its clear earns no stars,
    /// as Show solution's does without leaving (false in files written before it was kept).
    public var showedSolution: Bool
    /// Whether `usedHint` is there because the solution was shown in an earlier attempt, so
    /// the Cleared card of a resumed level says so, not that a hint was used.
    public var sawSolution: Bool
    /// When it was saved, in seconds since 1970 (set by whoever saves it; nil in files
    /// written before it was kept). The newest line is the one Continue opens.
    public var savedAt: Double?

    public init(
        log: [Move], playTime: Double, usedHint: Bool, showedSolution: Bool = false, sawSolution: Bool = false,
        savedAt: Double? = nil
    ) {
        self.log = log
        self.playTime = playTime
        self.usedHint = usedHint
        self.showedSolution = showedSolution
        self.sawSolution = sawSolution
        self.savedAt = savedAt
    }

    /// Whether every value is in range (a hand-edited or damaged file may hold anything).
    public var isPlausible: Bool {
        log.count <= PlayerProgress.maximumLogLength && playTime.isFinite && playTime >= 0 && (savedAt?.isFinite ?? true)
            && log.allSatisfy { (0..<16).contains($0.from.row) && (0..<16).contains($0.from.column) }
    }

    /// Whether this line comes after `other` in the merge's order: the later `savedAt`
    /// (a line without one is older than any with one); lines saved at the same moment are
    /// ordered by their contents, so every copy picks the same one.
    func isNewer(than other: UnfinishedLine) -> Bool {
        let mine = savedAt ?? -.infinity
        let theirs = other.savedAt ?? -.infinity
        if mine != theirs { return mine > theirs }
        if playTime != other.playTime { return playTime > other.playTime }
        if log.count != other.log.count { return log.count > other.log.count }
        if usedHint != other.usedHint { return usedHint }
        if showedSolution != other.showedSolution { return showedSolution }
        if sawSolution != other.sawSolution { return sawSolution }
        func code(_ move: Move) -> Int {
            (move.from.row * 16 + move.from.column) * 4 + (Direction.allCases.firstIndex(of: move.direction) ?? 0)
        }
        return other.log.map(code).lexicographicallyPrecedes(log.map(code))
    }

    /// Whether the line was saved after `moment` (seconds since 1970). A line without a
    /// time predates every moment recorded.
    func isSaved(after moment: Double) -> Bool { (savedAt ?? -.infinity) > moment }
}

/// What a player has achieved on one level (keyed by the level's content identity).
public struct LevelRecord: Equatable, Sendable {
    public var bestStars: Int
    public var bestMoves: Int?
    /// Seconds of play from opening the level to clearing it, paused time excluded.
    public var bestTime: Double?
    public var cleared: Bool
    /// When the level was last cleared, in seconds since 1970 (nil when never cleared, or
    /// cleared by a version that did not keep it). An unfinished line saved before it is
    /// over: the clear ended it.
    public var clearedAt: Double?

    /// The player's record on the level over every clear (the statistics screen adds them
    /// up): how many, their moves and play time together, and how many came after a hint or
    /// from Show solution. Zero in files written before they were kept.
    public var tally = Tally()

    /// Whether a daily board's record counts for the streak: cleared with a star at least.
    public var countsForStreak: Bool { cleared && bestStars > 0 }

    /// A clear: cleared, the bests kept, the moment kept when later, and (when `tallied`)
    /// added to the tally. A level's and a daily board's clears are recorded alike. A clear
    /// Show solution played is no best of the player's: its moves and time are the solver's.
    mutating func addClear(
        stars: Int, moves: Int, time: Double, at moment: Double?, usedHint: Bool, showedSolution: Bool, tallied: Bool
    ) {
        if tallied { tally.add(moves: moves, time: time, usedHint: usedHint, showedSolution: showedSolution) }
        cleared = true
        bestStars = max(bestStars, stars)
        if !showedSolution {
            bestMoves = min(bestMoves ?? moves, moves)
            bestTime = min(bestTime ?? time, time)
        }
        if let moment { clearedAt = max(clearedAt ?? moment, moment) }
    }

    /// What every clear of a level adds up to. Two copies of the game merge each count by its
    /// larger value (the progress only grows under the merge), so two windows clearing the
    /// same level at the same moment count one clear: never more than were made.
    public struct Tally: Equatable, Sendable {
        public var clears = 0
        public var moves = 0
        /// Seconds.
        public var time = 0.0
        public var hints = 0
        public var solutions = 0

        public init(clears: Int = 0, moves: Int = 0, time: Double = 0, hints: Int = 0, solutions: Int = 0) {
            self.clears = clears
            self.moves = moves
            self.time = time
            self.hints = hints
            self.solutions = solutions
        }

        /// The larger of each count.
        public func merged(with other: Tally) -> Tally {
            Tally(
                clears: max(clears, other.clears), moves: max(moves, other.moves), time: max(time, other.time),
                hints: max(hints, other.hints), solutions: max(solutions, other.solutions))
        }

        /// Whether every count is in range.
        public var isPlausible: Bool {
            [clears, moves, hints, solutions].allSatisfy { (0...1_000_000_000).contains($0) } && time.isFinite && time >= 0
                && time < 1e12
        }

        /// One more clear of `moves` moves in `time` seconds (saturating: a count never traps).
        mutating func add(moves: Int, time: Double, usedHint: Bool, showedSolution: Bool) {
            func bump(_ value: inout Int, _ by: Int) { value = min(value.addingReportingOverflow(max(by, 0)).partialValue, 1_000_000_000) }
            bump(&clears, 1)
            bump(&self.moves, moves)
            self.time = min(self.time + (time.isFinite ? max(time, 0) : 0), 1e11)
            if usedHint { bump(&hints, 1) }
            if showedSolution { bump(&solutions, 1) }
        }
    }

    public init(
        bestStars: Int = 0, bestMoves: Int? = nil, bestTime: Double? = nil, cleared: Bool = false, clearedAt: Double? = nil,
        tally: Tally = Tally()
    ) {
        self.bestStars = bestStars
        self.bestMoves = bestMoves
        self.bestTime = bestTime
        self.cleared = cleared
        self.clearedAt = clearedAt
        self.tally = tally
    }

    /// Whether every value is in range.
    public var isPlausible: Bool {
        (0...3).contains(bestStars) && (bestMoves.map { (0...1_000_000).contains($0) } ?? true)
            && (bestTime.map { $0.isFinite && $0 >= 0 } ?? true) && (clearedAt?.isFinite ?? true) && tally.isPlausible
    }

    /// The best of both: most stars, fewest moves, shortest time, cleared if either is,
    /// the later clear, the larger of each count.
    public func merged(with other: LevelRecord) -> LevelRecord {
        func least<T: Comparable>(_ a: T?, _ b: T?) -> T? { a.map { a in b.map { min(a, $0) } ?? a } ?? b }
        func most<T: Comparable>(_ a: T?, _ b: T?) -> T? { a.map { a in b.map { max(a, $0) } ?? a } ?? b }
        return LevelRecord(
            bestStars: max(bestStars, other.bestStars), bestMoves: least(bestMoves, other.bestMoves),
            bestTime: least(bestTime, other.bestTime), cleared: cleared || other.cleared, clearedAt: most(clearedAt, other.clearedAt),
            tally: tally.merged(with: other.tally))
    }
}

/// Everything saved about a player's progress.
///
/// Several copies of the game may run at once, each holding the progress it loaded and
/// what the player did since; saving merges each copy into the file (`merged(with:)`)
/// rather than overwriting it, so no copy loses another's clears or brings back a line
/// another finished. For that, every change that removes something carries a time: a clear
/// (`LevelRecord.clearedAt`) and a line given up (`discarded`); everything else only grows
/// (stars, bests, clears) and merges by taking the best.
public struct PlayerProgress: Equatable, Sendable {
    public var version = 1
    public var levels: [String: LevelRecord] = [:]
    public var unfinished: [String: UnfinishedLine] = [:]
    /// Levels whose unfinished line the player gave up (left the level with no moves, or
    /// after restarting), with when, in seconds since 1970; so that merging a copy that
    /// still holds an older line does not bring it back. Only kept while it is later than
    /// the level's last clear (which ends lines too).
    public var discarded: [String: Double] = [:]
    /// The daily boards the player cleared, by day (`"2026-03-14"`, a UTC date): the best
    /// stars, moves and time of each day. The streak follows from the days
    /// (`dailyStreak(asOf:)`), so merging two copies is merging their days.
    public var daily: [String: LevelRecord] = [:]
    /// The level the player is making in the editor, saved or not (nil: the editor was
    /// never used): the newer of two copies is kept.
    public var editorDraft: EditorDraft?

    public init() {}

    /// Records a clear at `moment` (seconds since 1970; nil when unknown), keeping the best
    /// stars, moves and time. The level's unfinished line ends, unless it was saved after
    /// the clear (another copy of the game started the level again since).
    public mutating func recordClear(
        level: String, stars: Int, moves: Int, time: Double, at moment: Double? = nil, usedHint: Bool = false, showedSolution: Bool = false,
        tallied: Bool = true
    ) {
        var record = levels[level] ?? LevelRecord()
        record.addClear(
            stars: stars, moves: moves, time: time, at: moment, usedHint: usedHint, showedSolution: showedSolution, tallied: tallied)
        levels[level] = record
        if let line = unfinished[level], let moment, line.isSaved(after: moment) {
            // Started again after this clear (in another window): the line stays.
        } else {
            unfinished[level] = nil
        }
        normalize(level)
    }

    /// Records a clear of the daily board of `day` at `moment`, keeping the day's best
    /// stars, moves and time; the board's unfinished line (`level`, its identity) ends.
    public mutating func recordDailyClear(
        day: DailyDate, level: String, stars: Int, moves: Int, time: Double, at moment: Double, usedHint: Bool = false,
        showedSolution: Bool = false, tallied: Bool = true
    ) {
        let key = day.description
        var record = daily[key] ?? LevelRecord()
        record.addClear(
            stars: stars, moves: moves, time: time, at: moment, usedHint: usedHint, showedSolution: showedSolution, tallied: tallied)
        daily[key] = record
        setUnfinished(level: level, nil, at: moment)
    }

    /// The days in a row, up to `today`, whose daily board the player cleared (with a star
    /// at least: a clear by Show solution earns none and does not count). Today's board not
    /// cleared yet does not break it (the day is not over): then the run ends yesterday.
    public func dailyStreak(asOf today: DailyDate) -> Int {
        var day = isDailyCleared(today) ? today : today.adding(days: -1)
        var streak = 0
        while let current = day, isDailyCleared(current) {
            streak += 1
            day = current.adding(days: -1)
        }
        return streak
    }

    /// The longest run of days in a row with the daily board cleared.
    public var longestDailyStreak: Int {
        let days = daily.filter { $0.value.countsForStreak }.keys.compactMap { DailyDate($0)?.daysSince1970 }
            .sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        for day in days {
            run = previous.map { day == $0 + 1 ? run + 1 : 1 } ?? 1
            longest = max(longest, run)
            previous = day
        }
        return longest
    }

    /// Whether the player cleared the daily board of `day` (with a star at least), so the
    /// day counts in the streak.
    public func isDailyCleared(_ day: DailyDate) -> Bool {
        daily[day.description]?.countsForStreak ?? false
    }

    /// Saves `line` as the level's unfinished line (stamped with `moment` unless it has a
    /// time), or, given nil, gives the level's line up at `moment`.
    public mutating func setUnfinished(level: String, _ line: UnfinishedLine?, at moment: Double) {
        if var line {
            if line.savedAt == nil { line.savedAt = moment }
            unfinished[level] = line
        } else {
            unfinished[level] = nil
            discarded[level] = max(discarded[level] ?? moment, moment)
        }
        normalize(level)
    }

    /// This progress and `other` joined, the same whichever is which (the merge is
    /// commutative, associative and idempotent, so copies saving in any order agree):
    /// - every level either knows, each the best of both (`LevelRecord.merged(with:)`),
    ///   so the open levels, which follow from the clears, are the union of both;
    /// - the newer of the two unfinished lines of a level (by `savedAt`), kept only if it
    ///   was saved after the level's last clear and after the last time a line of it was
    ///   given up: a clear or a give-up ends every line saved before it, in any copy;
    /// - the later give-up of each level, while it is later than the level's last clear;
    /// - every day's daily record either knows, each the best of both;
    /// - the newer editor draft.
    public func merged(with other: PlayerProgress) -> PlayerProgress {
        // `merge` joins the records alike; the rules are then applied to every level, not
        // only to `other`'s, so neither side needs to follow them already.
        var result = self
        result.merge(other)
        for level in Set(result.unfinished.keys).union(result.discarded.keys) { result.normalize(level) }
        return result
    }

    /// Adds `other` into this progress in place, in time proportional to `other`'s size (a
    /// journal entry or one record merged into a large progress): the same result as
    /// `merged(with:)` when this progress already follows the rules that end lines (every
    /// progress made by these methods or read from a file does).
    public mutating func merge(_ other: PlayerProgress) {
        version = max(version, other.version)
        for (id, record) in other.levels { levels[id] = levels[id].map { $0.merged(with: record) } ?? record }
        for (day, record) in other.daily { daily[day] = daily[day].map { $0.merged(with: record) } ?? record }
        if let theirs = other.editorDraft, editorDraft.map(theirs.isNewer) ?? true { editorDraft = theirs }
        for (id, moment) in other.discarded { discarded[id] = max(discarded[id] ?? moment, moment) }
        for (id, line) in other.unfinished {
            if let mine = unfinished[id], !line.isNewer(than: mine) { continue }
            unfinished[id] = line
        }
        for id in Set(other.levels.keys).union(other.unfinished.keys).union(other.discarded.keys) { normalize(id) }
    }

    /// Applies the rules that end lines: a line not saved after the level's last clear or
    /// its last give-up goes, and a give-up not after the last clear is forgotten.
    public mutating func normalize(_ level: String) {
        let clearedAt = levels[level]?.clearedAt
        if let given = discarded[level], let clearedAt, given <= clearedAt { discarded[level] = nil }
        guard let line = unfinished[level] else { return }
        let ended = [clearedAt, discarded[level]].compactMap { $0 }.max()
        if let ended, !line.isSaved(after: ended) { unfinished[level] = nil }
    }

    /// Which levels of a pack (identities in play order) are open: the first, and the two
    /// after every cleared level.
    public func unlocked(_ pack: [String]) -> [Bool] {
        var open = [Bool](repeating: false, count: pack.count)
        if !open.isEmpty { open[0] = true }
        for (index, id) in pack.enumerated() where levels[id]?.cleared == true {
            open[index] = true
            for next in (index + 1)...(index + 2) where next < pack.count { open[next] = true }
        }
        return open
    }

    /// Limits a file may not pass: anything beyond is hostile or corrupt, never trusted.
    public static let maximumLevels = 100_000
    public static let maximumLogLength = 10_000

    /// Whether a level identity is well formed: 16 hexadecimal digits.
    public static func isPlausibleID(_ id: String) -> Bool { id.utf8.count == 16 && id.allSatisfy(\.isHexDigit) }

    /// Whether a daily record's key is a day: `YYYY-MM-DD`, a real date.
    public static func isPlausibleDay(_ key: String) -> Bool { DailyDate(key) != nil }

    /// The most records of one kind (levels, lines, give-ups, days).
    public var largestSection: Int { max(levels.count, unfinished.count, discarded.count, daily.count) }

    /// Whether every value is in range (a hand-edited or damaged file may not be).
    public var isPlausible: Bool {
        guard version == 1, largestSection <= PlayerProgress.maximumLevels else { return false }
        return levels.allSatisfy { PlayerProgress.isPlausibleID($0.key) && $0.value.isPlausible }
            && unfinished.allSatisfy { PlayerProgress.isPlausibleID($0.key) && $0.value.isPlausible }
            && discarded.allSatisfy { PlayerProgress.isPlausibleID($0.key) && $0.value.isFinite }
            && daily.allSatisfy { PlayerProgress.isPlausibleDay($0.key) && $0.value.isPlausible } && (editorDraft?.isPlausible ?? true)
    }
}

/// A progress file read record by record: each record that cannot be decoded, or holds a
/// value out of range, is dropped and described; the rest is kept. Only a file that is not
/// a JSON object at all fails to decode.
public struct SalvagedProgress: Sendable {
    public var progress = PlayerProgress()
    /// What was dropped, one description a record ("level 0123456789abcdef: a value is out
    /// of range").
    public var dropped: [String] = []
    /// The version the file says it has, when it is not the one this game reads and
    /// writes; its records are read as far as they fit this version.
    public var foreignVersion: Int?
    /// What is wrong with the version the file gives, when it is not a version any Bloq
    /// writes (`-1`, `0`, `1.5`, text): the file is damaged, not newer.
    public var versionProblem: VersionProblem?
    /// Keys the file gave more than once, whose copies were all read and merged, the best
    /// of each kept (one description each: "levels 0123456789abcdef: given 2 times").
    public var merged: [String] = []

    /// Nothing read, nothing dropped (for building one up record by record).
    public init() {}

    /// Whether the file read whole: no record dropped, no key given twice, a version this
    /// game writes.
    public var isSound: Bool { dropped.isEmpty && merged.isEmpty && foreignVersion == nil && versionProblem == nil }
}

/// What is wrong with the version a progress file gives, when it is no version any Bloq
/// writes: the file is damaged, not newer.
public enum VersionProblem: Sendable, Equatable {
    /// A whole number no Bloq writes (`-1`, `0`).
    case unknown(Int)
    /// Not a whole number (`1.5`, text).
    case notWhole
    /// The line that gives it could not be read.
    case damagedLine

    /// In English, for standard error: "its version is -1, which no Bloq writes".
    public var english: String {
        switch self {
        case .unknown(let version): "its version is \(version), which no Bloq writes"
        case .notWhole: "its version is not a whole number"
        case .damagedLine: "its version line is damaged"
        }
    }
}
