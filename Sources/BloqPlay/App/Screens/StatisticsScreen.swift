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

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }
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
        var rows: [(name: String, value: String)] = [
            (tr("Levels cleared"), "\(stats.cleared)"),
            (tr("Stars"), "\(stats.stars) ★"),
            (tr("Moves"), "\(stats.moves)"),
            (tr("Play time"), StatisticsScreen.duration(stats.playTime)),
            (tr("Clears after a hint"), "\(stats.hints)"),
            (tr("Solutions shown"), "\(stats.solutionsShown)"),
            (tr("Daily boards cleared"), "\(stats.dailyCleared)"),
            (tr("Daily streak · best"), DailyScreen.streakText(stats.dailyStreak) + " · " + DailyScreen.streakText(stats.dailyBestStreak)),
        ]
        for pack in stats.packs {
            // TRANSLATORS: a pack's row: %1 levels cleared of %2, %3 stars of %4.
            rows.append((tr(pack.name), tr("%1 of %2 · %3 of %4 ★", "\(pack.cleared)", "\(pack.of)", "\(pack.stars)", "\(pack.of * 3)")))
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
            let columnWidth = (area.width - margin * Double(columns - 1)) / Double(columns)
            // Each row's name takes what its value leaves: as wide as the widest row needs (a
            // long translation), within the column.
            let needs = rows.map { Typesetter.font.boxWidth($0.name, px: px) + margin + Typesetter.font.boxWidth($0.value, px: px) }
            let width = min(columnWidth, max(px * 26, needs.max() ?? 0))
            guard Double(perColumn) * lineHeight <= area.height || (columns == 2 && px == type.caption),
                needs.allSatisfy({ $0 <= width }) || px == type.caption
            else { continue }
            let total = width * Double(columns) + margin * Double(columns - 1)
            let left = viewport.width / 2 - total / 2
            for (index, row) in rows.enumerated() {
                let column = Double(index / perColumn)
                let x = left + column * (width + margin)
                let y = area.y + Double(index % perColumn) * lineHeight
                let valueWidth = Typesetter.font.boxWidth(row.value, px: px)
                let nameWidth = max(width - valueWidth - margin, 1)
                let name = Typesetter.fitted(row.name, px: px, width: nameWidth, keepingEnd: false)
                texts.append(Typesetter.line(name, px: px, at: Point(x: x, y: y), width: nameWidth, role: .secondary))
                texts.append(
                    Typesetter.line(row.value, px: px, at: Point(x: x + width - valueWidth, y: y), width: valueWidth, alignment: 1))
            }
            break
        }
        return (header.controls, texts)
    }

    public func activate(_ id: ControlID) { if id == .back { ask(.back) } }
}
