import Glibc

/// Notices packs and levels added to the data folders while the game runs (`bloq import`
/// into the player's pack, a folder copied in): the folders holding packs and the pack
/// folders themselves change their modification times when a file is added, removed or
/// renamed in them. Asking is a few `stat` calls.
public final class PackFolders: @unchecked Sendable {
    /// The folders that hold packs (`levels/` of the data folder and of the player's).
    public let roots: [String]
    private var last: [String: Duration]

    public init(roots: [String]) {
        self.roots = roots
        last = [:]
        last = signature()
    }

    /// Whether anything changed since the last call (or since it was made).
    public func changed() -> Bool {
        let now = signature()
        defer { last = now }
        return now != last
    }

    /// Each root and each folder directly in it, with its modification time.
    private func signature() -> [String: Duration] {
        var times: [String: Duration] = [:]
        for root in roots {
            guard let time = PackFolders.modified(root) else { continue }
            times[root] = time
            // Each name that is a folder (or a link to one) has a time; a file has none.
            for name in FileSystem.names(in: root) ?? [] {
                let path = Path.join(root, name)
                if let time = PackFolders.modified(path) { times[path] = time }
            }
        }
        return times
    }

    private static func modified(_ path: String) -> Duration? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return status.st_mtim.duration
    }
}

extension timespec {
    /// The time as a `Duration` since the clock's start (comparable, which `timespec` is not).
    var duration: Duration { .seconds(tv_sec) + .nanoseconds(tv_nsec) }
}
