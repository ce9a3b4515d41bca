import BloqSync
import Glibc

/// With `BLOQ_TRACE_STARTUP=1`, `bloq` prints on standard error how many milliseconds
/// after its main each step of start-up ended (docs/performance.md), so a
/// slow start shows what dominates. Silent otherwise.
public enum StartupTrace {
    /// The time of the first mark (milliseconds on the monotonic clock).
    private static let origin = Locked<Double?>(nil)
    private static let enabled = getenv("BLOQ_TRACE_STARTUP") != nil

    /// Marks the end of `step`; the first mark is the origin (`bloq`'s main).
    public static func mark(_ step: String) {
        guard enabled else { return }
        let now = MonotonicClock.seconds() * 1000
        let start = origin.withLock { origin in
            let start = origin ?? now
            origin = start
            return start
        }
        var line = "startup: " + step + " "
        let elapsed = (now - start) * 10
        line += String(Int(elapsed.rounded()) / 10) + "." + String(Int(elapsed.rounded()) % 10) + " ms\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
