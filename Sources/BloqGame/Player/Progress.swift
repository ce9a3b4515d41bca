/// A line of play left unfinished, saved so a player who quits resumes where they were.
public struct UnfinishedLine: Sendable, Equatable, Codable {
    public var log: [Move]
    public var playTime: Double
    public var usedHint: Bool
    /// When it was saved, in seconds since 1970 (set by whoever saves it; nil in files
    /// written before it was kept). The newest line is the one Continue opens.
    public var savedAt: Double?

    public init(log: [Move], playTime: Double, usedHint: Bool, savedAt: Double? = nil) {
        self.log = log
        self.playTime = playTime
        self.usedHint = usedHint
        self.savedAt = savedAt
    }
}

/// What a player has achieved on one level (keyed by the level's content identity).
public struct LevelRecord: Codable, Equatable, Sendable {
    public var bestStars: Int
    public var bestMoves: Int?
    /// Seconds of play from opening the level to clearing it, paused time excluded.
    public var bestTime: Double?
    public var cleared: Bool

    public init(bestStars: Int = 0, bestMoves: Int? = nil, bestTime: Double? = nil, cleared: Bool = false) {
        self.bestStars = bestStars
        self.bestMoves = bestMoves
        self.bestTime = bestTime
        self.cleared = cleared
    }
}

/// Everything saved about a player's progress.
public struct SavedProgress: Codable, Equatable, Sendable {
    public var version = 1
    public var levels: [String: LevelRecord] = [:]
    public var unfinished: [String: UnfinishedLine] = [:]

    public init() {}

    /// Records a clear, keeping the best stars, moves and time.
    public mutating func recordClear(level: String, stars: Int, moves: Int, time: Double) {
        var record = levels[level] ?? LevelRecord()
        record.cleared = true
        record.bestStars = max(record.bestStars, stars)
        record.bestMoves = min(record.bestMoves ?? moves, moves)
        record.bestTime = min(record.bestTime ?? time, time)
        levels[level] = record
        unfinished[level] = nil
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

    /// Whether every value is in range (a hand-edited or damaged file may not be).
    public var isPlausible: Bool {
        guard version == 1, levels.count <= SavedProgress.maximumLevels, unfinished.count <= SavedProgress.maximumLevels else {
            return false
        }
        func plausibleID(_ id: String) -> Bool { id.count == 16 && id.allSatisfy(\.isHexDigit) }
        for (id, record) in levels {
            guard plausibleID(id), (0...3).contains(record.bestStars), (record.bestMoves ?? 0) >= 0,
                (record.bestMoves ?? 0) <= 1_000_000, (record.bestTime ?? 0).isFinite, (record.bestTime ?? 0) >= 0
            else { return false }
        }
        for (id, line) in unfinished {
            guard plausibleID(id), line.log.count <= SavedProgress.maximumLogLength, line.playTime.isFinite, line.playTime >= 0,
                line.log.allSatisfy({ (0..<16).contains($0.from.row) && (0..<16).contains($0.from.column) })
            else { return false }
        }
        return true
    }
}
