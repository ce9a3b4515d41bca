import ArgumentParser
import BloqFiles
import BloqGame

/// `--date YYYY-MM-DD` (and `generate --daily`), and the day the daily board is for.
public enum DateOption {
    /// A parser for `option`: a real date in YYYY-MM-DD, said so otherwise.
    public static func parse(_ option: String) -> @Sendable (String) throws -> DailyDate {
        { argument in
            guard let date = DailyDate(argument) else {
                throw ValidationError(
                    "\(option) takes a date YYYY-MM-DD from 2000-01-01 to 9999-12-31, as in 2026-03-14, not '\(argument.prefix(40))'")
            }
            return date
        }
    }

    /// The day source for the game: `--date`, else `$BLOQ_TODAY`, else the clock. A bad
    /// `$BLOQ_TODAY` is a usage error (exit 64) that says how to fix it.
    public static func today(_ explicit: DailyDate?) throws -> () -> DailyDate? {
        do {
            return try Today.provider(explicit: explicit)
        } catch let error as Today.BadDate {
            printError("bloq: error: \(error)")
            throw ExitStatus.usage
        }
    }
}
