import Glibc

/// The clocks and the statistic every benchmark of `bloq bench` and BloqDev uses.
public enum BenchClock {
    /// Seconds on the monotonic clock (wall time).
    public static func now() -> Double { seconds(CLOCK_MONOTONIC) }

    /// Seconds of CPU time this thread has used.
    public static func threadCPU() -> Double { seconds(CLOCK_THREAD_CPUTIME_ID) }

    /// Milliseconds of wall time since `start` (a `now()`).
    public static func milliseconds(since start: Double) -> Double { (now() - start) * 1000 }

    /// What `work` returns, and the milliseconds of wall time it took.
    public static func timed<T>(_ work: () throws -> T) rethrows -> (T, milliseconds: Double) {
        let start = now()
        let result = try work()
        return (result, milliseconds(since: start))
    }

    /// The middle of `values` (of an even count, the upper of the two middle ones); 0 when empty.
    public static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
