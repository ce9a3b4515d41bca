import Glibc

/// File paths as strings, and file errors in words, on glibc alone: Bloq links no
/// Foundation (docs/packaging.md), so paths are strings, never URLs.
public enum Path {
    /// `folder` and `name` joined by one `/`.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.hasPrefix("/") { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last component (`levels/easy/001-a.bloq` → `001-a.bloq`).
    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }

    /// The folder holding `path` (`.` for a bare name, `/` for a top-level one).
    public static func parent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The home folder: `$HOME`, else the password database's.
    public static var home: String {
        if let home = ProcessEnvironment.current["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// Whether `path` is a folder (following links).
    public static func isFolder(_ path: String) -> Bool { fileType(path) == S_IFDIR }

    /// Whether `path` is a regular file (following links).
    public static func isFile(_ path: String) -> Bool { fileType(path) == S_IFREG }

    /// The type (`S_IFMT` bits) of what `path` leads to, following links; nil when nothing.
    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// The folder the process runs in (`/` when it cannot be read, as when it was deleted).
    public static var currentFolder: String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(cString: folder)
    }

    /// `path` made absolute against the current folder (an empty path is the current folder).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : path.isEmpty ? currentFolder : join(currentFolder, path)
    }

    /// `path` made absolute, with `.`, `..` and repeated or trailing slashes taken out by
    /// the text alone (links are not followed): `/usr/bin/../lib/` is `/usr/lib`, and `..`
    /// at the top stays at `/`.
    public static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in absolute(path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with every symbolic link followed (`realpath`); a path that does not exist is
    /// only standardized (`standardized(_:)`).
    public static func resolvingLinks(_ path: String) -> String {
        let standard = standardized(path)
        guard let resolved = realpath(standard, nil) else { return standard }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder for temporary files: `$TMPDIR` (made absolute) when set, else `/tmp`.
    public static var temporaryFolder: String {
        guard let folder = ProcessEnvironment.current["TMPDIR"] else { return "/tmp" }
        return folder.isEmpty ? "/" : standardized(folder)
    }

    /// An error from the file system in words: the system's reason when there is one.
    public static func describe(_ error: any Error) -> String {
        if let system = error as? SystemError { return system.reason }
        return "\(error)"
    }
}

/// A call to the system that failed: its `errno` and the path it was about.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32
    public var path: String
    /// What is wrong and how to fix it, where the system's reason would mislead (a link to
    /// nothing reads "File exists" to mkdir).
    public var note: String?

    public init(code: Int32, path: String, note: String? = nil) {
        self.code = code
        self.path = path
        self.note = note
    }

    /// The error of the last system call (`errno`) about `path`.
    public static func last(_ path: String) -> SystemError { SystemError(code: errno, path: path) }

    /// The system's reason (`strerror`): "No such file or directory".
    public var reason: String { note ?? String(cString: strerror(code)) }
    public var description: String { "\(path): \(reason)" }
}
