import BloqGame
import BloqSync
import Glibc

/// Progress kept beside `progress.json` when it cannot go into it now: another copy of the
/// game holds the lock, the file cannot be read (its permissions), or writing it failed.
/// Each entry is a file `progress.json.journal-PID-TAG-STREAM-N` holding progress in the
/// file's own format; whoever next holds the lock and can read `progress.json`, in any
/// process, merges every entry into it and then removes the entries it merged.
///
/// A writer keeps one stream of entries: each write publishes a new entry (a temporary file,
/// synced, renamed into place, the folder synced) and then removes the stream's previous
/// one. An entry never changes once published, so a merger removes exactly what it read.
/// Progress only grows under the merge (`PlayerProgress.merged(with:)`), so an entry that is
/// merged twice, or after a newer one, changes nothing.
struct ProgressJournal: Sendable {
    static let prefix = ProgressStore.fileName + ".journal-"

    /// The journal's entries in `folder`, as a player would look for them:
    /// "FOLDER/progress.json.journal-*" (an entry's own name changes with every save).
    static func entries(in folder: String) -> String { Path.join(folder, prefix) + "*" }
    static let temporarySuffix = ".tmp"

    /// The folder of `progress.json`.
    let folder: String

    /// An entry on disk.
    struct Entry {
        var path: String
        var contents: ProgressFile.Contents
    }

    /// The entries on disk now (the published ones; temporaries of writes in progress are
    /// not entries).
    func entries() -> [Entry] {
        entryPaths().compactMap { path in
            switch RegularFile.read(path, limit: ProgressStore.maximumFileSize) {
            case .success(let bytes): return Entry(path: path, contents: ProgressFile.decode(bytes))
            case .failure(.missing), .failure(.brokenLink): return nil  // merged and removed meanwhile
            case .failure(let failure): return Entry(path: path, contents: .unreadable(ReadReason(failure.reason(noun: "journal entry"))))
            }
        }
    }

    /// Whether any entry is waiting to be merged.
    var isEmpty: Bool { entryPaths().isEmpty }

    /// The published entries. A symbolic link with an entry's name is not one (the game never
    /// makes one): it is left alone, neither read nor removed.
    private func entryPaths() -> [String] {
        guard let names = FileSystem.names(in: folder) else { return [] }
        return names.filter { $0.hasPrefix(ProgressJournal.prefix) && !$0.hasSuffix(ProgressJournal.temporarySuffix) }.sorted()
            .map { Path.join(folder, $0) }.filter { LinkedPath.place($0) == .own }
    }

    /// Removes temporaries left by writers that were killed while writing (their process is
    /// gone); a live writer's temporary is left alone.
    func removeAbandonedTemporaries() {
        guard let names = FileSystem.names(in: folder) else { return }
        for name in names where name.hasPrefix(ProgressJournal.prefix) && name.hasSuffix(ProgressJournal.temporarySuffix) {
            let pid = name.dropFirst(ProgressJournal.prefix.count).prefix { $0 != "-" }
            guard let process = pid_t(pid), process > 0 else { continue }
            if kill(process, 0) != 0, errno == ESRCH { unlink(Path.join(folder, name)) }
        }
    }

    /// One writer's entries: each write replaces the previous one.
    final class Stream: Sendable {
        let journal: ProgressJournal
        let name: String
        /// The last entry's number and the entry on disk, if any; held while writing, so
        /// that writes from two threads publish one after the other.
        private let written = Locked((sequence: 0, current: String?.none))

        /// A stream named for this process, a random tag and `label` ("save", "line").
        init(journal: ProgressJournal, label: String) {
            self.journal = journal
            name = "\(ProgressJournal.prefix)\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))-\(label)-"
        }

        /// Publishes `progress` as this stream's entry, durably, and returns its path.
        @discardableResult
        func write(_ progress: PlayerProgress) throws -> String {
            let data = ProgressFile.encode(progress)
            guard data.count <= ProgressStore.maximumFileSize else {
                throw AtomicFile.Failure(
                    path: journal.folder, reason: "progress would be \(data.count) bytes, more than a progress file may be")
            }
            return try written.withLock { written in
                try? FileSystem.createFolders(journal.folder)
                written.sequence += 1
                let path = Path.join(journal.folder, name + "\(written.sequence)")
                let temporary = path + ProgressJournal.temporarySuffix
                try AtomicFile.writeFile(data, at: temporary)
                try AtomicFile.commit(temporary, to: path)
                if let current = written.current { unlink(current) }
                written.current = path
                return path
            }
        }
    }
}
