import BloqGame
import FoundationEssentials
import Glibc

/// Reads and writes `progress.json` in a folder, crash-safely and safely for several copies
/// of the game at once.
///
/// - **Merging, never overwriting.** A save takes an advisory lock (`flock` on
///   `progress.json.lock` beside it), reads what the file holds now, merges the progress it
///   was given into it (`SavedProgress.merged(with:)`: the best of both for every level, the
///   newer unfinished line), writes the result and lets go. So a second game window that
///   saves what it loaded at start never wipes the first one's clears, and a line one copy
///   finished never comes back from another. The result is returned: a caller adopts it,
///   and sees the other copies' progress too.
/// - **Crash-safe.** The new contents go to a temporary file, synced; the current file is
///   kept as `progress.json.prev`; the temporary file is renamed into place; the folder is
///   synced. A crash at any moment leaves the newest save or the previous one.
/// - **Damage keeps what is good.** A record that cannot be read or is out of range is
///   dropped, one by one, and the rest loads; the damaged file is kept aside
///   (`progress.json.corrupt-TIME`, never deleted) and the load reports it (`FileDamage`).
///   A file that cannot be read at all (not JSON, too large, not a regular file) is moved
///   aside and the previous save, or a fresh start, is used.
public final class ProgressStore: @unchecked Sendable {
    public static let fileName = "progress.json"
    /// Larger files are not read: no real progress file comes near it.
    public static let maximumFileSize = 16 * 1024 * 1024
    /// How long a load or save waits for another copy of the game to finish saving.
    public static let lockTimeout = 2.0

