/// A day of the calendar, as the daily board and its records count them: a UTC date
/// (`2026-03-14`). The rules never read a clock; whoever knows the time says which day it is.
public struct DailyDate: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Whole days since 1970-01-01 (the Unix epoch), which is day 0.
    public let daysSince1970: Int

    /// The first and last days a daily board is made for: 2000-01-01 to 9999-12-31.
    public static let dayRange = DailyDate.days(year: 2000, month: 1, day: 1)...DailyDate.days(year: 9999, month: 12, day: 31)

    /// The day `days` days after 1970-01-01, or nil outside `dayRange`.
    public init?(daysSince1970 days: Int) {
        guard DailyDate.dayRange.contains(days) else { return nil }
        daysSince1970 = days
    }

    /// The date with this year, month (1-12) and day of the month, or nil when there is no
    /// such day or it is outside `dayRange`.
    public init?(year: Int, month: Int, day: Int) {
        guard (2000...9999).contains(year), (1...12).contains(month),
            (1...DailyDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(daysSince1970: DailyDate.days(year: year, month: month, day: day))
    }

    /// Reads `YYYY-MM-DD` (four digits, two, two), or nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The UTC day a moment falls on, in seconds since 1970 (nil for a moment outside
    /// `dayRange` or not a number).
    public init?(secondsSince1970 seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    /// Year, month (1-12) and day of the month.
    public var components: (year: Int, month: Int, day: Int) { DailyDate.civil(daysSince1970) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// The day of the week, 0 Monday to 6 Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { ((daysSince1970 % 7) + 7 + 3) % 7 }

    /// The day of the week's name in English ("Saturday"), `weekday` 0 to 6.
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// The month's name in English ("March"), month 1 at index 0.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// "Saturday 14 March 2026", in English whatever the player's language (a level
    /// file's comment); the shell words it in the language shown.
    public var longDescription: String {
        let (year, month, day) = components
        return "\(DailyDate.weekdayNames[weekday]) \(day) \(DailyDate.monthNames[month - 1]) \(year)"
    }

    /// The day `days` later (earlier when negative), or nil outside `dayRange`.
    public func adding(days: Int) -> DailyDate? {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(days)
        return overflow ? nil : DailyDate(daysSince1970: sum)
    }

    public static func < (a: DailyDate, b: DailyDate) -> Bool { a.daysSince1970 < b.daysSince1970 }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = DailyDate(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a date YYYY-MM-DD: \(text.prefix(40))"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: The calendar (proleptic Gregorian; Howard Hinnant's days_from_civil)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date (valid for years from 1 on).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (for days from year 1 on).
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
