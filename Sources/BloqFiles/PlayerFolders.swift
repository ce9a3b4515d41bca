import BloqGame
import Foundation

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
    public var levels: String { (data as NSString).appendingPathComponent("levels") }

    /// The player's progress, read from `data`, saved there on every change. Warnings say
    /// what could not be trusted in the files.
    public func progress() -> (ledger: ProgressLedger, warnings: [String]) {
        let store = ProgressStore(folder: data)
        let (loaded, warnings) = store.load()
        let ledger = ProgressLedger(progress: loaded, now: { Date().timeIntervalSince1970 })
        ledger.persist = { change in
            // Another instance of the game may have saved since: apply this change to the
            // newest progress on disk, not to the copy in memory.
            var latest = store.load().progress
            change(&latest)
            do {
                try store.save(latest)
                return latest
            } catch {
                FileHandle.standardError.write(
                    Data("bloq: warning: \(error); your progress since the last save is kept in memory only\n".utf8))
                return nil
            }
        }
        return (ledger, warnings)
    }
}
