import BloqGame
import BloqLocalization
import BloqSync
import Glibc

/// Reads and writes `progress.json` in a folder, crash-safely and safely for several copies
/// of the game at once, and never loses what it was given (docs/reliability.md, "Progress:
/// crash-safe, merged, never lost", tells each case and why):
///
/// - **Merging, never overwriting.** A save takes the lock (`flock` on `progress.json.lock`),
///   reads what the file holds now, merges the progress it was given into it
///   (`PlayerProgress.merged(with:)`), writes the result and returns it, so the caller sees
///   the other copies' progress too.
/// - **Crash-safe.** A synced temporary file is renamed into place, the current file kept
///   as `progress.json.prev`, the folder synced: a crash leaves the newest save or the
///   previous one.
/// - **Never lost to a lock or a file that cannot be read.** What cannot go into the file
///   now is kept beside it (`ProgressJournal`) and merged in by the next save or load of any
///   copy; a `progress.json` that cannot be read is never written over or moved.
/// - **Through symbolic links, to the game's own file only** (`LinkedPath`): a link to a
///   regular file of Bloq's progress is written through and stays a link; a link to
///   anything else is left as it is with what it leads to (`FileDamage.foreignLink`), and
///   saves go into the journal.
/// - **Damage costs only what is damaged** (`ProgressFile`, one record a line): what can be
///   read loads, with what the previous save held of the rest; the damaged file is kept
///   aside (`progress.json.corrupt-TIME`) and the load reports it (`FileDamage`).
public final class ProgressStore: @unchecked Sendable {
    public static let fileName = "progress.json"
    /// Larger files are not read: no real progress file comes near it.
    public static let maximumFileSize = 16 * 1024 * 1024
    /// How long a save or load waits for another copy of the game to finish saving: then a
    /// save keeps its progress in the journal, and a load reads the files as they are.
    public static let lockTimeout = 0.5

    public let folder: String
    private var path: String { Path.join(folder, ProgressStore.fileName) }
    private var lockPath: String { path + ".lock" }
    let journal: ProgressJournal
    private let stream: ProgressJournal.Stream

    public init(folder: String) {
        self.folder = folder
        journal = ProgressJournal(folder: folder)
        stream = ProgressJournal.Stream(journal: journal, label: "save")
    }

    /// What loading found: the progress, and the damage repaired, if any.
    public struct Load: Sendable {
        public var progress: PlayerProgress
        /// Damage found in the file, or a file that could not be read, for the title screen
        /// to report once; nil when sound.
        public var damage: FileDamage?
        /// Lines for standard error (empty when sound).
        public var warnings: [String] { damage.map { [$0.standardErrorSentence] + $0.details.map { "  \($0)" } } ?? [] }
    }

    /// The saved progress, and warnings about files that could not be trusted.
    public func load() -> (progress: PlayerProgress, warnings: [String]) {
        let loaded = loadReport()
        return (loaded.progress, loaded.warnings)
    }

    /// The saved progress, with the journal's entries, and a report of any damage. Under
    /// the lock, damaged files are repaired and the journal is merged into the file (when
    /// another copy holds the lock past `lockTimeout`, the files are read as they are and
    /// left alone).
    public func loadReport() -> Load {
        let lock = FileLock.acquire(lockPath, timeout: ProgressStore.lockTimeout)
        defer { lock.release() }
        var current = readCurrent(repair: lock.mayWrite)
        let entries = readJournal(into: &current, repair: lock.mayWrite)
        if lock.mayWrite, let file = current.file, !entries.isEmpty {
            // What the journal held is in the file now, or stays in the journal.
            try? write(current.progress, to: file, clearing: entries)
        }
        return Load(progress: current.progress, damage: current.damage)
    }

    /// The result of a save: what the file holds now (the progress given, merged into what
    /// the file held), and damage found in the file on the way, if any.
    public struct Saved: Sendable {
        public var progress: PlayerProgress
        public var damage: FileDamage?
        /// Set when the progress could not go into `progress.json` now and was kept in the
        /// journal beside it instead (`progress` is then the progress given).
        public var journaled: Journaled?
        /// Another copy of the game held the lock, and nothing was written (a save asked to
        /// `.report` it; `progress` is then the progress given).
        public var locked = false
    }

