import Glibc

/// Reads a file that a stranger may have replaced with anything: a FIFO, a device, a socket,
/// a folder, a symbolic link loop or something enormous. Only regular files are read, and
/// never more than a limit, so nothing a path points at can hang the game or exhaust its
/// memory.
///
/// The path is checked with `stat` first (so a device is never even opened), then opened
/// with `O_NONBLOCK` (so a FIFO that appeared in between cannot block the open) and checked
/// again with `fstat` on the open descriptor before a byte is read; at most `limit + 1`
/// bytes are read, which is enough to tell that a file is too large.
public enum RegularFile {
    /// Why a file was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing exists at the path.
        case missing
        /// A symbolic link whose target does not exist.
        case brokenLink
        case isFolder
        /// A FIFO, device or socket: what it is ("a named pipe"), or "" when only
        /// opening it told (`ENXIO`).
        case notRegular(String)
        /// `ELOOP`: the path's symbolic links lead round in a circle.
        case symlinkLoop
        case permissionDenied
        /// Larger than the limit; `size` is the file's real size when it is known.
        case tooLarge(size: Int?)
        /// Any other error of the system, as its message.
        case unreadable(String)
        /// Its name is not valid UTF-8: Swift's strings (the command line's, a folder's
        /// listing) carry U+FFFD for the bytes, and that name does not exist.
        case nameNotUTF8

        /// The message for a diagnostic about the file; `noun` names what the file should
        /// have been ("level file", "script"). Sizes have their own messages at the caller.
        public func message(noun: String) -> String {
            switch self {
            case .missing: "\(noun) does not exist"
            case .brokenLink: "is a symbolic link to something that does not exist"
            case .isFolder: "is a folder, not a \(noun)"
            case .notRegular(let what): what.isEmpty ? "not a regular file" : "not a regular file but \(what)"
            case .symlinkLoop: "too many levels of symbolic links"
            case .permissionDenied: "cannot be read: permission denied (check its permissions)"
            case .tooLarge(let size): "is \(size.map { "\($0) bytes" } ?? "larger than the limit"), too large to be a \(noun)"
            case .unreadable(let reason): "cannot be read: \(reason)"
            case .nameNotUTF8: "its name is not valid UTF-8, so Bloq cannot open it: rename it (\u{FFFD} stands for the bytes that are not)"
            }
        }

        /// The failure as a clause about the file ("it is not a regular file"), for sentences.
        public func reason(noun: String) -> String {
            switch self {
            case .notRegular: "it is \(message(noun: noun))"
            case .symlinkLoop: "its path has too many levels of symbolic links"
            case .isFolder: "it is a folder, not a \(noun)"
            case .nameNotUTF8: message(noun: noun)
            default: "it \(message(noun: noun))"
            }
        }

        /// A FIFO, device or socket is at the path.
        public var isNotRegular: Bool {
            if case .notRegular = self { true } else { false }
        }

        /// Whether the failure means there is nothing at the path (exit 66 rather than 65):
        /// a name not UTF-8 is not at the path given either (the bytes are not those).
        public var isMissing: Bool { self == .missing || self == .brokenLink || self == .nameNotUTF8 }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; a larger file is
    /// `.tooLarge` with its size.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(failure(errno, path: path)) }
        if let problem = kindProblem(status) { return .failure(problem) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(failure(errno, path: path)) }
        defer { close(descriptor) }
        // The path may have been swapped between stat and open: trust only the descriptor.
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if let problem = kindProblem(status) { return .failure(problem) }
        let size = Int(status.st_size)
        if size > limit { return .failure(.tooLarge(size: size)) }
        // Read until the end, or one byte past the limit (a file may grow, and some regular
        // files, in /proc for one, report a size of 0).
        var bytes = [UInt8](repeating: 0, count: min(max(size, 4096), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if result == 0 { break }
            count += result
        }
        if count > limit { return .failure(.tooLarge(size: nil)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// The text of the regular file at `path` (at most `limit` bytes of valid UTF-8), or
    /// nil (for files whose failures need no words: /proc, a benchmark's scratch files).
    public static func text(_ path: String, limit: Int = 1 << 20) -> String? {
        guard case .success(let bytes) = read(path, limit: limit) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// What the file at `path` is, following symbolic links, without opening it.
    public enum Kind: Equatable, Sendable {
        case regular
        /// A folder, with its device and inode (for loop detection).
        case folder(device: UInt64, inode: UInt64)
        case other
        case failed(Failure)
    }

    /// The kind of `path`, following symbolic links.
    public static func kind(_ path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failed(failure(errno, path: path)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        default: return .other
        }
    }

    private static func kindProblem(_ status: stat) -> Failure? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .isFolder
        case S_IFIFO: .notRegular("a named pipe")
        case S_IFSOCK: .notRegular("a socket")
        case S_IFCHR: .notRegular("a character device")
        case S_IFBLK: .notRegular("a block device")
        default: .notRegular("")
        }
    }

    /// Why nothing is at `path`, for a command given it: "no such file or folder", or that
    /// its name is not UTF-8 (a folder's listing has it under other bytes).
    public static func absence(of path: String) -> String {
        failure(ENOENT, path: path) == .nameNotUTF8 ? Failure.nameNotUTF8.message(noun: "file") : "no such file or folder"
    }

    /// The failure an `errno` from `stat` or `open` of `path` stands for.
    static func failure(_ code: Int32, path: String) -> Failure {
        switch code {
        case ENOENT where path.contains("\u{FFFD}") && FileSystem.hasNonUTF8Name(Path.lastComponent(path), in: Path.parent(path)):
            // A name of other bytes than UTF-8's, repaired on its way into a String (the
            // folder holds it; a name with a real U+FFFD that is not there is missing).
            return .nameNotUTF8
        case ENOENT, ENOTDIR:
            var link = stat()
            return lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK ? .brokenLink : .missing
        case ELOOP: return .symlinkLoop
        case EACCES, EPERM: return .permissionDenied
        case ENXIO, ENODEV, EOPNOTSUPP: return .notRegular("")
        default: return .unreadable(String(cString: strerror(code)))
        }
    }
}
