import Glibc

/// A file the user names for the game to write (`--screenshot OUT.png`, `--record SCRIPT`),
/// written as a shell's `>` would write it, but never half: a regular file (or a new one)
/// gets the whole new contents at once (a new file beside it, synced, renamed over it; a
/// symbolic link is followed and stays a link, the file keeps its mode); a device, a FIFO or
/// a socket (`/dev/null`, `/dev/stdout`, a pipe someone reads) is written into and never
/// replaced; a folder is refused. Every failure says what, where and how to fix it, and
/// maps to exit status 73 (EX_CANTCREAT, CONTRACT section 2).
public enum OutputFile {
    /// A write that failed; what stood at the path is as it was.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        /// Why, and how to fix it: "its folder /x does not exist; make it first, or name a file in a folder that exists".
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes `data` to `path` (see the type's documentation).
    public static func write(_ data: [UInt8], to path: String) throws(Failure) {
        guard !path.isEmpty else { throw Failure(path: path, reason: "the file name is empty; give the path of a file to write") }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw Failure(path: path, reason: "it is a folder; give the path of a file in it, such as \(Path.join(path, "out.png"))")
            case S_IFREG:
                break
            default:
                try writeInto(data, special: path)
                return
            }
        }
        let target: String
        do {
            target = try AtomicFile.target(of: path)
        } catch {
            throw Failure(path: path, reason: "\(error.reason); fix the link or name another file")
        }
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o777 : 0o666 & ~currentUmask()
        do {
            let temporary = try AtomicFile.writeTemporary(data, beside: target, mode: mode)
            try AtomicFile.commit(temporary, to: target)
        } catch {
            throw Failure(path: path, reason: error.code == 0 ? error.reason : explain(error.code, writing: target))
        }
    }

    /// Writes into a device, FIFO or socket without replacing it; a FIFO no one reads is an
    /// error at once rather than a wait.
    private static func writeInto(_ data: [UInt8], special path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(
                path: path,
                reason: code == ENXIO ? "it is a named pipe that no program reads; start the reader first" : explain(code, writing: path))
        }
        defer { close(descriptor) }
        // Blocking from here on: a reader that is slow is waited for, as a shell would.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        guard data.withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) else {
            throw Failure(path: path, reason: explain(errno, writing: path))
        }
    }

    /// The process's umask, without changing it for long.
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// `errno` from writing `path`, in words with a way out.
    private static func explain(_ code: Int32, writing path: String) -> String {
        let folder = Path.parent(path)
        switch code {
        case ENOENT where !Path.isFolder(folder):
            return "its folder \(folder) does not exist; make it first, or name a file in a folder that exists"
        case ENOTDIR:
            return "a part of the path is a file, not a folder; name a file in a folder"
        case EACCES, EPERM:
            return "permission denied; name a file in a folder you may write to"
        case EROFS:
            return "the file system is read-only; name a file on another disk"
        case ENOSPC, EDQUOT:
            return "no space left on the disk; free some space, or name a file on another disk"
        default:
            return String(cString: strerror(code))
        }
    }
}
