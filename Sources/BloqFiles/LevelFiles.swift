import BloqGame
import Foundation

/// A level file read from disk: its path and what loading it gave.
public struct LevelFile: Sendable {
    public var path: String
    public var result: Result<Level, LevelLoadError>

    public var level: Level? { try? result.get() }
}

/// A folder of levels in play order.
public struct LevelPack: Sendable {
    public var path: String
    public var title: String
    public var files: [LevelFile]
    /// Problems with the pack itself (its `pack` file).
    public var diagnostics: [Diagnostic]
}

/// Reads level files and packs.
public enum LevelFiles {
    /// Reads and parses one level file. A file that cannot be read becomes a diagnostic at
    /// 1:1; a file over the size limit is not read past the limit.
    public static func load(path: String) -> LevelFile {
        LevelFile(path: path, result: readBytes(path).flatMap { LevelParser.parse($0, name: path) })
    }

    /// The file's bytes (at most one byte past the level size limit, which is enough to
    /// report it), or an error diagnostic.
    static func readBytes(_ path: String) -> Result<[UInt8], LevelLoadError> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "does not exist"
            return .failure(LevelLoadError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: "file \(reason)")]))
        }
        defer { try? handle.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > LevelParser.maximumFileSize {
            // Not read at all: say how large it really is.
            return .failure(
                LevelLoadError(diagnostics: [
                    Diagnostic(
                        file: path, line: 1, column: 1,
                        message:
                            "file is \(size) bytes, more than the limit of \(LevelParser.maximumFileSize) (64 KiB); a level file holds one board of at most 16x16 cells"
                    )
                ]))
        }
        do {
            let data = try handle.read(upToCount: LevelParser.maximumFileSize + 1) ?? Data()
            return .success([UInt8](data))
        } catch {
            return .failure(
                LevelLoadError(diagnostics: [
                    Diagnostic(file: path, line: 1, column: 1, message: "cannot read the file: \(error.localizedDescription)")
                ]))
        }
    }

    /// The `.bloq` files of a folder in play order: the `pack` file's `order:` lines when it
    /// has them, else the byte order of the names.
    public static func loadPack(folder: String) -> LevelPack {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".bloq") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var title = (folder as NSString).lastPathComponent
        var ordered = names
        var diagnostics: [Diagnostic] = []
        let packPath = (folder as NSString).appendingPathComponent("pack")
        if let text = try? String(contentsOfFile: packPath, encoding: .utf8) {
            var order: [String] = []
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.prefix { $0 != ";" }.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !line.isEmpty else { continue }
                guard let colon = line.firstIndex(of: ":") else {
                    diagnostics.append(
                        Diagnostic(file: packPath, line: index + 1, column: 1, message: "expected 'title: ...' or 'order: FILE'"))
                    continue
                }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch key {
                case "title": title = value
                case "order":
                    if names.contains(value) {
                        order.append(value)
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                file: packPath, line: index + 1, column: 1,
                                message: "order names '\(value)', which is not a .bloq file in this folder"))
                    }
                default:
                    diagnostics.append(
                        Diagnostic(
                            file: packPath, line: index + 1, column: 1,
                            message: "unknown key '\(key)'; a pack file holds 'title:' and 'order:' lines"))
                }
            }
            if !order.isEmpty { ordered = order + names.filter { !order.contains($0) } }
        }
        let files = ordered.map { load(path: (folder as NSString).appendingPathComponent($0)) }
        return LevelPack(path: folder, title: title, files: files, diagnostics: diagnostics)
    }

    /// Every `.bloq` file under `path` (itself if it is a file), recursively, sorted.
    /// Returns nil when the path does not exist.
    public static func levelPaths(under path: String) -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return [path] }
        let enumerator = FileManager.default.enumerator(atPath: path)
        var paths: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".bloq") { paths.append((path as NSString).appendingPathComponent(next)) }
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

extension LevelFiles {
    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