    public let folder: String
    private var path: String { Path.join(folder, ProgressStore.fileName) }
    private var previousPath: String { path + ".prev" }
    private var lockPath: String { path + ".lock" }

    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_DATA_HOME/bloq`, or `~/.local/share/bloq`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return Path.join(data, "bloq")
        }
        let home = environment["HOME"] ?? Path.home
        return Path.join(home, ".local/share/bloq")
    }

    /// What loading found: the progress, and the damage repaired, if any.
    public struct Load: Sendable {
        public var progress: SavedProgress
        /// Damage found in the file, for the title screen to report once; nil when sound.
        public var damage: FileDamage?
        /// Lines for standard error (empty when sound).
        public var warnings: [String] { damage.map { ["\($0.sentence)"] + $0.details.map { "  \($0)" } } ?? [] }
    }

    /// The saved progress, and warnings about files that could not be trusted.
    public func load() -> (progress: SavedProgress, warnings: [String]) {
        let loaded = loadReport()
        return (loaded.progress, loaded.warnings)
    }

    /// The saved progress with a report of any damage. Damaged files are repaired under
    /// the lock (when another copy holds it past `lockTimeout`, the files are read as they
    /// are and left alone).
    public func loadReport() -> Load {
        let lock = FileLock.acquire(lockPath, timeout: ProgressStore.lockTimeout)
        defer { lock.release() }
        return readCurrent(repair: lock.mayWrite)
    }

    /// The result of a save: what the file holds now (the progress given, merged into what
    /// the file held), and damage found in the file on the way, if any.
    public struct Saved: Sendable {
        public var progress: SavedProgress
        public var damage: FileDamage?
    }

    /// Merges `progress` into the saved progress, crash-safely (see the type's
    /// documentation), and returns what was written.
    @discardableResult
    public func save(_ progress: SavedProgress) throws -> Saved {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveError(path: folder, reason: "cannot make the folder: \(Path.describe(error))")
        }
        let lock = FileLock.acquire(lockPath, timeout: ProgressStore.lockTimeout)
        defer { lock.release() }
        guard lock.mayWrite else {
            throw SaveError(path: path, reason: "another copy of Bloq held \(lockPath) for \(ProgressStore.lockTimeout) s")
        }
        if lock.isHeld { removeStaleTemporaries() }
        let current = readCurrent(repair: true)
        let merged = current.progress.merged(with: progress)
        // Never write what a load would refuse: the file stays as it was, the caller keeps
        // its progress in memory.
        let records = merged.largestSection
        guard records <= SavedProgress.maximumLevels else {
            throw SaveError(
                path: path,
                reason: "progress would hold \(records) records of a kind, more than the \(SavedProgress.maximumLevels) a progress file may"
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(merged)
        guard data.count <= ProgressStore.maximumFileSize else {
            throw SaveError(
                path: path,
                reason: "progress would be \(data.count) bytes, more than the \(ProgressStore.maximumFileSize) a progress file may be")
        }
        let temporary: String
        do {
            temporary = try AtomicFile.writeTemporary(data, beside: path)
        } catch let failure as AtomicFile.Failure {
            throw SaveError(path: failure.path, reason: failure.reason)
        }
        // Keep the current save as the previous one (readCurrent moved a bad one aside);
        // a crash between the two renames leaves the previous save, which load falls back to.
        if case .sound = read(path) { _ = rename(path, previousPath) }
        do {
            try AtomicFile.commit(temporary, to: path)
        } catch let failure as AtomicFile.Failure {
            throw SaveError(path: failure.path, reason: failure.reason)
        }
        return Saved(progress: merged, damage: current.damage)
    }

    /// A save that failed; the files on disk are as they were.
    public struct SaveError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot save progress to \(path): \(reason)" }
    }

    // MARK: Reading

    private enum ReadResult {
        case missing
        case sound(SavedProgress)
        /// Readable in part: what was kept, and what was dropped.
        case damaged(SalvagedProgress, bytes: [UInt8])
        case unreadable(String)
    }

    private func read(_ file: String) -> ReadResult {
        let bytes: [UInt8]
        switch RegularFile.read(file, limit: ProgressStore.maximumFileSize) {
        case .success(let contents): bytes = contents
        case .failure(.missing), .failure(.brokenLink): return .missing
        case .failure(.tooLarge(let size)):
            return .unreadable(
                "it is \(size.map { "\($0) bytes" } ?? "larger than that"), more than the \(ProgressStore.maximumFileSize) bytes a progress file may be"
            )
        case .failure(let failure): return .unreadable(failure.reason(noun: "progress file"))
        }
        let salvaged: SalvagedProgress
        do {
            salvaged = try JSONDecoder().decode(SalvagedProgress.self, from: Data(bytes))
        } catch {
            return .unreadable("it is not valid progress JSON (\(JSONProblem.describe(error)))")
        }
        if salvaged.dropped.isEmpty, salvaged.foreignVersion == nil { return .sound(salvaged.progress) }
        return .damaged(salvaged, bytes: bytes)
    }

    /// The progress the files hold now: `progress.json`, else the previous save. With
    /// `repair`, a damaged file is kept aside and replaced by what could be read of it, and
    /// an unreadable one moved aside, so the damage is reported once, not at every start.
    private func readCurrent(repair: Bool) -> Load {
        var damage: FileDamage?
        for file in [path, previousPath] {
            switch read(file) {
            case .missing:
                continue
            case .sound(let progress):
                if damage != nil { damage?.fellBackToPrevious = true }
                return Load(progress: progress, damage: damage)
            case .damaged(let salvaged, let bytes):
                var kept: String?
                if repair {
                    // Kept aside whole, then replaced by what could be read, each atomically.
                    let aside = asideName(file)
                    if (try? AtomicFile.write(Data(bytes), to: aside)) != nil {
                        kept = aside
                        try? AtomicFile.write(JSONEncoder().encode(salvaged.progress), to: file)
                    }
                }
                let found = FileDamage(
                    kind: .progress, file: file, droppedRecords: salvaged.dropped.count, unreadable: nil,
                    foreignVersion: salvaged.foreignVersion, keptAs: kept, fellBackToPrevious: false,
                    details: salvaged.dropped.map { "\(file): \($0)" })
                if var earlier = damage {
                    earlier.fellBackToPrevious = true
                    earlier.details += found.details
                    earlier.droppedRecords += found.droppedRecords
                    damage = earlier
                } else {
                    damage = found
                }
                return Load(progress: salvaged.progress, damage: damage)
            case .unreadable(let reason):
                let kept = repair ? moveAside(file) : nil
                let found = FileDamage(
                    kind: .progress, file: file, droppedRecords: 0, unreadable: reason, foreignVersion: nil, keptAs: kept,
                    fellBackToPrevious: false, details: ["\(file): \(reason); \(kept.map { "moved it to \($0)" } ?? "left it in place")"])
                if damage == nil {
                    damage = found
                } else {
                    damage?.details += found.details
                }
            }
        }
        return Load(progress: SavedProgress(), damage: damage)
    }

    private func asideName(_ file: String) -> String {
        var stamp = time(nil)
        var target = "\(file).corrupt-\(stamp)"
        while RegularFile.kind(target) != .failed(.missing) {
            stamp += 1
            target = "\(file).corrupt-\(stamp)"
        }
        return target
    }

    private func moveAside(_ file: String) -> String? {
        let target = asideName(file)
        return rename(file, target) == 0 ? target : nil
    }

    /// Temporary files of saves that were killed before they finished. Only called under
    /// the lock, when no save is writing one.
    private func removeStaleTemporaries() {
        guard case .success(let names) = LevelFiles.listFolder(folder) else { return }
        for name in names where name.hasPrefix(ProgressStore.fileName + ".tmp-") {
            unlink(Path.join(folder, name))
        }
    }
}

/// An advisory lock (`flock`) on a lock file, held until released.
struct FileLock {
    private let descriptor: Int32
    /// Whether the lock is held.
    let isHeld: Bool
    /// Whether the files it guards may be written: the lock is held, or there is no way to
    /// lock here (a folder that cannot hold the lock file), in which case saving goes on
    /// unlocked rather than not at all.
    let mayWrite: Bool

    /// Takes the lock, waiting up to `timeout` seconds for another holder.
    static func acquire(_ path: String, timeout: Double) -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            // A folder that does not exist yet has nothing to protect; any other failure
            // (a read-only folder, something odd at the lock's path) must not stop saving.
            return FileLock(descriptor: -1, isHeld: false, mayWrite: true)
        }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: descriptor, isHeld: true, mayWrite: true) }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                return FileLock(descriptor: descriptor, isHeld: false, mayWrite: true)
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > timeout {
                return FileLock(descriptor: descriptor, isHeld: false, mayWrite: false)
            }
            usleep(2_000)
        }
    }

    /// Lets go of the lock.
    func release() {
        if descriptor >= 0 { close(descriptor) }
    }
}
