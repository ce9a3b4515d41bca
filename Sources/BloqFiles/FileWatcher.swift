import BloqSync
import Dispatch
import Glibc

/// Watches one file for changes, on a thread of its own (`bloq play --level FILE --watch`).
///
/// inotify watches the file's folder, so the ways editors save are all seen: writing in
/// place, and writing a new file and renaming it over the old (which replaces the file the
/// folder names, so a watch on the file itself would go quiet). Every wake-up (an event, or
/// every `pollInterval` without one) compares the file's identity, size and times, which
/// also catches a change of a symbolic link's target and serves as the fallback when inotify
/// is unavailable. A change is reported once the file has stopped changing for
/// `settleInterval` (an editor writing in several steps is read once, when it is done).
public final class FileWatcher: Sendable {
    public let path: String
    /// How often the file is looked at without an event.
    public let pollInterval: Double
    /// How long the file must stay the same before a change is reported.
    public let settleInterval: Double
    private let descriptor: Int32
    private let name: String
    private let state: Locked<(changed: Bool, stopped: Bool, onChange: (@Sendable () -> Void)?)>

    /// Starts watching `path`. `onChange` is called on the watcher's thread after each
    /// change (to wake a loop that waits for events); `takeChange()` tells the change.
    /// With `inotify` false, polling alone is used (tests of the fallback).
    public init(
        path: String, pollInterval: Double = 0.1, settleInterval: Double = 0.02, inotify: Bool = true,
        onChange: (@Sendable () -> Void)? = nil
    ) {
        self.path = path
        self.pollInterval = pollInterval
        self.settleInterval = settleInterval
        state = Locked((false, false, onChange))
        name = Path.lastComponent(path)
        var fd: Int32 = -1
        if inotify {
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let events = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
            if fd >= 0, inotify_add_watch(fd, Path.parent(path), events) < 0 {
                close(fd)
                fd = -1
            }
        }
        descriptor = fd
        let initial = FileWatcher.signature(path)
        let loop: @Sendable () -> Void = { [self] in watch(from: initial) }
        // No thread: the loop runs on Dispatch's pool instead.
        if !detachThread(loop) { DispatchQueue.global().async(execute: loop) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Stops the watcher's thread (within `pollInterval`); no change is reported after.
    public func stop() {
        state.withLock {
            $0.stopped = true
            $0.onChange = nil
        }
    }

    /// Whether the file changed since the last call.
    public func takeChange() -> Bool {
        state.withLock { state in
            defer { state.changed = false }
            return state.changed
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func watch(from initial: Signature?) {
        var last = initial
        while !isStopped {
            let named = waitForEvents()
            var now = FileWatcher.signature(path)
            guard now != last || named else { continue }
            // Wait until it stops changing: a writer may be half-way through.
            for _ in 0..<50 {
                usleep(useconds_t(settleInterval * 1_000_000))
                _ = drainEvents()
                let again = FileWatcher.signature(path)
                if again == now { break }
                now = again
            }
            last = now
            let callback = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.stopped else { return nil }
                state.changed = true
                return state.onChange
            }
            callback?()
        }
    }

    /// Waits for inotify events (or sleeps, without inotify) up to `pollInterval`; returns
    /// whether an event named the watched file.
    private func waitForEvents() -> Bool {
        guard descriptor >= 0 else {
            usleep(useconds_t(pollInterval * 1_000_000))
            return false
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(pollInterval * 1000))
        guard ready > 0 else { return false }
        return drainEvents()
    }

    /// Reads every pending inotify event; returns whether one named the watched file.
    private func drainEvents() -> Bool {
        guard descriptor >= 0 else { return false }
        var named = false
        let capacity = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                if length > 0, offset + header + length <= count {
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
                    let eventName = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    if eventName == name { named = true }
                }
                offset += header + length
            }
        }
        return named
    }

    /// What tells one version of a file from another: its identity, size and times (nil
    /// when it cannot be read).
    struct Signature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Duration
        var changed: Duration
    }

    static func signature(_ path: String) -> Signature? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Signature(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim.duration, changed: status.st_ctim.duration)
    }
}
