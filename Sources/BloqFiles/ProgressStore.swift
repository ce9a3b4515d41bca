import BloqGame
import Foundation

/// Reads and writes `progress.json` in a folder, crash-safely: a save writes a temporary
/// file, syncs it, keeps the current file as `progress.json.prev` and renames the new one
/// into place, so a crash at any moment leaves the newest or the previous save. A file
/// that is unreadable, corrupt, too large or out of range is moved aside (never deleted)
/// with a warning, and the previous save or a fresh start is used.
public final class ProgressStore: @unchecked Sendable {
    public static let fileName = "progress.json"
    /// Larger files are not read: no real progress file comes near it.
    public static let maximumFileSize = 16 * 1024 * 1024

    public let folder: String
    private var path: String { (folder as NSString).appendingPathComponent(ProgressStore.fileName) }
    private var previousPath: String { path + ".prev" }

    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_DATA_HOME/bloq`, or `~/.local/share/bloq`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("bloq")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/bloq")
    }

    /// The saved progress, and warnings about files that could not be trusted.
    public func load() -> (progress: SavedProgress, warnings: [String]) {
        var warnings: [String] = []
        for candidate in [path, previousPath] {
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            switch read(candidate) {
            case .success(let progress):
                return (progress, warnings)
            case .failure(let reason):
                let aside = moveAside(candidate)
                warnings.append(
                    "\(candidate): \(reason); \(aside.map { "moved it to \($0)" } ?? "left it in place") and \(candidate == path ? "tried the previous save" : "started fresh")"
                )
            }
        }
        return (SavedProgress(), warnings)
    }

    private enum ReadFailure: Error, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(Int)
        case corrupt(String)
        case implausible
        var description: String {
            switch self {
            case .unreadable(let why): "cannot be read (\(why))"
            case .tooLarge(let size): "is \(size) bytes, more than the \(ProgressStore.maximumFileSize) a progress file may be"
            case .corrupt(let why): "is not valid progress JSON (\(why))"
            case .implausible: "holds values out of range"
            }
        }
    }

    private func read(_ file: String) -> Result<SavedProgress, ReadFailure> {
        guard let handle = FileHandle(forReadingAtPath: file) else { return .failure(.unreadable("permission denied or not a file")) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: ProgressStore.maximumFileSize + 1) ?? Data()
        } catch {
            return .failure(.unreadable(error.localizedDescription))
        }
        guard data.count <= ProgressStore.maximumFileSize else { return .failure(.tooLarge(data.count)) }
        let progress: SavedProgress
        do {
            progress = try JSONDecoder().decode(SavedProgress.self, from: data)
        } catch {
            return .failure(.corrupt("\(error)".prefix(120).description))
        }
        guard progress.isPlausible else { return .failure(.implausible) }
        return .success(progress)
    }

    private func moveAside(_ file: String) -> String? {
        var stamp = time(nil)
        var target = "\(file).corrupt-\(stamp)"
        while FileManager.default.fileExists(atPath: target) {
            stamp += 1
            target = "\(file).corrupt-\(stamp)"
        }
        return rename(file, target) == 0 ? target : nil
    }

    /// Saves `progress` crash-safely (see the type's documentation).
    public func save(_ progress: SavedProgress) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(progress)
        let temporary: String
        do {
            temporary = try AtomicFile.writeTemporary(data, beside: path)
        } catch let failure as AtomicFile.Failure {
            throw SaveError(path: failure.path, reason: failure.reason)
        }
        // Keep the current save as the previous one; a crash between the two renames
        // leaves the previous save, which load() falls back to.
        if FileManager.default.fileExists(atPath: path), case .success = read(path) {
            _ = rename(path, previousPath)
        }
        do {
            try AtomicFile.commit(temporary, to: path)
        } catch let failure as AtomicFile.Failure {
            throw SaveError(path: failure.path, reason: failure.reason)
        }
    }

    /// A save that failed; the files on disk are as they were.
    public struct SaveError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot save progress to \(path): \(reason)" }
    }
}
