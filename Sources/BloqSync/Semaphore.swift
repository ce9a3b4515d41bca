import CBloqSync
import Glibc

/// A POSIX semaphore, for one thread to wake another: the game's one. Not copyable, so it is
/// destroyed once, with its owner; `post` only calls `sem_post` on a pointer that lives as
/// long as the semaphore (no allocation, no lock, no reference count), so a signal handler
/// may post one held in a `static let` (`QuitSignals`).
public struct Semaphore: ~Copyable, @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    /// A semaphore at 0: the first `wait` waits for a `post`.
    public init() { sem_init(semaphore, 0, 0) }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    public borrowing func post() { sem_post(semaphore) }

    /// Waits for a post. A signal handled meanwhile (EINTR) only resumes the wait.
    public borrowing func wait() { while sem_wait(semaphore) != 0, errno == EINTR {} }

    /// Takes a post if one is there; returns whether it did (it never waits).
    public borrowing func tryWait() -> Bool { sem_trywait(semaphore) == 0 }

    /// Waits for a post, or until `seconds` have passed; returns whether it was posted.
    @discardableResult
    public borrowing func wait(seconds: Double) -> Bool {
        // On the monotonic clock: a step of the time of day (NTP, a person setting the clock)
        // neither cuts the wait short nor stretches it.
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = deadline.tv_nsec + Int(seconds * 1_000_000_000)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while bloq_sem_wait_monotonic(semaphore, &deadline) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }
}
