import BloqGame
import Glibc

/// A level file read from disk: its path and what loading it gave.
public struct LevelFile: Sendable {
    public var path: String
    public var result: Result<Level, LevelLoadError>

    public var level: Level? { try? result.get() }
}

/// A folder of levels in play order.
public struct LevelPack: Sendable {
    public var path: String
    /// The `pack` file's title, else the last component of `path`.
    public var title: String
    public var files: [LevelFile]
    /// Problems with the pack itself: its `pack` file, or the folder (unreadable, no levels).
    public var diagnostics: [Diagnostic]

    /// Whether the folder itself could not be used: unreadable, or holding no level files.
    public var folderFailed: Bool { files.isEmpty && diagnostics.contains { $0.severity == .error && $0.file == path } }
}

/// What walking a folder found: every folder holding level files (or a `pack` file) as a
/// pack, in walk order, and problems with folders (unreadable ones, symbolic link loops, no
/// level files at all).
public struct LevelFolderWalk: Sendable {
    public var packs: [LevelPack]
    public var diagnostics: [Diagnostic]

    /// Every level file found, in walk order.
    public var files: [LevelFile] { packs.flatMap(\.files) }
}

/// Reads level files and packs. Every file goes through `RegularFile` (so a FIFO, device or
/// folder where a level should be is an error, never a hang), and `validate`, `play --pack`
/// and the level list all read folders with the same code: `loadPack` for one folder and
/// `walk` for a folder and everything below it.
public enum LevelFiles {
    /// The message for a folder with no level files.
    public static let noLevelsMessage = "no .bloq files here"

