import BloqGame
import BloqLocalization

extension DailyDate {
    /// "Saturday 14 March 2026" in the language shown (`longDescription` in English).
    public var localizedLongDescription: String {
        let (year, month, day) = components
        return "\(DailyDate.localizedWeekdayNames[weekday]) \(day) \(DailyDate.localizedMonthNames[month - 1]) \(year)"
    }

    /// The days' names in the language shown, Monday first.
    static var localizedWeekdayNames: [String] {
        [tr("Monday"), tr("Tuesday"), tr("Wednesday"), tr("Thursday"), tr("Friday"), tr("Saturday"), tr("Sunday")]
    }

    /// The months' names in the language shown, January first.
    static var localizedMonthNames: [String] {
        [
            tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"), tr("July"), tr("August"),
            tr("September"), tr("October"), tr("November"), tr("December"),
        ]
    }
}