    /// Progress kept in the journal: where, and why it could not go into the file.
    public struct Journaled: Sendable, Equatable {
        /// The journal entry.
        public var path: String
        /// Why: "another copy of Bloq is saving", "it cannot be read: permission denied".
        public var reason: String
        /// Why, in the player's language where it can be said so (else `reason`).
        public var shown: String
    }

    /// What a save does when another copy of the game holds the lock past the wait.
    public enum WhenLocked: Sendable {
        /// Keeps the progress beside the file, merged in by the next save or load that can.
        case keepBeside
        /// Writes nothing and says so (`Saved.locked`): the caller tries again later.
        case report
    }

    /// Merges `progress` into the saved progress, crash-safely (see the type's
    /// documentation), and returns what was written; or, when the file cannot take it now,
    /// keeps it beside the file (`Saved.journaled`) to be merged in later. When another copy
    /// holds the lock past `lockWait` seconds: kept beside it too, or, with `.report`,
    /// nothing is written (`Saved.locked`). Throws only when nothing could be written, or
    /// the result would pass a limit of the file (the files are then as they were, and the
    /// caller keeps its progress in memory).
    @discardableResult
    public func save(_ progress: PlayerProgress, lockWait: Double = ProgressStore.lockTimeout, whenLocked: WhenLocked = .keepBeside)
        throws -> Saved
    {
        do {
            try FileSystem.createFolders(folder)
        } catch {
            throw SaveError(
                path: folder, reason: "cannot make the folder: \(Path.describe(error))", saysFix: error.note != nil,
                shownReason: error.note == nil ? .writing(error) : nil)
        }
        let lock = FileLock.acquire(lockPath, timeout: lockWait)
        defer { lock.release() }
        guard lock.mayWrite else {
            if whenLocked == .report { return Saved(progress: progress, locked: true) }
            return try keepInJournal(
                progress, reason: "another copy of Bloq held \(lockPath) for more than \(lockWait) s",
                shown: ReadReason("another copy of Bloq is saving", phrase: trLater("another copy of Bloq is saving")))
        }
        var current = readCurrent(repair: true)
        guard let file = current.file else {
            return try keepInJournal(progress, reason: current.blocked ?? "it cannot be read", damage: current.damage)
        }
        if lock.isHeld { removeStaleTemporaries(beside: file) }
        let entries = readJournal(into: &current, repair: true)
        var merged = current.progress
        merged.merge(progress)
        // Never write what a load would refuse: the file stays as it was, the caller keeps
        // its progress in memory.
        let records = merged.largestSection
        guard records <= PlayerProgress.maximumLevels else {
            throw SaveError(
                path: path,
                reason:
                    "progress would hold \(records) records of a kind, more than the \(PlayerProgress.maximumLevels) a progress file may"
            )
        }
        do {
            try write(merged, to: file, clearing: entries)
        } catch let error as SaveError where error.isLimit {
            throw error
        } catch let error as SaveError {
            return try keepInJournal(progress, reason: error.reason, shown: error.shownReason, damage: current.damage)
        }
        return Saved(progress: merged, damage: current.damage)
    }

    /// Merges the journal into `progress.json` when it can: waits up to `timeout` seconds
    /// for the lock. Returns whether the journal is empty now (everything is in the file).
    /// The game calls it as it quits, so that nothing waits for the next start.
    @discardableResult
    public func mergeJournal(timeout: Double = 0) -> Bool {
        let lock = FileLock.acquire(lockPath, timeout: timeout)
        defer { lock.release() }
        guard lock.mayWrite else { return false }
        journal.removeAbandonedTemporaries()
        guard !journal.isEmpty else { return true }
        var current = readCurrent(repair: true)
        guard let file = current.file else { return false }
        let entries = readJournal(into: &current, repair: true)
        guard (try? write(current.progress, to: file, clearing: entries)) != nil else { return false }
        return journal.isEmpty
    }

    /// Whether progress is waiting in the journal (of this copy or another).
    public var hasJournal: Bool { !journal.isEmpty }

