import BloqGame
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

    /// The player's real folders, from the XDG environment: `$XDG_DATA_HOME/bloq`, or
    /// `~/.local/share/bloq`, and `$XDG_CONFIG_HOME/bloq`, or `~/.config/bloq` (a variable
    /// that is not an absolute path is not used).
    public static func standard(environment: [String: String] = ProcessEnvironment.current) -> PlayerFolders {
        func folder(_ variable: String, orHome fallback: String) -> String {
            if let base = environment[variable], base.hasPrefix("/") { return Path.join(base, "bloq") }
            return Path.join(environment["HOME"] ?? Path.home, fallback)
        }
        return PlayerFolders(
            data: folder("XDG_DATA_HOME", orHome: ".local/share/bloq"), config: folder("XDG_CONFIG_HOME", orHome: ".config/bloq"))
    }

    /// Everything in one folder (whole-app replays' `--data DIR`).
    public static func single(_ folder: String) -> PlayerFolders { PlayerFolders(data: folder, config: folder) }

    /// `path` as a player reads it: under the home folder, written with `~` (what the screens say).
    public static func displayPath(_ path: String, environment: [String: String] = ProcessEnvironment.current) -> String {
        guard let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The folder of the player's own packs.
    public var levels: String { Path.join(data, "levels") }

    /// What the game opens with: the player's progress and the service that saves it (off
    /// the game's frames, merged with what another copy of the game saved meanwhile), the
    /// settings and their store, and the sentence the title screen shows once when a file
    /// was damaged or could not be read. `warnings` are for standard error. `mode`: saves on
    /// their own queue (live play), or at once on the caller's (replays).
    public func open(saving mode: SaveService.Mode = .background) -> Opened {
        let store = ProgressStore(folder: data)
        let settingsStore = SettingsStore(folder: config)
        let progress = store.loadReport()
        let settings = settingsStore.loadReport()
        var warnings = progress.warnings
        if let damage = settings.damage { warnings.append(([damage.standardErrorSentence] + damage.details).joined(separator: "\n  ")) }
        return Opened(
            progress: progress.progress, saves: SaveService(store: store, mode: mode), settings: settings.settings,
            settingsStore: settingsStore, filesNotice: PlayerFilesNotice(progress: progress.damage, settings: settings.damage),
            warnings: warnings)
    }

    /// The player's files as the game opens them (`open(saving:)`).
    public struct Opened {
        /// The progress as loaded (the journal beside it merged in).
        public let progress: PlayerProgress
        /// Where changes go.
        public let saves: SaveService
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
    }
}
