import BloqEngine
import BloqGame
import BloqLocalization

/// Statistics: the player's whole record, read from the progress the game keeps (issue 40):
/// levels cleared and stars, moves and play time over every clear, hints and solutions
/// shown, the daily boards and the streak, and each pack's levels and stars.
public final class StatisticsScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.statistics
    public var focus: ControlID? = .back
    private var memo = Memo<Int, (controls: [Control], texts: [TextBox])>()

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The record now.
    public var statistics: PlayerStatistics { context.progress.statistics(in: context.packs, today: context.today) }

    /// Play time as the card says it: m:ss under an hour, else h:mm:ss.
    public static func duration(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 359_999_999).rounded(.down))
        guard whole >= 3600 else { return ClearedOverlay.clock(Double(whole)) }
        let rest = whole % 3600
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(whole / 3600):\(two(rest / 60)):\(two(rest % 60))"
    }

    /// The rows: a name and a value, the totals first, then each pack.
    public var rows: [(name: String, value: String)] {
        let stats = statistics
        // The packs' clears, then the daily boards', then what adds up over both (the moves
        // and time of every clear): a daily board's 11 moves under "Levels cleared 0" puzzled.
        var rows: [(name: String, value: String)] = [
            (tr("Levels cleared"), "\(stats.cleared)"),
            (tr("Stars"), "\(stats.stars) ★"),
            (tr("Daily boards cleared"), "\(stats.dailyCleared)"),
            (tr("Daily streak · best"), DailyScreen.streakText(stats.dailyStreak) + " · " + DailyScreen.streakText(stats.dailyBestStreak)),
            (tr("Moves"), "\(stats.moves)"),
            (tr("Play time"), StatisticsScreen.duration(stats.playTime)),
            (tr("Clears after a hint"), "\(stats.hints)"),
            (tr("Solutions shown"), "\(stats.solutionsShown)"),
        ]
        // Each pack named as its Levels tab names it: a player's pack marked as theirs in
        // the language shown ("Perso (yours)" showed in French).
        for (pack, entry) in zip(stats.packs, context.packs) {
            // TRANSLATORS: a pack's row: %1 levels cleared of %2, %3 stars of %4.
            rows.append(
                (
                    LevelListScreen.tabTitle(entry),
                    tr("%1 of %2 · %3 of %4 ★", "\(pack.cleared)", "\(pack.of)", "\(pack.stars)", "\(pack.of * 3)")
                ))
        }
        return rows
    }

    /// The header, then the rows in one or two columns of name and value, as large as fits.
    public var layout: (controls: [Control], texts: [TextBox]) {
        memo.value(for: context.generation) { makeLayout() }
    }

    private func makeLayout() -> (controls: [Control], texts: [TextBox]) {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let header = metrics.header(tr("Statistics"))
        var texts = header.texts
        let rows = self.rows
        let area = Rect(x: margin, y: header.bottom, width: viewport.width - margin * 2, height: viewport.height - margin - header.bottom)
        // Two columns of rows when one is too tall and the window is wide enough.
        for (columns, px) in [(1, type.body), (2, type.body), (1, type.caption), (2, type.caption)] {
            let perColumn = (rows.count + columns - 1) / columns
            let lineHeight = Typesetter.font.lineHeight(px: px) * 1.35
            // Each row's name takes what its value leaves: as wide as the widest row needs (a
            // long translation), within the column.
            let needs = rows.map { Typesetter.font.boxWidth($0.name, px: px) + margin + Typesetter.font.boxWidth($0.value, px: px) }
            let columnWidth = { (gutter: Double) in
                min((area.width - gutter * Double(columns - 1)) / Double(columns), max(px * 26, needs.max() ?? 0))
            }
            // Between two columns, room enough that a value does not read as the next name's
            // ("0 days · 0 days Hard" a margin apart on a phone turned); a margin where the
            // rows need the room (a long translation in a small window).
            let wide = max(margin, px * 1.5)
            var gutter = needs.allSatisfy({ $0 <= columnWidth(wide) }) ? wide : margin
            let width = columnWidth(gutter)
            guard Double(perColumn) * lineHeight <= area.height || (columns == 2 && px == type.caption),
                needs.allSatisfy({ $0 <= width }) || px == type.caption
            else { continue }
            // How the names wrap in columns `widths` wide: each one's width beside its value and
            // lines (two at most), whether one needs more, and whether the columns so wrapped
            // fit the height.
            let extraLine = Typesetter.font.lineHeight(px: px)
            let wrapping = { (widths: [Double]) -> (names: [Double], lines: [Int], cut: Bool, fit: Bool) in
                let names = rows.indices.map { max(widths[$0 / perColumn] - Typesetter.font.boxWidth(rows[$0].value, px: px) - margin, 1) }
                let counts = rows.indices.map { Typesetter.font.wrap(rows[$0].name, px: px, width: names[$0], limit: 3).count }
                let lines = counts.map { min($0, 2) }
                let fit = stride(from: 0, to: rows.count, by: perColumn).allSatisfy { start in
                    let column = lines[start..<min(start + perColumn, rows.count)]
                    return Double(column.count) * lineHeight + Double(column.reduce(0, +) - column.count) * extraLine <= area.height
                }
                return (names, lines, counts.contains { $0 > 2 }, fit)
            }
            var widths = Array(repeating: width, count: columns)
            if !needs.allSatisfy({ $0 <= width }) {
                // The last resort (a small window): each column as wide as its own rows need,
                // the room that lacks taken from each in proportion, so fewer names are cut.
                let own = (0..<columns).map { needs[($0 * perColumn)..<min(($0 + 1) * perColumn, needs.count)].max() ?? 0 }
                // No column narrower than its longest word beside its value, when the room
                // holds that much: a name wraps between words, never inside one ("Mediu/m").
                let least = (0..<columns).map { column in
                    rows[(column * perColumn)..<min((column + 1) * perColumn, rows.count)].map { row in
                        Typesetter.font.widestWord(row.name, px: px) + margin + Typesetter.font.boxWidth(row.value, px: px)
                    }.max() ?? 0
                }
                let resort = { (gutter: Double) -> [Double] in
                    let room = max(area.width - gutter * Double(columns - 1), 0)
                    guard least.reduce(0, +) <= room else { return own.map { $0 * min(1, room / max(own.reduce(0, +), 1)) } }
                    let wants = zip(own, least).map { max($0 - $1, 0) }
                    let share = min(1, (room - least.reduce(0, +)) / max(wants.reduce(0, +), 1))
                    return zip(least, wants).map { $0 + $1 * share }
                }
                // The wider gutter where every name still fits its two lines, and the columns
                // so wrapped the height: else names the margin shows whole would be cut.
                let withWide = wrapping(resort(wide))
                gutter = least.reduce(0, +) + wide * Double(columns - 1) <= area.width && !withWide.cut && withWide.fit ? wide : margin
                widths = resort(gutter)
            }
            let total = widths.reduce(0, +) + gutter * Double(columns - 1)
            let left = viewport.width / 2 - total / 2
            // A name too long for its place takes a second line where the column has the room
            // (a small window, a long translation); else it is cut.
            let laid = wrapping(widths)
            let (nameWidths, nameLines, wraps) = (laid.names, laid.lines, laid.fit)
            var y = area.y
            for (index, row) in rows.enumerated() {
                let column = index / perColumn
                if index % perColumn == 0 { y = area.y }
                let width = widths[column]
                let x = left + widths[..<column].reduce(0, +) + Double(column) * gutter
                let valueWidth = Typesetter.font.boxWidth(row.value, px: px)
                let nameWidth = nameWidths[index]
                if wraps, nameLines[index] > 1 {
                    // No "·" left at a line's end or start: the break parts "Daily streak" and
                    // "best" (German's "Tagesserie" over "· beste" at 400x300, helper-58).
                    texts += Typesetter.unbound(
                        Typesetter.paragraph(
                            row.name, px: px, in: Rect(x: x, y: y, width: nameWidth, height: 0), role: .secondary, alignment: 0,
                            maximumLines: 2))
                } else {
                    let name = Typesetter.fitted(row.name, px: px, width: nameWidth, keepingEnd: false)
                    texts.append(Typesetter.line(name, px: px, at: Point(x: x, y: y), width: nameWidth, role: .secondary))
                }
                texts.append(
                    Typesetter.line(row.value, px: px, at: Point(x: x + width - valueWidth, y: y), width: valueWidth, alignment: 1))
                y += lineHeight + (wraps ? Double(nameLines[index] - 1) * extraLine : 0)
            }
            break
        }
        return (header.controls, texts)
    }

}
