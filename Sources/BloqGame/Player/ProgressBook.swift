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
    /// Totals over everything the progress holds: levels cleared, stars earned.
    var totals: (cleared: Int, stars: Int) { get }
}

extension ProgressBook {
    /// Best stars earned on a level (0 when never cleared, or cleared with no stars).
    public func bestStars(_ level: PlayableLevel) -> Int { record(level)?.bestStars ?? 0 }

    /// Whether the level was ever cleared (with or without stars).
    public func isCleared(_ level: PlayableLevel) -> Bool { record(level)?.cleared == true }

    /// The level Continue opens among `packs` (pack index, level index among the pack's
    /// playable levels): the one with the newest unfinished line of play; else the first
    /// open level that was never cleared; else the first level of the first pack.
    public func continueTarget(in packs: [PackEntry]) -> (pack: Int, level: Int)? {
        var newest: (pack: Int, level: Int, savedAt: Double)?
        for (packIndex, pack) in packs.enumerated() {
            for (index, level) in pack.playable.enumerated() {
                guard let line = unfinished(level) else { continue }
                let savedAt = line.savedAt ?? 0
                if newest.map({ savedAt > $0.savedAt }) ?? true { newest = (packIndex, index, savedAt) }
            }
        }
        if let newest { return (newest.pack, newest.level) }
        for (packIndex, pack) in packs.enumerated() {
            let levels = pack.playable
            let open = unlocked(levels)
            if let index = levels.indices.first(where: { open[$0] && !isCleared(levels[$0]) }) { return (packIndex, index) }
        }
        return packs.firstIndex { !$0.playable.isEmpty }.map { ($0, 0) }
    }
}

/// The player's progress in memory, kept in step with where it is saved: every change is
/// applied here and handed to `persist`, which saves it (merging with what another
/// instance of the game saved meanwhile) and returns the progress as saved, which then
/// replaces this copy. Without `persist` (screenshots, tests) it lives in memory only.
public final class ProgressLedger: ProgressBook {
    public private(set) var progress: SavedProgress
    /// Saves a change; returns the progress as saved, or nil when saving failed (the
    /// change is then kept in memory only).
    public var persist: ((_ change: (inout SavedProgress) -> Void) -> SavedProgress?)?
    /// The time now in seconds since 1970, for stamping unfinished lines (injected: the
    /// rules never read a clock).
    public var now: () -> Double
    private var lastStamp = 0.0

    public init(
        progress: SavedProgress = SavedProgress(), now: @escaping () -> Double = { 0 },
        persist: ((_ change: (inout SavedProgress) -> Void) -> SavedProgress?)? = nil
    ) {
        self.progress = progress
        self.now = now
        self.persist = persist
        lastStamp = progress.unfinished.values.compactMap(\.savedAt).max() ?? 0
    }

    public func record(_ level: PlayableLevel) -> LevelRecord? { progress.levels[level.level.board.identity] }

    public func unfinished(_ level: PlayableLevel) -> UnfinishedLine? { progress.unfinished[level.level.board.identity] }

    public func unlocked(_ levels: [PlayableLevel]) -> [Bool] { progress.unlocked(levels.map(\.level.board.identity)) }

    public var totals: (cleared: Int, stars: Int) {
        (progress.levels.values.filter(\.cleared).count, progress.levels.values.reduce(0) { $0 + $1.bestStars })
    }

    public func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double) {
        let id = level.level.board.identity
        apply { $0.recordClear(level: id, stars: stars, moves: moves, time: time) }
    }

    public func leaving(_ level: PlayableLevel, line: UnfinishedLine?) {
        let id = level.level.board.identity
        var stamped = line
        if stamped != nil {
            // Strictly increasing within a run, so the line left last is the newest even
            // when the clock stands still (replays, coarse clocks).
            lastStamp = max(now(), lastStamp + 0.001)
            stamped?.savedAt = lastStamp
        }
        guard stamped != progress.unfinished[id] else { return }
        apply { $0.unfinished[id] = stamped }
    }

    private func apply(_ change: @escaping (inout SavedProgress) -> Void) {
        change(&progress)
        if let persist, let saved = persist(change) { progress = saved }
    }
}
