import BloqCore
import BloqGame
import Dispatch
import Glibc

/// Where a player's own files live: progress and their packs under the data folder
/// (`$XDG_DATA_HOME/bloq`), settings under the config folder (`$XDG_CONFIG_HOME/bloq`).
/// A whole-app replay puts all of them in one folder of its own.
public struct PlayerFolders: Sendable {
    /// Holds progress.json and levels/ (the player's packs).
    public var data: String
    /// Holds settings.json.
    public var config: String

    public init(data: String, config: String) {
        self.data = data
        self.config = config
    }

    /// The player's real folders, from the XDG environment.
    public static func standard(environment: [String: String] = ProcessEnvironment.current) -> PlayerFolders {
        PlayerFolders(
            data: ProgressStore.defaultFolder(environment: environment), config: SettingsStore.defaultFolder(environment: environment))
    }

    /// Everything in one folder (whole-app replays' `--data DIR`).
    public static func single(_ folder: String) -> PlayerFolders { PlayerFolders(data: folder, config: folder) }

    /// `path` as a player reads it: under the home folder, written with `~`.
    public static func displayPath(_ path: String, environment: [String: String] = ProcessEnvironment.current) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The folder of the player's own packs.
    public var levels: String { Path.join(data, "levels") }

    /// What the game opens with: the player's progress (saved on every change, merged with
    /// what another copy of the game saved meanwhile; kept in the journal beside
    /// `progress.json` when it cannot go into it now), settings, the writer of the line of
    /// play, and the sentence the title screen shows once when a file was damaged or could
    /// not be read. `warnings` are for standard error.
    public func open() -> PlayerState {
        let store = ProgressStore(folder: data)
        let settingsStore = SettingsStore(folder: config)
        let loaded = PlayerFiles.load(progress: store, settings: settingsStore)
        var warnings = loaded.progress.warnings
        if let damage = loaded.settings.damage { warnings.append(([damage.sentence] + damage.details).joined(separator: "\n  ")) }
        let notices = SaveNotices()
        let ledger = ProgressLedger(progress: loaded.progress.progress, now: { WallClock.secondsSince1970() })
        ledger.persist = { progress in
            do {
                let saved = try store.save(progress)
                notices.saved(saved, file: Path.join(data, ProgressStore.fileName))
                notices.unsaved = nil
                return saved.progress
            } catch {
                notices.unsaved = "\(error)"
                StandardErrorStream.write("bloq: warning: \(error); your progress since the last save is kept in memory only\n")
                // What the player must know first: nothing is lost yet; then why.
                notices.post(tr("Progress kept in memory, saved with your next move: %1.", "\(error)"))
                return nil
            }
        }
        return PlayerState(
            ledger: ledger, settings: loaded.settings.settings, settingsStore: settingsStore, filesNotice: loaded.notice,
            warnings: warnings, progressStore: store, lineWriter: LineOfPlayWriter(folder: data), saveNotices: notices)
    }
}

/// The player's files as the game opens them (`PlayerFolders.open()`).
public struct PlayerState {
    public let ledger: ProgressLedger
    public let settings: Settings
    public let settingsStore: SettingsStore
    /// What was wrong with the files as they were read.
    public let filesNotice: PlayerFilesNotice
    /// Said once on the title screen when a file was damaged or could not be read, in the
    /// language shown when it is asked for (`warnings` are put into words as the files are
    /// read, before a language is chosen: English, for standard error).
    public var notice: String? { filesNotice.message }
    /// For standard error.
    public let warnings: [String]
    /// Where the ledger saves (its journal included).
    public let progressStore: ProgressStore
    /// Saves the line of play after each committed move, off the calling thread: the shell
    /// calls `lineWriter.write(ledger.playing(level, line: game.unfinishedLine))` once a move
    /// (or an undo, redo or restart) has committed.
    public let lineWriter: LineOfPlayWriter
    /// What saving has to tell the player while the game runs (another copy holds the lock,
    /// the file cannot be read): the shell shows each `take()` once, as a toast.
    public let saveNotices: SaveNotices

    /// Saves what is still on its way as the game quits (after the last `leaving`, and after
    /// SIGTERM, SIGHUP or SIGQUIT has stopped the loop): the line of play is flushed, and the
    /// journal is merged into `progress.json`, waiting up to `timeout` seconds for another
    /// copy's lock. Returns lines for standard error (empty when everything is in the file).
    ///
    /// Progress a save could not write (a full disk: "kept in memory, saved with your next
    /// move") is saved once more; when that fails too, the lines say plainly that it is lost
    /// and why, so nothing is lost silently.
    public func close(timeout: Double = 2) -> [String] {
        lineWriter.flush()
        var lines: [String] = []
        if saveNotices.unsaved != nil {
            do {
                try progressStore.save(ledger.progress)
                saveNotices.unsaved = nil
            } catch {
                lines.append(
                    "your progress since the last save could not be saved, so it is lost as Bloq quits: \(error). "
                        + "Free some space on that disk (or make \(progressStore.folder) writable) before you play again")
            }
        }
        if let failure = lineWriter.lastFailure { lines.append("cannot save the line of play: \(failure)") }
        if !progressStore.mergeJournal(timeout: timeout), progressStore.hasJournal {
            lines.append(
                "your latest progress is kept beside \(Path.join(progressStore.folder, ProgressStore.fileName)) "
                    + "(\(ProgressJournal.prefix)*), as the file is locked by another copy of Bloq, cannot be read, or is a "
                    + "symbolic link to something that is not a progress file; the next start of Bloq merges it in once it can")
        }
        return lines
    }
}

/// Notices about saving for the player, gathered as saves happen and taken by the shell.
public final class SaveNotices: @unchecked Sendable {
    private let lock = DispatchQueue(label: "bloq.save-notices")
    private var pending: [String] = []
    private var journaling = false
    private var failure: String?

    public init() {}

    /// Why the last save failed, while what it held is in memory only (nil once a save
    /// succeeds): `PlayerState.close()` tries once more.
    var unsaved: String? {
        get { lock.sync { failure } }
        set { lock.sync { failure = newValue } }
    }

    /// Adds a notice.
    public func post(_ text: String) { lock.sync { pending.append(text) } }

    /// The oldest notice not taken yet, or nil.
    public func take() -> String? {
        lock.sync { pending.isEmpty ? nil : pending.removeFirst() }
    }

    /// Notes how a save went: the first save kept in the journal says so (once, until a save
    /// goes into the file again), on standard error and as a notice.
    func saved(_ saved: ProgressStore.Saved, file: String) {
        let first = lock.sync {
            defer { journaling = saved.journaled != nil }
            return saved.journaled != nil && !journaling
        }
        guard first, let journaled = saved.journaled else { return }
        StandardErrorStream.write(
            "bloq: warning: cannot save progress into \(file) now: \(journaled.reason); it is kept in \(journaled.path) "
                + "and merged into it as soon as it can be\n")
        post(
            tr(
                "Your progress cannot go into %1 now (%2); it is kept beside it and merged in as soon as it can be.",
                Path.lastComponent(file), journaled.reason))
    }
}
