import BloqEngine
import BloqGame
import BloqLocalization

/// The level list: a tab per pack, pages of tiles (stars, locks, broken levels with their
/// error) as many as the window holds (20 at most), Continue, and the press-and-hold
/// preview of a tile.
public final class LevelListScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.levels
    public private(set) var packIndex: Int
    /// The first level of the page shown (pages follow the window's size: this stays).
    private var firstItem = 0
    private var listFocus: ControlID?
    /// A line for the player (a broken level's error, a locked level's key).
    public private(set) var notice: String?

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }
    /// The preview growing from a tile, or open.
    public private(set) var preview: PreviewCard?
    /// A locked tile shaking its head, and by how much (pixels, now).
    public private(set) var shake: (tile: Int, offset: Double)?

    /// The most levels a page shows.
    public static let levelsPerPage = 20

    private var memo = Memo<LayoutKey, Layout>()
    private var previewMemo = Memo<[Int], PreviewCard.Layout>()

    /// What the list's layout is made from, but the context.
    private struct LayoutKey: Equatable {
        var generation: Int
        var packIndex: Int
        var firstItem: Int
        var notice: String?
    }

    init(context: ScreenContext, pack: Int, showing level: Int? = nil) {
        packIndex = context.packs.indices.contains(pack) ? pack : 0
        super.init(context: context)
        if let level, let item = itemIndex(ofPlayable: level) { firstItem = item }
    }

    public var currentPack: PackEntry? { context.packs.indices.contains(packIndex) ? context.packs[packIndex] : nil }

    /// The packs were read again: stay on the pack titled `title` (packs may have come
    /// or gone before it), on a page that still exists.
    func packsChanged(showing title: String?) {
        if let title, let index = context.packs.firstIndex(where: { $0.title == title }) {
            packIndex = index
        } else if !context.packs.indices.contains(packIndex) {
            packIndex = 0
        }
        firstItem = min(firstItem, max((currentPack?.items.count ?? 0) - 1, 0))
        if let preview, !(currentPack?.items.indices.contains(preview.tile) ?? false) { self.preview = nil }
    }

    public var commandContexts: [CommandContext] { preview?.isOpen == true ? [.menu, .anywhere] : [.levels, .menu, .anywhere] }

    public var focus: ControlID? {
        get { preview?.isOpen == true ? preview?.focus : listFocus }
        set {
            if let preview, preview.isOpen { preview.focus = newValue } else { listFocus = newValue }
        }
    }

    /// The page shown (from 0), in pages of the size the window holds.
    public var page: Int { firstItem / max(grid.perPage, 1) }

    public var pages: Int {
        let perPage = max(grid.perPage, 1)
        return max(((currentPack?.items.count ?? 0) + perPage - 1) / perPage, 1)
    }

    // MARK: Layout

    public var controls: [Control] {
        if let preview, preview.isOpen { return previewLayout(preview).controls }
        return listControls
    }

    public var texts: [TextBox] {
        if let preview, preview.isOpen { return previewLayout(preview).texts }
        return layout.texts
    }

    /// The preview card laid out, with what the progress says of its level.
    public func previewLayout(_ preview: PreviewCard) -> PreviewCard.Layout {
        previewMemo.value(for: [context.generation, preview.tile, preview.codeCopied ? 1 : 0]) { makePreviewLayout(preview) }
    }

    private func makePreviewLayout(_ preview: PreviewCard) -> PreviewCard.Layout {
        let level = preview.level
        var details = [tr("Level %1", "\(preview.tile + 1)") + (level.level.par.map { "  ·  " + tr("par %1", "\($0)") } ?? "")]
        if let record = context.progress.record(level), record.cleared {
            var best = tr("Best %1", PlayScreen.stars(record.bestStars))
            if let moves = record.bestMoves { best += "  ·  " + tr("%1 move", "%1 moves", count: moves, "\(moves)") }
            if let time = record.bestTime { best += "  ·  " + ClearedOverlay.clock(time) }
            details.append(best)
        } else if let line = context.progress.unfinished(level) {
            details.append(tr("In progress: %1 move played", "In progress: %1 moves played", count: line.log.count, "\(line.log.count)"))
        } else {
            details.append(tr("Not cleared yet"))
        }
        return preview.layout(context.metrics, details: details)
    }

    /// The list's controls (also drawn beneath a play screen sliding away).
    public var listControls: [Control] { layout.controls }

    /// The list laid out for the window: the header (Back, the heading, Paste code), the
    /// pack tabs, the page of tiles, a band for the notice, the summary, and the paging bar.
    public struct Layout: Hashable {
        public var controls: [Control]
        /// The texts but the controls' labels: the heading, the tiles' numbers and stars,
        /// the notice, the summary.
        public var texts: [TextBox]
        /// The band the notice (or the shell's toast) shows in, when there is one.
        public var notice: Rect?
        /// Each tile's miniature board's frame, by item.
        public var miniatures: [Int: Rect]
    }

    /// How the tiles sit: columns and rows (their product is a page), and the area they fill.
    public struct Grid: Equatable {
        public var columns: Int
        public var rows: Int
        public var area: Rect
        public var perPage: Int { columns * rows }
    }

    /// The smallest tile: room for its number, a board in miniature and its stars.
    private func smallestTile(_ metrics: Metrics) -> Double {
        max(metrics.type.caption * 4.5, metrics.minimumControl * 1.5)
    }

    /// The header and tabs (their controls, texts and bottom), and the paging bar's top.
    private func frame(_ metrics: Metrics) -> (top: [Control], texts: [TextBox], gridTop: Double, barTop: Double) {
        let header = metrics.header(tr("Levels"), trailing: [ButtonSpec(.pasteCode, tr("Paste code"), short: tr("Paste"))])
        let tabs = tabControls(top: header.bottom, metrics)
        return (
            header.controls + tabs.controls, header.texts, tabs.bottom + metrics.margin,
            metrics.viewport.height - metrics.margin - metrics.unit
        )
    }

    /// The shipped packs' titles (their folders' names), for the catalogs: a tab shows a
    /// shipped pack's title in the language shown, and a player's pack's as it is.
    static let shippedPackTitles = [trLater("Easy"), trLater("Medium"), trLater("Hard"), trLater("Expert"), trLater("Master")]

    /// The editor's pack, as its tab and the editor's Pack field name it: "Mine (yours)" said
    /// it twice, "Meine (deins)" said "mine (yours)" in German, and the field said "meine"
    /// (helper-58, helper-61).
    static var myLevels: String {
        // TRANSLATORS: the pack the editor saves into: its Levels tab, and the editor's Pack
        // field until the player names another (its folder is "mine" in every language).
        tr("My levels")
    }

    /// A pack's tab: a shipped pack's title in the language shown; a player's pack's name
    /// (its folder's) marked as theirs, the packs the game names translated: the one Paste
    /// code saves into ("shared") and the editor's ("mine", `myLevels`).
    static func tabTitle(_ pack: PackEntry) -> String {
        guard pack.isPlayers else { return tr(pack.title) }
        let name: String
        switch pack.folder {
        case "shared": name = tr("Shared")
        case EditorScreen.defaultFolder: return myLevels
        default: name = pack.name
        }
        // TRANSLATORS: a Levels tab of the player's own pack; %1 is its name (its folder's).
        return tr("%1 (yours)", name)
    }

    /// The paging bar at `top`: Previous, Next and (with more than one level) Continue.
    private func bar(top: Double, grid: Grid, _ metrics: Metrics) -> [Control] {
        let perPage = max(grid.perPage, 1)
        let count = currentPack?.items.count ?? 0
        let page = firstItem / perPage
        var specs = [
            // TRANSLATORS: the previous and next page of levels (and of the key help). Shown
            // beside Back, which leaves the screen: give Previous a word of its own.
            ButtonSpec(.previousPage, tr("Previous"), leading: "‹ ", short: "‹", isEnabled: page > 0),
            ButtonSpec(.nextPage, tr("Next"), trailing: " ›", short: "›", isEnabled: (page + 1) * perPage < count),
        ]
        if (currentPack?.playable.count ?? 0) > 1 {
            specs.append(ButtonSpec(.continueLevel, tr("Continue"), short: tr("Play"), style: .accent))
        }
        let height = metrics.unit
        let band = Rect(x: metrics.margin, y: top, width: metrics.viewport.width - metrics.margin * 2, height: height)
        return ButtonGroup.gridAlways(
            specs, in: band, columns: specs.count, height: height, gap: metrics.gap, scale: metrics.type, maximumWidth: height * 4.5)
    }

    /// The pack tabs under the header: in one row when their labels fit, else two or
    /// three; with more packs than that, the pack shown between arrows to the others.
    private func tabControls(top: Double, _ metrics: Metrics) -> (controls: [Control], bottom: Double) {
        let packs = context.packs
        guard !packs.isEmpty else { return ([], top) }
        let viewport = metrics.viewport
        let margin = metrics.margin
        let height = max(metrics.minimumControl, (metrics.unit * 0.85).rounded())
        let gap = metrics.gap
        let specs = packs.enumerated().map { index, pack in
            ButtonSpec(.tab(index), Self.tabTitle(pack), style: index == packIndex ? .selected : .plain)
        }
        let width = viewport.width - margin * 2
        for rows in 1...3 {
            let columns = (specs.count + rows - 1) / rows
            if rows > 1, columns * (rows - 1) >= specs.count { continue }
            let total = ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap)
            let band = Rect(x: margin, y: top, width: width, height: total)
            if let laid = ButtonGroup.grid(
                specs, in: band, columns: columns, height: height, gap: gap, scale: metrics.type, maximumWidth: metrics.unit * 4.5)
            {
                return (ButtonGroup.centredLastRow(laid, in: band), top + total)
            }
        }
        // Too many packs for tabs: the one shown, and arrows to the others.
        let arrows = [ButtonSpec(.previousPack, tr("Previous pack"), short: "‹"), ButtonSpec(.nextPack, tr("Next pack"), short: "›")]
        let arrowWidth = max(height * 1.2, 0)
        let left = Rect(x: margin, y: top, width: arrowWidth, height: height)
        let right = Rect(x: viewport.width - margin - arrowWidth, y: top, width: arrowWidth, height: height)
        let middle = Rect(x: left.maxX + gap, y: top, width: right.x - left.maxX - gap * 2, height: height)
        let controls = zip([arrows[0], specs[packIndex], arrows[1]], [left, middle, right]).flatMap { spec, frame in
            ButtonGroup.gridAlways([spec], in: frame, columns: 1, height: height, gap: gap, scale: metrics.type)
        }
        return (controls, top + height)
    }

    /// The tiles' grid in the room between the tabs and the summary: the most tiles (up
    /// to 20) that are at least the smallest tile, then the largest tiles.
    public var grid: Grid {
        let metrics = context.metrics
        let laid = frame(metrics)
        return grid(top: laid.gridTop, bottom: summaryTop(barTop: laid.barTop, metrics), metrics)
    }

    private func summaryTop(barTop: Double, _ metrics: Metrics) -> Double {
        barTop - metrics.margin - Typesetter.font.lineHeight(px: metrics.type.caption)
    }

    private func grid(top: Double, bottom: Double, _ metrics: Metrics) -> Grid {
        let margin = metrics.margin
        let area = Rect(x: margin, y: top, width: metrics.viewport.width - margin * 2, height: max(bottom - margin - top, 0))
        let least = smallestTile(metrics)
        var best = Grid(columns: 1, rows: 1, area: area)
        var bestBoard = -1.0
        // As many levels as a page holds (as the pack has, when that is fewer: a player's
        // pack of two gets two large tiles, not two of a page of twenty in its corner), then
        // the largest miniature boards: in a wide window that is up to ten columns of tiles
        // taller than the squares they were.
        let wanted = min(max(currentPack?.items.count ?? 0, 1), LevelListScreen.levelsPerPage)
        for columns in 1...10 {
            for rows in 1...8 where columns * rows <= LevelListScreen.levelsPerPage {
                let shape = tileShape(columns: columns, rows: rows, in: area, metrics)
                guard shape.side >= least else { continue }
                let count = min(columns * rows, wanted)
                let bestCount = min(best.perPage, wanted)
                if count > bestCount || (count == bestCount && shape.board > bestBoard) || bestBoard < 0 {
                    best = Grid(columns: columns, rows: rows, area: area)
                    bestBoard = shape.board
                }
            }
        }
        return best
    }

    /// A tile of a grid of `columns` by `rows` in `area`: its size; `side`, the shorter of
    /// the square it was (what its inset and label size follow); its inset, label size and
    /// line height; and how large its miniature board is.
    struct TileShape {
        var width, height, side, inset, labelPx, lineHeight, board: Double
    }

    func tileShape(columns: Int, rows: Int, in area: Rect, _ metrics: Metrics) -> TileShape {
        let gap = metrics.gap
        let type = metrics.type
        let cellWidth = (area.width - gap * Double(columns - 1)) / Double(columns)
        let cellHeight = (area.height - gap * Double(rows - 1)) / Double(rows)
        // At most this wide: a tile as large as a phone's screen is no longer a tile.
        let largest = metrics.unit * 3.5
        let side = max(min(cellWidth, cellHeight, largest), 1)
        let inset = max((side * 0.07).rounded(), 4)
        let labelPx = side >= type.body * 7 ? type.body : type.caption
        let lineHeight = Typesetter.font.lineHeight(px: labelPx)
        // A wide window's room across goes to the tiles: up to half as wide again as they
        // are tall (their boards stay square, centred), not to empty margins.
        let width = max(min(cellWidth, side * 1.5, largest), side)
        // Room down that a square would leave goes to the tile too, as far as its
        // miniature can use it: a board as wide as the tile, its number above and its
        // stars below.
        let lines = inset * 1.2 + lineHeight * 2 + inset * 0.6
        let height = max(side, min(cellHeight, width - inset * 2 + lines, largest * 1.4))
        let board = max(min(width - inset * 2, height - lines) - inset * 0.6, 0)
        return TileShape(width: width, height: height, side: side, inset: inset, labelPx: labelPx, lineHeight: lineHeight, board: board)
    }

    public var layout: Layout {
        memo.value(for: LayoutKey(generation: context.generation, packIndex: packIndex, firstItem: firstItem, notice: notice)) {
            makeLayout()
        }
    }

    /// Where the shell's toast shows: the notice's band, when no notice of the list's own
    /// takes it.
    public var toastBand: Rect? { notice == nil ? layout.notice?.insetBy(context.metrics.margin) : nil }

    private func makeLayout() -> Layout {
        let metrics = context.metrics
        let type = metrics.type
        let margin = metrics.margin
        let viewport = metrics.viewport
        let laid = frame(metrics)
        var controls = laid.top
        var texts = laid.texts
        let summaryTop = summaryTop(barTop: laid.barTop, metrics)
        let grid = grid(top: laid.gridTop, bottom: summaryTop, metrics)
        // A notice of one line (a locked level's) says itself in the summary's place, so the
        // tiles stay where the finger is; a longer one (a broken level's path and error, say)
        // or the shell's toast takes a band above the summary, and the tiles shrink to make
        // room.
        let inSummary = notice.map { Typesetter.fits($0, px: type.caption, width: viewport.width - margin * 2) } ?? false
        var noticeBand: Rect?
        var area = grid.area
        if let said = notice ?? context.toast, !inSummary {
            let width = viewport.width - margin * 4
            let lines = Typesetter.noticeLines(in: grid.area.height, px: type.caption, least: 5)
            let height = Typesetter.paragraphHeight(said, px: type.caption, width: width, maximumLines: lines) + margin * 2
            let band = Rect(x: margin, y: summaryTop - margin - height, width: viewport.width - margin * 2, height: height)
            noticeBand = band
            area.height = max(band.y - margin - area.y, 0)
            // The shell sets its toast in the band (`toastBand`); the notice is the list's own.
            if notice != nil {
                texts += Typesetter.paragraph(said, px: type.caption, in: band.insetBy(margin), maximumLines: lines, centred: true)
            }
        }
        var miniatures: [Int: Rect] = [:]
        if let pack = currentPack {
            let gap = metrics.gap
            let columns = Double(grid.columns)
            let rows = Double(grid.rows)
            let shape = tileShape(columns: grid.columns, rows: grid.rows, in: area, metrics)
            let (tileWidth, tileHeight, inset, labelPx, lineHeight) =
                (shape.width, shape.height, shape.inset, shape.labelPx, shape.lineHeight)
            let left = area.x + (area.width - tileWidth * columns - gap * (columns - 1)) / 2
            let top = area.y + max((area.height - tileHeight * rows - gap * (rows - 1)) / 2, 0)
            let open = unlocked
            let first = page * grid.perPage
            for offset in 0..<grid.perPage where first + offset < pack.items.count {
                let index = first + offset
                let rect = Rect(
                    x: left + Double(offset % grid.columns) * (tileWidth + gap),
                    y: top + Double(offset / grid.columns) * (tileHeight + gap), width: tileWidth, height: tileHeight)
                var enabled = true
                if let playable = playableIndex(ofItem: index), open.indices.contains(playable) { enabled = open[playable] }
                var tile = Control(.tile(index), "\(index + 1)", rect: rect, isEnabled: enabled, style: .tile)
                // The number top left; the stars (or what else the tile says) along the bottom.
                tile.labelPx = labelPx
                tile.labelFrame = Rect(x: rect.x + inset, y: rect.y + inset * 0.6, width: rect.width - inset * 2, height: lineHeight)
                tile.labelAlignment = 0
                controls.append(tile)
                let statusLine = Rect(
                    x: rect.x + inset * 0.5, y: rect.maxY - inset * 0.6 - lineHeight, width: rect.width - inset, height: lineHeight)
                // Under the number, or not at all (a tile squeezed by a long toast in a small
                // window has room for the number only).
                if statusLine.minY >= tile.labelFrame?.maxY ?? rect.minY,
                    let status = tileStatus(
                        pack.items[index], locked: !enabled, px: labelPx, width: statusLine.width,
                        wordsWidth: rect.width - max(inset, labelPx))
                {
                    texts.append(Typesetter.line(status.text, px: status.px, in: statusLine, role: status.role, owner: tile.id))
                }
                let board = Rect(x: rect.x + inset, y: rect.y + inset * 0.6 + lineHeight, width: rect.width - inset * 2, height: 0)
                miniatures[index] = Rect(x: board.x, y: board.y, width: board.width, height: max(statusLine.y - board.y, 1)).insetBy(
                    inset * 0.3)
            }
        }
        if let summary = inSummary ? notice : summaryText(width: viewport.width - margin * 2, px: type.caption) {
            texts.append(
                Typesetter.line(
                    summary, px: type.caption,
                    in: Rect(
                        x: margin, y: summaryTop, width: viewport.width - margin * 2, height: Typesetter.font.lineHeight(px: type.caption)),
                    role: inSummary ? .accent : .secondary))
        }
        controls += bar(top: laid.barTop, grid: grid, metrics)
        return Layout(controls: controls, texts: texts, notice: noticeBand, miniatures: miniatures)
    }

    /// What a tile says under its miniature, and at what size: its best stars, cleared, in
    /// progress, broken (nothing when locked: the lock says it). Words keep half a line's
    /// size from each border (`wordsWidth`: "en curso" touched a small tile's border,
    /// helper-61), a size smaller where they need it; else a shorter mark says it.
    private func tileStatus(
        _ item: PackEntry.Item, locked: Bool, px: Double, width: Double, wordsWidth: Double
    ) -> (text: String, role: TextBox.Role, px: Double)? {
        // Words, and the mark that says it where they do not fit (stars are marks).
        var words: String?
        var mark: String?
        var role = TextBox.Role.accent
        switch item {
        case .broken:
            // The miniature shows a large "!" already.
            words = tr("broken")
            role = .danger
        case .playable(let level):
            if locked { return nil }
            if let record = context.progress.record(level), record.cleared {
                // Cleared with no stars (Show solution) still reads as cleared.
                if record.bestStars > 0 {
                    mark = PlayScreen.stars(record.bestStars)
                    role = .stars
                } else {
                    (words, mark) = (tr("✓ cleared"), "✓")
                }
            } else if context.progress.unfinished(level) != nil {
                // Started and left unfinished: it resumes where the player was. The short mark
                // is a play sign: "…" read as words cut (a player's report).
                (words, mark) = (tr("in progress"), "▶")
            } else {
                mark = PlayScreen.stars(0)
                role = .stars
            }
        }
        if let words, let size = [px, (px * 0.8).rounded()].first(where: { Typesetter.fits(words, px: $0, width: wordsWidth) }) {
            return (words, role, size)
        }
        guard let mark, Typesetter.fits(mark, px: px, width: width) else { return nil }
        return (mark, role, px)
    }

    /// Which playable levels of the pack are open.
    public var unlocked: [Bool] {
        guard let pack = currentPack else { return [] }
        return context.progress.unlocked(pack)
    }

    /// The playable level an item of the pack is (nil for a broken one).
    public func playableIndex(ofItem item: Int) -> Int? { currentPack?.playableIndex(ofItem: item) }

    func itemIndex(ofPlayable level: Int) -> Int? { currentPack?.itemIndex(ofPlayable: level) }

    /// The pack's summary line: page, and levels cleared as the progress records them.
    public var summary: String { summaryText(width: .infinity, px: 12) ?? "" }

    /// The summary as fits `width` at `px`: in full, or without the page.
    private func summaryText(width: Double, px: Double) -> String? {
        guard let pack = currentPack else { return nil }
        let cleared = pack.playable.filter { context.progress.isCleared($0) }.count
        let count = tr("%1/%2 cleared", "\(cleared)", "\(pack.playable.count)")
        let full = tr("Page %1 of %2", "\(page + 1)", "\(pages)") + "  ·  " + count
        return [full, count].first { Typesetter.fits($0, px: px, width: width) }
    }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        switch id {
        case .back: ask(.back)
        case .tab(let index): choosePack(index)
        case .previousPack: choosePack((packIndex + context.packs.count - 1) % max(context.packs.count, 1))
        case .nextPack: choosePack((packIndex + 1) % max(context.packs.count, 1))
        case .previousPage: turnPage(by: -1)
        case .nextPage: turnPage(by: 1)
        case .tile(let index): openTile(index)
        case .continueLevel: ask(.continuePlaying(among: [packIndex]))
        case .previewPlay:
            if let preview {
                self.preview = nil
                openTile(preview.tile)
            }
        case .previewClose: preview?.close()
        case .editCopy:
            if let preview { ask(.showEditor(copyOf: preview.level)) }
        case .copyCode:
            if let level = preview?.level,
                let code = ShareCode.encode(level.level.board, title: level.level.title) ?? ShareCode.encode(level.level.board)
            {
                let copied = context.clipboard.copy(code)
                preview?.codeCopied = copied
                notice = copied ? EditorScreen.codeCopied : Clipboard.notCopied
            }
        case .pasteCode: pasteCode()
        default: break
        }
    }

    public func perform(_ command: Command) -> Bool {
        switch command {
        case .back:
            guard let preview, preview.isOpen else { return false }
            preview.close()
            return true
        case .nextPage, .previousPage:
            turnPage(by: command == .nextPage ? 1 : -1)
            return true
        case .scroll(let notches):
            turnPage(by: notches)
            return true
        case .preview:
            if let focus { showPreview(of: focus) }
            return true
        default:
            return false
        }
    }

    /// How far across a swipe must go to turn the page: a control's height.
    public var swipeReach: Double { max(context.metrics.unit, 40) }

    /// A swipe begun by `event`: `swipeReach` across, or flung at a window's width a second.
    func pageSwipe(from event: PointerEvent) -> PageSwipe {
        PageSwipe(from: event, reach: swipeReach, flingSpeed: max(context.metrics.viewport.width, 1))
    }

    /// Turns `delta` pages, as far as there are pages that way (nothing past the ends).
    func turnPage(by delta: Int) {
        let next = max(min(page + delta, pages - 1), 0)
        guard next != page else { return }
        firstItem = next * max(grid.perPage, 1)
        listFocus = nil
        notice = nil
    }

    private func choosePack(_ index: Int) {
        guard context.packs.indices.contains(index) else { return }
        packIndex = index
        firstItem = 0
        notice = nil
        if case .tab = listFocus { listFocus = .tab(index) } else if listFocus != .previousPack, listFocus != .nextPack { listFocus = nil }
    }

    private func openTile(_ item: Int) {
        guard let pack = currentPack, pack.items.indices.contains(item) else { return }
        switch pack.items[item] {
        case .broken(let name, let error):
            notice = "\(name): \(error)"
        case .playable:
            guard let level = playableIndex(ofItem: item) else { return }
            if context.isOpen(pack: packIndex, level: level) { ask(.openLevel(pack: packIndex, level: level)) } else { refuseLocked(item) }
        }
    }

    /// What is wrong with the code pasted, in the player's language (the command line's
    /// account of it is English, and longer).
    static func saying(_ reason: ShareCode.DecodeError.Reason) -> String {
        switch reason {
        case .empty: tr("The clipboard is empty: copy a share code (it starts with %1) first", ShareCode.prefix)
        case .tooLong, .notACode:
            tr("The clipboard holds no share code: a code starts with %1; copy one, then paste again", ShareCode.prefix)
        case .newerVersion: tr("This code is from a newer Bloq: update Bloq to open it")
        // TRANSLATORS: %1 is a place in the code, counted from 1.
        case .badCharacter(let place): tr("Character %1 of the code is not one a code uses: copy the whole code again", "\(place)")
        case .cutShort: tr("The code is cut short: copy the whole code again")
        case .damaged: tr("The code is damaged, a character wrong or missing: copy it again")
        case .invalidLevel: tr("The code's board is not a level: same colours touch, or it has no blocks")
        }
    }

    /// Opens the level whose share code is on the clipboard, or says what is wrong.
    private func pasteCode() {
        let reading = context.clipboard.read()
        if reading == .unanswered {
            // TRANSLATORS: Paste code, when the program holding the clipboard did not answer.
            notice = tr("The program that holds the clipboard did not answer: copy the code again, then try again")
            return
        }
        guard case .text(let text) = reading, !text.isEmpty else {
            notice = tr("The clipboard is empty: copy a share code (it starts with %1) first", ShareCode.prefix)
            return
        }
        // helper-58 read it in English in a German game.
        // TRANSLATORS: the title of a pasted code's level that has none.
        switch ShareCode.level(from: text, untitled: tr("Shared level")) {
        case .failure(let error): notice = Self.saying(error.reason)
        case .success(let level):
            let line = SolveCode.clearingLine(in: text)
            let shipped = Self.shippedPlace(of: level, in: context.packs)
            // A shipped level's code opens that level, with its tip, where it is open (no copy
            // is saved); a solve code's line, when it clears the level, is offered to watch.
            if let shipped, line == nil, context.isOpen(pack: shipped.pack, level: shipped.level) {
                ask(.openLevel(pack: shipped.pack, level: shipped.level))
                return
            }
            // Played at once; saved in the pack `shared` meanwhile (`bloq import` does the same),
            // unless the game ships it.
            if context.canSaveLevels, shipped == nil { ask(.saveShared(level, code: text)) }
            ask(.playCode(PlayableLevel(name: "shared level", level: level), line: line))
        }
    }

    /// Where the shipped packs hold `level`'s board (the same identity, which progress is
    /// kept by), as a pack and a playable level's index.
    static func shippedPlace(of level: Level, in packs: [PackEntry]) -> (pack: Int, level: Int)? {
        for (index, pack) in packs.enumerated() where !pack.isPlayers {
            if let found = pack.playableIndex(of: level.board) { return (index, found) }
        }
        return nil
    }

    /// A locked tile shakes its head and says which level opens it.
    func refuseLocked(_ item: Int) {
        guard let level = playableIndex(ofItem: item) else { return }
        ask(.sound(.bump))
        let open = unlocked
        // Clearing a level opens the next two: the nearest open one before this opens it.
        let key = [level - 1, level - 2].first { open.indices.contains($0) && open[$0] }
        notice =
            key.map { tr("Level %1 is locked: clear level %2 to open it", "\(item + 1)", "\((itemIndex(ofPlayable: $0) ?? $0) + 1)") }
            ?? tr("Level %1 is locked: clear the levels before it to open it", "\(item + 1)")
        // Reduced motion: the notice says it, the tile stays still.
        let amplitude = context.appearance.reducedMotion ? 0 : context.metrics.unit * 0.15
        let animator = PropertyAnimator(duration: context.appearance.reducedMotion ? 0.2 : 0.4, curve: .linear, driver: context.driver)
        animator.addAnimations { [weak self] t in
            self?.shake = (item, amplitude * (1 - t) * sin(t * Double.pi * 6))
        }
        animator.addCompletion { [weak self] _ in self?.shake = nil }
        animator.startAnimation()
    }

    // MARK: Pointers

    public func pressOwner(for control: Control, event: PointerEvent) -> (any PointerOwner)? {
        guard case .tile(let item) = control.id, preview == nil, playableIndex(ofItem: item) != nil else { return nil }
        return TilePress(control.id, screen: self)
    }

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        if let preview, preview.isOpen {
            // A press outside the card closes it; inside, it does nothing.
            let inside = PreviewCard.cardFrame(context.metrics).contains(event.location)
            return TapOwner { if !inside { preview.close() } }
        }
        // A locked tile owns its press too, to say why it will not open; anywhere on the
        // list, a swipe turns the page.
        let tile = listControls.first { $0.rect.contains(event.location) && !$0.isEnabled }
        if case .tile(let item) = tile?.id, let rect = tile?.rect { return ListPress(event, locked: (item, rect), screen: self) }
        return ListPress(event, locked: nil, screen: self)
    }

    func beginPreview(_ id: ControlID, event: PointerEvent) -> PreviewCard? {
        guard case .tile(let item) = id, let pack = currentPack, pack.items.indices.contains(item),
            case .playable(let level) = pack.items[item]
        else { return nil }
        let card = PreviewCard(
            tile: item, level: level, at: event.location, time: event.time, pressure: event.pressure,
            allowableMovement: max(context.metrics.minimumButtonSize * 0.3, 8), driver: context.driver,
            reducedMotion: context.appearance.reducedMotion)
        preview = card
        notice = nil
        return card
    }

    /// A right-click or the Menu key on a level's tile: its card grows open without a hold.
    public func showPreview(of id: ControlID) {
        guard preview == nil, let tile = listControls.first(where: { $0.id == id && $0.isEnabled }),
            let card = beginPreview(id, event: PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0))
        else { return }
        card.grow()
    }

    // MARK: Time

    public func step(_ seconds: Double) {
        preview?.advance(seconds)
        if preview?.isClosed == true { preview = nil }
    }

    /// While a press grows a card, and once a card has closed until a step drops it: a
    /// finger slid off a tile within a tap's time closed the card just begun, nothing moved,
    /// and the loop slept with the tile drawn as that card until the next input.
    public var isAnimating: Bool { preview.map { ($0.isHeld && !$0.isOpen) || $0.isClosed } ?? false }
}

#if canImport(Glibc)
    import Glibc
#endif
