import Foundation

/// Writes a file so that a crash at any moment leaves either the old contents or the new:
/// a temporary file beside it is written and synced, then renamed over it, and the folder
/// is synced.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to a temporary file in `folder` and syncs it; returns its path.
    static func writeTemporary(_ data: Data, beside path: String) throws -> String {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: temporary, reason: String(cString: strerror(errno))) }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        let synced = ok && fsync(descriptor) == 0
        let reason = synced ? nil : String(cString: strerror(errno))
        close(descriptor)
        if let reason {
            unlink(temporary)
            throw Failure(path: temporary, reason: reason)
        }
        return temporary
    }

    /// Renames `temporary` over `path` and syncs the folder.
    static func commit(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Writes `data` to `path` atomically.
    static func write(_ data: Data, to path: String) throws {
        try commit(try writeTemporary(data, beside: path), to: path)
    }
}
