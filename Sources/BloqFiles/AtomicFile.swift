import Glibc

/// Writes a file so that a crash at any moment leaves either the old contents or the new:
/// a temporary file beside it is written and synced, then renamed over it, and the folder
/// is synced.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        /// The system's `errno`, when the failure was a system call's (else 0).
        var code: Int32 = 0
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to a temporary file beside `path` and syncs it; returns its path. The
    /// file gets `mode`, and `owner` (user, group) when given and not already ours.
    static func writeTemporary(_ data: [UInt8], beside path: String, mode: mode_t = 0o644, owner: (uid_t, gid_t)? = nil)
        throws(Failure) -> String
    {
        let temporary = path + ".tmp-\(getpid())"
        try writeFile(data, at: temporary, mode: mode, owner: owner)
        return temporary
    }

    /// Writes `data` to a new file at `temporary` (what stood there, a temporary left by a
    /// writer that was killed, is removed first) and syncs it; on failure the file is
    /// removed. The file is always made anew (`O_EXCL`), so nothing that stood at the name
    /// (a FIFO, a link, a device) is ever opened or written into.
    static func writeFile(_ data: [UInt8], at temporary: String, mode: mode_t = 0o644, owner: (uid_t, gid_t)? = nil) throws(Failure) {
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw Failure(path: temporary, reason: String(cString: strerror(errno)), code: errno) }
        var settled = data.withUnsafeBytes { FileSystem.writeAll(descriptor, $0) }
        // The owner first (changing it clears set-id bits), then the mode exactly (the
        // umask narrowed the one given to open).
        if settled, let (user, group) = owner, user != geteuid() || group != getegid() {
            settled = fchown(descriptor, user, group) == 0
        }
        settled = settled && fchmod(descriptor, mode) == 0
        let synced = settled && fsync(descriptor) == 0
        let code = synced ? 0 : errno
        close(descriptor)
        if !synced {
            unlink(temporary)
            throw Failure(path: temporary, reason: String(cString: strerror(code)), code: code)
        }
    }

    /// Renames `temporary` over `path` and syncs the folder.
    static func commit(_ temporary: String, to path: String) throws(Failure) {
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(code)), code: code)
        }
        syncFolder(Path.parent(path))
    }

    /// Syncs `folder`, so that a name made or renamed in it lasts a crash.
    static func syncFolder(_ folder: String) {
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Writes `data` to `path` atomically. A symbolic link is written through: the file it
    /// leads to is replaced (keeping its mode, and its owner when root writes it) and the
    /// link stays a link. Callers make sure the file is theirs to write (`LinkedPath`).
    static func write(_ data: [UInt8], to path: String) throws(Failure) {
        let target = try target(of: path)
        try commit(try writeTemporary(data, replacing: target), to: target)
    }

    /// `writeTemporary` for a file to be renamed over `file`: with the mode of the regular
    /// file there (0644 when there is none), and its owner when root writes it.
    static func writeTemporary(_ data: [UInt8], replacing file: String) throws(Failure) -> String {
        var status = stat()
        let regular = stat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        let owner = regular && geteuid() == 0 ? (status.st_uid, status.st_gid) : nil
        return try writeTemporary(data, beside: file, mode: regular ? status.st_mode & 0o777 : 0o644, owner: owner)
    }

    /// The file a write to `path` replaces: `path` itself, or, when it is a symbolic link,
    /// the file the link leads to (through every link, also to a file that does not exist
    /// yet), so that renaming a new file into place keeps the link a link.
    static func target(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw Failure(path: current, reason: String(cString: strerror(errno))) }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : Path.join(Path.parent(current), destination)
        }
        throw Failure(path: path, reason: "too many levels of symbolic links")
    }
}

/// Replacing a file the user owns, as an editor would.
public enum FileReplacement {
    /// A replacement that failed; the file is as it was.
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces the contents of the file at `path` atomically (a crash leaves the old
    /// contents or the new, never a mix). A symbolic link is written through: its target
    /// gets the new contents and the link stays. The file keeps its mode and owner.
    public static func replaceContents(of path: String, with data: [UInt8]) throws(Failure) {
        guard let resolved = realpath(path, nil) else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        let target = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard stat(target, &status) == 0 else { throw Failure(path: target, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(path: target, reason: "not a regular file") }
        do {
            let temporary = try AtomicFile.writeTemporary(
                data, beside: target, mode: status.st_mode & 0o7777, owner: (status.st_uid, status.st_gid))
            try AtomicFile.commit(temporary, to: target)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
    }
}
