import Foundation

/// An exclusive `flock(2)` lock on a file, taken by the test process itself, as another copy
/// of the game holds the lock of the player's files: a game the test starts cannot take it
/// until the test lets go (`release`, or when the value goes), however slow the machine.
/// The descriptor is closed on exec, so no child shares the lock.
public final class HeldLock {
    public let path: String
    private var descriptor: Int32

    /// Takes the lock on `path` (made when missing); throws when another holds it.
    public init(_ path: String) throws {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ScratchError(path: path, errno: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            close(descriptor)
            throw ScratchError(path: path, errno: error)
        }
    }

    deinit { release() }

    /// Lets go of the lock.
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// Whether some process holds an exclusive or shared lock on `path` now: a lock of our
    /// own, through a descriptor of its own, cannot be had.
    public static func isHeld(_ path: String) -> Bool {
        let probe = open(path, O_RDWR | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        guard flock(probe, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(probe, LOCK_UN)
        return false
    }
}
