import BloqGame
import BloqLocalization

extension DailyDate {
    /// "Saturday 14 March 2026" in the language shown (`longDescription` in English), in the
    /// order and with the punctuation the language writes a date in ("Samstag, 14. März 2026").
    public var localizedLongDescription: String {
        let (year, month, day) = components
        // TRANSLATORS: a date as the daily board's heading writes it: %1 the day of the week
        // ("Saturday"), %2 the day of the month ("14"), %3 the month ("March"), %4 the year
        // ("2026"). Order them, and add the words and punctuation, as your language writes a
        // date: "%1, %2. %3 %4" gives "Samstag, 14. März 2026".
        return tr(
            "%1 %2 %3 %4", DailyDate.localizedWeekdayNames[weekday], String(day), DailyDate.localizedMonthNames[month - 1], String(year))
    }

    /// The days' names in the language shown, Monday first.
    static var localizedWeekdayNames: [String] {
        [tr("Monday"), tr("Tuesday"), tr("Wednesday"), tr("Thursday"), tr("Friday"), tr("Saturday"), tr("Sunday")]
    }

    /// The months' names in the language shown, January first, in the form the date pattern
    /// puts after a day (Russian's genitive: "ноября").
    static var localizedMonthNames: [String] {
        // TRANSLATORS: a month's name as it follows the day of the month in a date ("14 March").
        [
            tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"), tr("July"), tr("August"),
            tr("September"), tr("October"), tr("November"), tr("December"),
        ]
    }
}
