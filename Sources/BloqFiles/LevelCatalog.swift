import BloqGame
import Glibc

/// Turns files and folders into the packs the game lists.
public enum LevelCatalog {
    /// What the player asked to play could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The shipped packs in `levels/` of the data folder, easy, medium, hard, expert, master first, then any
    /// other folder there.
    public static func shippedPacks(dataFolder: String) -> [PackEntry] {
        packs(in: Path.join(dataFolder, "levels"), isPlayers: false)
    }

    /// The player's own packs, folders under `$XDG_DATA_HOME/bloq/levels/`. Broken levels
    /// stay in the list with their error.
    public static func playerPacks(_ folders: PlayerFolders = .standard()) -> [PackEntry] {
        packs(in: folders.levels, isPlayers: true)
    }

    /// Every pack folder in `folder`, as entries (empty folders left out).
    public static func packs(in folder: String, isPlayers: Bool) -> [PackEntry] {
        let names = LevelFiles.sortedByBytes(FileSystem.names(in: folder) ?? [])
        let preferred = ["easy", "medium", "hard", "expert", "master"]
        let ordered = preferred.filter(names.contains) + names.filter { !preferred.contains($0) && !$0.hasPrefix(".") }
        return ordered.compactMap { name in
            let path = Path.join(folder, name)
            guard case .folder = RegularFile.kind(path) else { return nil }
            let pack = entry(LevelFiles.loadPack(folder: path), isPlayers: isPlayers)
            return pack.items.isEmpty ? nil : pack
        }
    }

    /// The folder a player asked to play (`play --pack`), read as `validate` reads it; throws
    /// with the diagnostics when the folder cannot be read or holds no level files. The
    /// warnings are the pack's own problems (its `pack` file), which do not stop play.
    public static func loadPack(folder: String) throws -> (pack: PackEntry, warnings: [Diagnostic]) {
        let loaded = LevelFiles.loadPack(folder: folder)
        if loaded.folderFailed {
            throw LoadError(description: loaded.diagnostics.map(\.description).joined(separator: "\n"))
        }
        return (entry(loaded, isPlayers: false), loaded.diagnostics)
    }

    static func entry(_ loaded: LevelPack, isPlayers: Bool) -> PackEntry {
        let items: [PackEntry.Item] = loaded.files.map { file in
            switch file.result {
            case .success(let level): return .playable(PlayableLevel(name: file.path, level: level))
            case .failure(let error):
                // Where it is, as validate says it: the player can open the file there. The
                // first error, and how many more there are and where they are all listed.
                let errors = error.diagnostics.filter { $0.severity == .error }
                var said =
                    (errors.first ?? error.diagnostics.first).map { "line \($0.line), column \($0.column): \($0.message)" }
                    ?? "cannot be loaded"
                if errors.count > 1 {
                    said += " (and \(errors.count - 1) more \(errors.count == 2 ? "error" : "errors"): bloq validate lists them all)"
                }
                return .broken(name: file.path, error: said)
            }
        }
        let title = loaded.title.capitalizingFirst
        return PackEntry(
            title: isPlayers ? title + PackEntry.playersMark : title, items: items, isPlayers: isPlayers,
            folder: Path.lastComponent(loaded.path))
    }

    /// A single level file as a pack of one; throws with its diagnostics when it is broken.
    public static func single(level path: String) throws -> (pack: PackEntry, warnings: [Diagnostic]) {
        switch LevelFiles.load(path: path).result {
        case .success(let level):
            return (PackEntry(title: level.title, items: [.playable(PlayableLevel(name: path, level: level))]), level.warnings)
        case .failure(let error):
            throw LoadError(description: error.description)
        }
    }
}
