import BloqGame
import Glibc

/// Which day it is for the daily board: the only place the game reads the calendar.
public enum Today {
    /// The environment variable that fixes the day (`BLOQ_TODAY=2026-03-14`), for
    /// screenshots, replays and tests that open Daily.
    public static let environmentKey = "BLOQ_TODAY"

    /// What `$BLOQ_TODAY` holds that is not a date.
    public struct BadDate: Error, CustomStringConvertible {
        public var value: String
        public var description: String {
            "\(Today.environmentKey) must be a date YYYY-MM-DD from 2000-01-01 to 9999-12-31, as in 2026-03-14, not '\(value.prefix(40))'; unset it to use today's date"
        }
    }

    /// Where the day comes from: `explicit` (a `--date` option) when given, else
    /// `$BLOQ_TODAY` when set, else the clock (the UTC date now, read each time it is asked,
    /// so a game left open past midnight moves to the new day). Throws when `$BLOQ_TODAY` is
    /// set but not a date.
    public static func provider(
        explicit: DailyDate?, environment: [String: String] = ProcessEnvironment.current
    ) throws -> () -> DailyDate? {
        if let explicit { return { explicit } }
        if let text = environment[environmentKey], !text.isEmpty {
            guard let fixed = DailyDate(text) else { throw BadDate(value: text) }
            return { fixed }
        }
        return { DailyDate(secondsSince1970: WallClock.secondsSince1970()) }
    }
}

/// The time of day from the system's real-time clock.
public enum WallClock {
    /// Seconds since 1970-01-01 00:00 UTC, to the nanosecond the clock gives.
    public static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}