    /// Reads and parses one level file. A file that cannot be read becomes a diagnostic at
    /// 1:1; a file over the size limit is not read past the limit.
    public static func load(path: String) -> LevelFile {
        let bytes = RegularFile.read(path, limit: LevelParser.maximumFileSize).mapError { failure in
            let message: String
            switch failure {
            case .tooLarge(let size): message = LevelParser.tooLargeMessage(size: size)
            case .missing: message = "file does not exist"
            default: message = failure.message(noun: "level file")
            }
            return LevelLoadError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: message)])
        }
        return LevelFile(path: path, result: bytes.flatMap { LevelParser.parse($0, name: path) })
    }

    /// Whether a failed load means the file is missing (exit 66) rather than invalid (65).
    public static func isMissing(_ path: String) -> Bool {
        if case .failed(let failure) = RegularFile.kind(path) { return failure.isMissing }
        return false
    }

    /// One folder's `.bloq` files in play order: the `pack` file's `order:` lines when it
    /// has them, then the rest in byte order of their names. An unreadable folder, or one
    /// without level files, is an error diagnostic at `FOLDER:1:1`.
    public static func loadPack(folder: String) -> LevelPack {
        switch listFolder(folder) {
        case .failure(let failure):
            return LevelPack(path: folder, title: Path.lastComponent(folder), files: [], diagnostics: [failure.diagnostic])
        case .success(let names):
            var pack = self.pack(folder: folder, names: names)
            if pack.files.isEmpty {
                pack.diagnostics.insert(Diagnostic(file: folder, line: 1, column: 1, message: noLevelsMessage), at: 0)
            }
            return pack
        }
    }

    /// `path` and every folder below it, following symbolic links (a link back to a folder
    /// already being walked is reported and not followed again, by device and inode), as
    /// packs. Nil when nothing exists at `path`. A path that is not a folder is read as one
    /// level file.
    public static func walk(_ path: String) -> LevelFolderWalk? {
        switch RegularFile.kind(path) {
        case .failed(let failure) where failure.isMissing:
            return nil
        case .folder(let device, let inode):
            var walker = Walker()
            walker.visit(path, id: FolderID(device: device, inode: inode))
            if walker.packs.allSatisfy(\.files.isEmpty), !walker.diagnostics.contains(where: { $0.file == path }) {
                walker.diagnostics.insert(Diagnostic(file: path, line: 1, column: 1, message: noLevelsMessage), at: 0)
            }
            return LevelFolderWalk(packs: walker.packs, diagnostics: walker.diagnostics)
        default:
            let file = load(path: path)
            return LevelFolderWalk(
                packs: [LevelPack(path: path, title: Path.lastComponent(path), files: [file], diagnostics: [])], diagnostics: [])
        }
    }

    /// Every `.bloq` file under `path` (itself if it is a file), as `walk` finds them,
    /// sorted. Returns nil when the path does not exist.
    public static func levelPaths(under path: String) -> [String]? {
        walk(path).map { sortedByBytes($0.files.map(\.path)) }
    }

    // MARK: Folders

    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Walker {
        var packs: [LevelPack] = []
        var diagnostics: [Diagnostic] = []
        var visited: Set<FolderID> = []
        /// The folders from the walk's start down to the one being read.
        var ancestors: [(id: FolderID, path: String)] = []

        mutating func visit(_ folder: String, id: FolderID) {
            if let ancestor = ancestors.first(where: { $0.id == id }) {
                diagnostics.append(
                    Diagnostic(
                        file: folder, line: 1, column: 1, severity: .warning,
                        message: "a symbolic link loop: this is \(ancestor.path) again; not read twice"))
                return
            }
            // The same folder reached by a second link is read once.
            guard visited.insert(id).inserted else { return }
            let names: [String]
            switch listFolder(folder) {
            case .failure(let failure):
                diagnostics.append(failure.diagnostic)
                return
            case .success(let list): names = list
            }
            let pack = LevelFiles.pack(folder: folder, names: names)
            if !pack.files.isEmpty || !pack.diagnostics.isEmpty { packs.append(pack) }
            ancestors.append((id, folder))
            defer { ancestors.removeLast() }
            for name in sortedByBytes(names) where !name.hasPrefix(".") && !name.hasSuffix(".bloq") {
                let path = Path.join(folder, name)
                if case .folder(let device, let inode) = RegularFile.kind(path) {
                    visit(path, id: FolderID(device: device, inode: inode))
                }
            }
        }
    }

    /// The names in a folder (without `.` and `..`), or the error diagnostic saying why it
    /// cannot be read.
    static func listFolder(_ folder: String) -> Result<[String], FolderError> {
        FileSystem.list(folder).mapError { failure in
            let reason = failure.code == EACCES || failure.code == EPERM ? "permission denied" : failure.reason.lowercased()
            return FolderError(diagnostic: Diagnostic(file: folder, line: 1, column: 1, message: "cannot read this folder: \(reason)"))
        }
    }

    /// A folder as a pack, from the names in it: its level files (names ending in `.bloq`,
    /// hidden ones left out) in the order of its `pack` file, each loaded.
    static func pack(folder: String, names: [String]) -> LevelPack {
        let levelNames = sortedByBytes(names.filter { $0.hasSuffix(".bloq") && !$0.hasPrefix(".") })
        var title = Path.lastComponent(folder)
        var ordered = levelNames
        var diagnostics: [Diagnostic] = []
        if names.contains("pack") {
            let packPath = Path.join(folder, "pack")
            switch RegularFile.read(packPath, limit: PackFile.maximumFileSize) {
            case .success(let bytes):
                let file = PackFile.parse(bytes, name: packPath, levels: levelNames)
                title = file.title ?? title
                ordered = file.playOrder(levelNames)
                diagnostics += file.diagnostics
            case .failure(let failure):
                let message: String
                if case .tooLarge(let size) = failure {
                    message =
                        "pack file is \(size.map { "\($0) bytes" } ?? "larger than that"), more than the limit of \(PackFile.maximumFileSize) (64 KiB)"
                } else {
                    message = failure.message(noun: "pack file")
                }
                diagnostics.append(Diagnostic(file: packPath, line: 1, column: 1, message: message))
            }
        }
        let files = ordered.map { load(path: Path.join(folder, $0)) }
        return LevelPack(path: folder, title: title, files: files, diagnostics: diagnostics)
    }

    /// A folder that cannot be listed, as its diagnostic.
    struct FolderError: Error {
        var diagnostic: Diagnostic
    }

    static func sortedByBytes(_ names: [String]) -> [String] {
        names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
