import Glibc

/// The clocks that only go forward: how long something took, how long is left before a
/// deadline. (The time of day, for the daily board, is `WallClock`'s.)
public enum MonotonicClock {
    /// Seconds on the monotonic clock.
    public static func seconds() -> Double { read(CLOCK_MONOTONIC) }

    /// Seconds of CPU time the calling thread has used.
    public static func threadCPUSeconds() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}
