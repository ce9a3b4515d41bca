import BloqGame
import Foundation

/// Turns files and folders into the levels a game can play.
public enum LevelCatalog {
    /// What the player asked to play could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The levels of `pack` (a folder) in play order, or of the single file `level`, or of
    /// the first shipped pack (`levels/easy` in the data folder) when neither is given.
    /// Broken levels of a pack are left out and reported in `warnings`.
    public static func playable(level: String?, pack: String?, dataFolder: () throws -> String) throws
        -> (levels: [PlayableLevel], warnings: [Diagnostic])
    {
        if let level {
            let file = LevelFiles.load(path: level)
            switch file.result {
            case .success(let loaded):
                return ([PlayableLevel(name: level, level: loaded)], loaded.warnings)
            case .failure(let error):
                throw LoadError(description: error.description)
            }
        }
        let folder: String
        if let pack {
            folder = pack
        } else {
            folder = (try dataFolder() as NSString).appendingPathComponent("levels/easy")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw LoadError(description: "\(folder): no such folder; --pack takes a folder of .bloq files")
        }
        let loaded = LevelFiles.loadPack(folder: folder)
        var warnings = loaded.diagnostics
        var levels: [PlayableLevel] = []
        for file in loaded.files {
            switch file.result {
            case .success(let level):
                levels.append(PlayableLevel(name: file.path, level: level))
                warnings += level.warnings
            case .failure(let error):
                warnings += error.diagnostics
            }
        }
        guard !levels.isEmpty else {
            throw LoadError(description: "\(folder): no playable .bloq level in this folder")
        }
        return (levels, warnings)
    }
}
