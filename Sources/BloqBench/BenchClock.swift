import BloqSync

/// The clocks and the statistic every benchmark of `bloq bench` and BloqDev uses.
public enum BenchClock {
    /// Seconds on the monotonic clock (wall time).
    public static func now() -> Double { MonotonicClock.seconds() }

    /// Seconds of CPU time this thread has used.
    public static func threadCPU() -> Double { MonotonicClock.threadCPUSeconds() }

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
}
