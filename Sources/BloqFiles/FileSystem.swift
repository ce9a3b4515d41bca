import Glibc

/// Folders and whole files, on glibc alone: making a folder and the folders above it,
/// removing a tree, listing a folder, replacing a file's text in one step.
public enum FileSystem {
    /// Makes the folder `path` and every missing folder above it; nothing to do when it is a
    /// folder already (or a link to one). Fails with `EEXIST` where something else stands
    /// in the way (a file, a broken link), `ENOTDIR` below a file.
    public static func createFolders(_ path: String) throws(SystemError) {
        if mkdir(path, 0o777) == 0 { return }
        switch errno {
        case EEXIST:
            // A folder already, or a link to one; anything else is in the way. A link to
            // nothing (a disk not mounted) says so: mkdir calls it "File exists".
            guard Path.isFolder(path) else {
                if let target = linkDestination(path), !exists(path) {
                    throw SystemError(
                        code: ENOENT, path: path,
                        note:
                            "it is a symbolic link to \(target), which leads nowhere (a disk not mounted?); mount or make \(target), or remove the link"
                    )
                }
                throw SystemError(code: EEXIST, path: path)
            }
        case ENOENT where !path.isEmpty && Path.parent(path) != path:
            try createFolders(Path.parent(path))
            if mkdir(path, 0o777) == 0 { return }
            let failure = SystemError.last(path)
            guard failure.code == EEXIST, Path.isFolder(path) else { throw failure }
        default:
            throw SystemError.last(path)
        }
    }

    /// Removes `path` and, when it is a folder, everything in it; a symbolic link is
    /// removed, never followed. Whatever cannot be removed is left.
    public static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        for name in names(in: path) ?? [] { removeTree(Path.join(path, name)) }
        rmdir(path)
    }

    /// The names in `folder` (`.` and `..` left out), in the order the system lists them;
    /// nil when it cannot be read.
    public static func names(in folder: String) -> [String]? { try? list(folder).get() }

    /// The names in `folder` (`.` and `..` left out), in the order the system lists them, or
    /// why it cannot be read.
    static func list(_ folder: String) -> Result<[String], SystemError> {
        rawList(folder).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether `folder` holds an entry whose name is not UTF-8 and reads as `name` once its
    /// stray bytes are replaced with U+FFFD (the name a listing shows for it).
    static func hasNonUTF8Name(_ name: String, in folder: String) -> Bool {
        let entries = (try? rawList(folder).get()) ?? []
        return entries.contains { bytes in
            String(validating: bytes, as: UTF8.self) == nil && String(decoding: bytes, as: UTF8.self) == name
        }
    }

    /// The names in `folder` as the bytes the system keeps.
    private static func rawList(_ folder: String) -> Result<[[UInt8]], SystemError> {
        guard let stream = opendir(folder) else { return .failure(.last(folder)) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else { return errno == 0 ? .success(names) : .failure(.last(folder)) }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
    }

    /// Whether `path` (following links) is a regular file no one may write: its mode has no
    /// write bit (`chmod a-w`), whoever this process is (root may write it all the same).
    public static func isReadOnly(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_mode & 0o222 == 0
    }

    /// Whether this process may execute `path` (a folder it may enter counts, as for
    /// `access(2)`).
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Whether anything is at `path` (following links).
    public static func exists(_ path: String) -> Bool { Path.fileType(path) != nil }

    /// The file `/proc/self/exe` leads to: this executable's path; nil where there is no
    /// /proc.
    public static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `text` to `path` in one step: a new file beside it, renamed over it, so a
    /// reader sees the old text or the new. The file gets the mode new files get (0666 less
    /// the umask); a symbolic link at `path` is replaced, not followed. (For the player's own
    /// files, which keep their mode and links, see `FileReplacement` and `AtomicFile`.)
    public static func writeText(_ text: String, to path: String) throws(SystemError) {
        let temporary = Path.join(Path.parent(path), ".\(Path.lastComponent(path)).\(randomName())")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError.last(path) }
        var text = text
        var failure = text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) } ? nil : SystemError.last(path)
        if failure == nil, fsync(descriptor) != 0 { failure = SystemError.last(path) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = SystemError.last(path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after an interruption (`EINTR`); false,
    /// with `errno` set, when a write fails.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// 32 random hexadecimal digits, for the names of temporary files and folders.
    public static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
