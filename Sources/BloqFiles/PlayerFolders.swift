import BloqGame
import FoundationEssentials
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
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlayerFolders {
        PlayerFolders(
            data: ProgressStore.defaultFolder(environment: environment), config: SettingsStore.defaultFolder(environment: environment))
    }

    /// Everything in one folder (whole-app replays' `--data DIR`).
    public static func single(_ folder: String) -> PlayerFolders { PlayerFolders(data: folder, config: folder) }

    /// `path` as a player reads it: under the home folder, written with `~`.
    public static func displayPath(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The folder of the player's own packs.
    public var levels: String { Path.join(data, "levels") }

    /// What the game opens with: the player's progress (saved on every change, merged with
    /// what another copy of the game saved meanwhile), settings, and the sentence the title
    /// screen shows once when a file was damaged. `warnings` are for standard error.
    public func open() -> PlayerState {
        let store = ProgressStore(folder: data)
        let settingsStore = SettingsStore(folder: config)
        let loaded = PlayerFiles.load(progress: store, settings: settingsStore)
        var warnings = loaded.progress.warnings
        if let damage = loaded.settings.damage { warnings.append(([damage.sentence] + damage.details).joined(separator: "\n  ")) }
        let ledger = ProgressLedger(progress: loaded.progress.progress, now: { Date().timeIntervalSince1970 })
        ledger.persist = { progress in
            do {
                return try store.save(progress).progress
            } catch {
                StandardErrorStream.write("bloq: warning: \(error); your progress since the last save is kept in memory only\n")
                return nil
            }
        }
        return PlayerState(
            ledger: ledger, settings: loaded.settings.settings, settingsStore: settingsStore, notice: loaded.notice.message,
            warnings: warnings)
    }
}

/// The player's files as the game opens them (`PlayerFolders.open()`).
public struct PlayerState {
    public let ledger: ProgressLedger
    public let settings: Settings
    public let settingsStore: SettingsStore
    /// Said once on the title screen when a file was damaged.
    public let notice: String?
    /// For standard error.
    public let warnings: [String]
}
