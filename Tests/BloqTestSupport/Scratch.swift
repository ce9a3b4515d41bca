import Foundation

/// A folder of one test's own, removed with everything in it when the value goes (made
/// readable again first, for a test that took rights away). Every scratch folder of a test
/// run is inside one folder of that run (`/tmp/bloq-tests-PID`), removed when the run exits,
/// so what a test keeps until the end is not left behind. The folders are readable by
/// anyone: the checks of a file the game cannot read run the game as another user.
public final class Scratch: Sendable {
    /// The folder.
    public let path: String

    /// A new empty folder, its name starting with `name` ("bloq-validate-…").
    public init(_ name: String = "scratch") throws {
        let folder = Scratch.runFolder + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        path = folder
    }

    deinit { Scratch.remove(path) }

    /// The folder as a URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The path of `name` inside the folder (nothing is made).
    public func path(_ name: String) -> String { path + "/" + name }

    /// The file `name` (its folders made) holding `text`; its path.
    @discardableResult
    public func file(_ name: String, _ text: String) throws -> String {
        try file(name, Data(text.utf8))
    }

    /// The file `name` (its folders made) holding `bytes`; its path.
    @discardableResult
    public func file(_ name: String, _ bytes: Data) throws -> String {
        let full = path(name)
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: full).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: full))
        return full
    }

    /// The folder `name` (and those above it inside); its path.
    @discardableResult
    public func folder(_ name: String) throws -> String {
        let full = path(name)
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    /// A new empty folder inside, its name starting with `name` and unique; its path.
    public func newFolder(_ name: String = "folder") throws -> String {
        try folder("\(name)-\(UUID().uuidString)")
    }

    /// A named pipe `name`; its path.
    public func fifo(_ name: String) throws -> String {
        let full = path(name)
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: full).deletingLastPathComponent().path, withIntermediateDirectories: true)
        guard mkfifo(full, 0o644) == 0 else { throw ScratchError(path: full, errno: errno) }
        return full
    }

    /// A symbolic link `name` to `target`; its path.
    public func link(_ name: String, to target: String) throws -> String {
        let full = path(name)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
        return full
    }

    /// A file holding `text` in a folder of its own, kept until the test run ends: for a
    /// helper that hands a path back.
    public static func keptFile(_ name: String, _ text: String) throws -> String {
        let full = try keptFolder("kept") + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// A new empty folder, its name starting with `name`, kept until the test run ends: for
    /// what a run makes once and many tests read (compiled catalogs, a copy of the build).
    public static func keptFolder(_ name: String) throws -> String {
        let folder = runFolder + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        return folder
    }

    /// The test run's folder of scratch folders, made once, removed as the run exits.
    static let runFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bloq-tests-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        atexit { Scratch.remove(Scratch.runFolder) }
        return folder
    }()

    /// Removes `folder` and everything in it, made readable and writable first.
    static func remove(_ folder: String) {
        chmod(folder, 0o755)
        if let walker = FileManager.default.enumerator(atPath: folder) {
            while let next = walker.nextObject() as? String {
                var status = stat()
                if lstat(folder + "/" + next, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { chmod(folder + "/" + next, 0o755) }
            }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A scratch file that could not be made.
public struct ScratchError: Error, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public var description: String { "cannot make \(path): \(String(cString: strerror(errno)))" }
}
