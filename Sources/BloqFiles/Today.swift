import BloqGame
import FoundationEssentials

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
        explicit: DailyDate?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> () -> DailyDate? {
        if let explicit { return { explicit } }
        if let text = environment[environmentKey], !text.isEmpty {
            guard let fixed = DailyDate(text) else { throw BadDate(value: text) }
            return { fixed }
        }
        return { DailyDate(secondsSince1970: Date().timeIntervalSince1970) }
    }
}