    /// A save that failed; the files on disk are as they were.
    public struct SaveError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// A limit of the file would be passed (no journal can help).
        var isLimit = false
        /// The reason says how to fix it (else the caller's advice on space and rights goes).
        var saysFix = false
        /// The reason in the player's language with what to do, where it can be said so.
        var shownReason: ReadReason?
        public var description: String { "cannot save progress to \(path): \(reason)" }
        /// Why, for the player's notice: `shownReason`, else the English `reason`.
        public var shown: String { shownReason?.shown ?? reason }
    }

    // MARK: Writing

    /// Writes `progress` as `file` (`progress.json`, or the regular file of Bloq's progress it
    /// links to, as `readCurrent` found it), keeping the current file as the previous save,
    /// then removes the journal's `entries` (merged into `progress`). The new file gets the
    /// current one's mode (and, for root writing through a link, its owner). Called under the
    /// lock.
    private func write(_ progress: PlayerProgress, to file: String, clearing entries: [String]) throws {
        let data = ProgressFile.encode(progress)
        guard data.count <= ProgressStore.maximumFileSize else {
            throw SaveError(
                path: path,
                reason: "progress would be \(data.count) bytes, more than the \(ProgressStore.maximumFileSize) a progress file may be",
                isLimit: true)
        }
        do {
            let temporary = try AtomicFile.writeTemporary(data, replacing: file)
            // Keep the current save as the previous one (readCurrent moved a bad one aside);
            // a crash between the two renames leaves the previous save, which load falls back to.
            keepPrevious(of: file, linked: file != path)
            // Only ever renamed over a regular file (or into an empty place): what was checked
            // may have been swapped for something else meanwhile.
            var status = stat()
            if lstat(file, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                unlink(temporary)
                throw SaveError(path: file, reason: "it is no longer a regular file, so it was left as it is")
            }
            try AtomicFile.commit(temporary, to: file)
        } catch let failure as AtomicFile.Failure {
            throw SaveError(path: failure.path, reason: failure.reason, shownReason: .writing(failure))
        }
        for entry in entries { unlink(entry) }
    }

    /// Keeps the current `file`, when it is sound progress, as `file.prev`. A `.prev` that is
    /// a symbolic link is written through when it leads to a file of Bloq's progress (the link
    /// stays), and left alone, with no previous save kept, when it leads anywhere else; so is
    /// a `.prev` that is not a regular file, or, beside a file reached through a link (in
    /// someone else's folder), a `.prev` that holds something else.
    private func keepPrevious(of file: String, linked: Bool) {
        guard case .read(.sound, _) = read(file, strict: linked) else { return }
        let previous = file + ".prev"
        switch LinkedPath.place(previous) {
        case .own:
            var status = stat()
            if lstat(previous, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFREG else { return }
                if linked { guard case .read = read(previous, strict: true) else { return } }
            }
            _ = rename(file, previous)
        case .regular(let target):
            guard case .read = read(target, strict: true),
                case .success(let current) = RegularFile.read(file, limit: ProgressStore.maximumFileSize)
            else { return }
            try? AtomicFile.write(current, to: target)
        case .foreign, .unreachable:
            return
        }
    }

    /// Keeps `progress` beside the file, to be merged in by the next save or load that can.
    private func keepInJournal(_ progress: PlayerProgress, reason: String, shown: ReadReason? = nil, damage: FileDamage? = nil) throws
        -> Saved
    {
        let entry: String
        do {
            entry = try stream.write(progress)
        } catch {
            // Said to the player without the journal entry's name, new at each try: the
            // cause, else why the journal could not be written, else the file's reason.
            throw SaveError(
                path: path, reason: "\(reason); and it could not be kept beside it either (\(error))",
                shownReason: shown ?? (error as? AtomicFile.Failure).flatMap(ReadReason.writing) ?? ReadReason(reason))
        }
        return Saved(progress: progress, damage: damage, journaled: Journaled(path: entry, reason: reason, shown: shown?.shown ?? reason))
    }

    // MARK: Reading

    /// What `file` holds. `strict`, for a file a symbolic link leads to: anything but Bloq's
    /// progress, damaged or not, is `.foreign` (never moved aside or written over).
    private func read(_ file: String, strict: Bool) -> LinkedPath.Reading<ProgressFile.Contents> {
        LinkedPath.read(
            file, limit: ProgressStore.maximumFileSize, noun: "progress file", strict: strict, holds: ProgressFile.holdsProgress,
            decode: ProgressFile.decode)
    }

    /// What the previous save beside `file` (`file.prev`) holds, read strictly when it is a
    /// symbolic link.
    private func readPrevious(of file: String) -> LinkedPath.Reading<ProgressFile.Contents> {
        read(file + ".prev", strict: LinkedPath.place(file + ".prev") != .own)
    }

    /// What of the previous save beside `file` can be read, and whether all of it could.
    private func previousProgress(of file: String) -> (progress: PlayerProgress, sound: Bool)? {
        switch readPrevious(of: file) {
        case .read(.sound(let progress), _): (progress, true)
        case .read(.damaged(let salvaged), _): (salvaged.progress, false)
        default: nil
        }
    }

    /// The progress the files hold now, and where it may be written, or why it may not.
    private struct Current {
        var progress = PlayerProgress()
        var damage: FileDamage?
        /// The file to write: `progress.json`, or the file of Bloq's progress it links to;
        /// nil when nothing may be written now (`blocked` says why).
        var file: String?
        /// Why `progress.json` must not be written now: it cannot be read, or it is a link
        /// to something that is not Bloq's progress (a clause: "it cannot be read
        /// (permission denied)").
        var blocked: String?
    }

    /// The progress the files hold now: `progress.json` (or the regular file of Bloq's
    /// progress it links to), else the previous save. With `repair`, a damaged file is kept
    /// aside and replaced by what could be read of it (and what the previous save held), and
    /// an unreadable one moved aside, so the damage is reported once, not at every start. A
    /// file that cannot be read now is left alone; so is a link someone made to what is not
    /// Bloq's progress, and the progress is then what the journal holds (merged in by the
    /// caller) and nothing else.
    private func readCurrent(repair: Bool) -> Current {
        let (main, reading) = LinkedPath.read(
            following: path, limit: ProgressStore.maximumFileSize, noun: "progress file", holds: ProgressFile.holdsProgress,
            decode: ProgressFile.decode)
        var current: Current
        switch reading {
        case .read(.sound(let progress), _):
            current = Current(progress: progress)
        case .foreign(let what):
            let link = ForeignLink(link: path, target: main, what: what)
            current = Current(damage: .foreign(.progress, link), blocked: link.reason(noun: "progress file"))
        case .missing:
            // A crash between the two renames of a save leaves only the previous save.
            current = previousSave(of: main, repair: repair, after: nil)
        case .read(.damaged(let salvaged), let bytes):
            var progress = salvaged.progress
            var damage = ProgressStore.damage(salvaged, in: main)
            // The previous save may hold what the damaged records held.
            if let (older, sound) = previousProgress(of: main) {
                progress.merge(older)
                if sound { damage.details.append("\(main).prev: merged in, for what it held of the damaged records") }
            }
            damage.keptAs = repair ? FileDamage.keepAside(bytes, of: main, replacingWith: ProgressFile.encode(progress)) : nil
            current = Current(progress: progress, damage: damage)
        case .inaccessible(let reason):
            let older = previousProgress(of: main)?.progress ?? PlayerProgress()
            current = Current(
                progress: older, damage: .cannotRead(.progress, main, reason, fellBackToPrevious: older != PlayerProgress()),
                blocked: "it cannot be read (\(reason))")
        case .unreadable(let reason), .read(.unreadable(let reason), _):
            current = previousSave(of: main, repair: repair, after: .unreadable(.progress, main, reason, moving: repair))
        }
        // A file the player made read-only (no one may write it) is left as it is, as one that
        // cannot be read is; a rename would replace it all the same (root, or a writable
        // folder): no save, repair of the journal or merge at quit writes it. Made writable
        // again, the next save merges what was kept beside it.
        if current.blocked == nil, FileSystem.isReadOnly(main) {
            current.blocked = "it is read-only; make it writable (chmod u+w) to save into it"
        }
        if current.blocked == nil { current.file = main }
        return current
    }

    /// The damage `salvaged`, read from `file`, reports (before the file is kept aside).
    private static func damage(_ salvaged: SalvagedProgress, in file: String) -> FileDamage {
        FileDamage(
            kind: .progress, file: file, droppedRecords: salvaged.dropped.count, foreignVersion: salvaged.foreignVersion,
            details: (salvaged.dropped + salvaged.merged.map { "\($0); merged, the best of each kept" }).map { "\(file): \($0)" },
            versionProblem: salvaged.versionProblem, mergedDuplicates: salvaged.merged.count)
    }

    /// The previous save beside `main`, used when `main` is missing or was unreadable
    /// (`after`: the damage that made it so).
    private func previousSave(of main: String, repair: Bool, after earlier: FileDamage?) -> Current {
        let previous = main + ".prev"
        var damage = earlier
        switch readPrevious(of: main) {
        case .missing, .foreign(.missing):
            return Current(damage: damage)
        case .read(.sound(let progress), _):
            damage?.fellBackToPrevious = true
            return Current(progress: progress, damage: damage)
        case .read(.damaged(let salvaged), let bytes):
            var found = ProgressStore.damage(salvaged, in: previous)
            found.keptAs =
                repair ? FileDamage.keepAside(bytes, of: previous, replacingWith: ProgressFile.encode(salvaged.progress)) : nil
            if var earlier {
                earlier.fellBackToPrevious = true
                earlier.details += found.details
                earlier.droppedRecords += found.droppedRecords
                earlier.mergedDuplicates += found.mergedDuplicates
                damage = earlier
            } else {
                damage = found
            }
            return Current(progress: salvaged.progress, damage: damage)
        case .inaccessible(let reason), .unreadable(let reason), .read(.unreadable(let reason), _):
            // The previous save is only a fallback: one that cannot be read is left alone.
            damage?.details.append("\(previous): \(reason); left it as it is")
            return Current(damage: damage)
        case .foreign:
            damage?.details.append("\(previous): a symbolic link to something that is not Bloq's progress; left it as it is")
            return Current(damage: damage)
        }
    }

    /// Merges every journal entry into `current` and returns the entries merged (to be
    /// removed once the result is in the file). An entry that holds no progress at all is
    /// moved aside, with `repair`.
    private func readJournal(into current: inout Current, repair: Bool) -> [String] {
        var merged: [String] = []
        for entry in journal.entries() {
            switch entry.contents {
            case .sound(let progress):
                current.progress.merge(progress)
                merged.append(entry.path)
            case .damaged(let salvaged):
                current.progress.merge(salvaged.progress)
                merged.append(entry.path)
            case .unreadable(let reason):
                // Kept aside under its own name, so the notice names the file it was.
                let kept = repair ? FileDamage.asideName(entry.path) : nil
                if let kept, rename(entry.path, kept) == 0 {
                    current.damage?.details.append("\(entry.path): \(reason); moved it to \(kept)")
                }
            }
        }
        return merged
    }

    /// Temporary files of saves that were killed before they finished (beside the file, and
    /// beside `target`, the file of Bloq's progress it links to), and of journal writers that
    /// are gone. Only called under the lock, when no save is writing one.
    private func removeStaleTemporaries(beside target: String) {
        var places = [(folder, ProgressStore.fileName + ".tmp-")]
        if target != path { places.append((Path.parent(target), Path.lastComponent(target) + ".tmp-")) }
        for (place, prefix) in places {
            guard let names = FileSystem.names(in: place) else { continue }
            for name in names where name.hasPrefix(prefix) { unlink(Path.join(place, name)) }
        }
        journal.removeAbandonedTemporaries()
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
        let start = MonotonicClock.seconds()
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: descriptor, isHeld: true, mayWrite: true) }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                return FileLock(descriptor: descriptor, isHeld: false, mayWrite: true)
            }
            if MonotonicClock.seconds() - start > timeout {
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
