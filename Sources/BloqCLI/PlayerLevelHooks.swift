import BloqFiles
import BloqGame
import BloqPlay

/// Connects the shell to the player's level folder: the editor's Save writes there
/// (`PlayerLevels`), and the level list reads the packs again afterwards, so a saved level
/// is listed at once. Live play uses the player's folders; whole-app replays their `--data`
/// folder.
public enum PlayerLevelHooks {
    /// The packs the title screen lists: the shipped ones, then the player's.
    public static func packs(dataRoot: String, folders: PlayerFolders) -> [PackEntry] {
        (LevelCatalog.shippedPacks(dataFolder: dataRoot) + LevelCatalog.playerPacks(folders)).filter { !$0.items.isEmpty }
    }

    /// Installs the saver on `app`, and the pack loader when the shell lists the shipped and
    /// the player's packs (`dataRoot` given; not for a level or folder from the command line).
    public static func install(on app: AppController, dataRoot: String?, folders: PlayerFolders) {
        if let dataRoot { app.packLoader = { packs(dataRoot: dataRoot, folders: folders) } }
        app.saveLevel = { text, title, pack, replacing in
            try PlayerLevels.save(text, title: title, pack: pack, in: folders.levels, replacing: replacing)
        }
    }
}
