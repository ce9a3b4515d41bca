import Glibc

/// A value behind a lock: the game's one lock type, on `pthread_mutex_t`. The standard
/// library's `Synchronization.Mutex` works, but on Linux ThreadSanitizer cannot see its
/// futex and reports every pair of its `withLock` calls as a race (docs/testing.md); this
/// lock it sees, so `make test-sanitize` reports only real races.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held (it allocates nothing: the audio callback
    /// calls it).
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
