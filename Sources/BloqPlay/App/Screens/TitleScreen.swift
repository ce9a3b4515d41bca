import BloqEngine
import BloqGame
import BloqLocalization

/// The title: the logo and Play, Daily, Levels, Make, Settings, About, Quit. Play
/// continues where the player was; Daily opens today's board (and shows the streak). The
/// focus starts on Play, so Enter plays at once.
public final class TitleScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.title
    public var focus: ControlID? = .play

    /// The title's button that opens screen `kind` (nil for the screens it does not open).
    static func button(leadingTo kind: ScreenKind) -> ControlID? {
        switch kind {
        case .levels: .levels
        case .editor: .make
        case .daily: .daily
        case .statistics: .statistics
        case .settings: .settings
        case .about: .about
        case .title, .play, .help: nil
        }
    }
    /// A line shown once, at the bottom (damaged progress or settings, say).
    public private(set) var notice: String?
    /// The notice's page shown, when it takes more lines than the band has (a click or tap
    /// on it turns to the next): at 400x300 it was cut, with no way to read the rest
    /// (helper-64).
    private var noticePage = 0
    private var memo = Memo<[Int], Layout>()

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }

    init(context: ScreenContext, notice: String? = nil) {
        self.notice = notice
        super.init(context: context)
    }

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The title laid out: its controls, its texts (the toast's place left empty), the
    /// logo's blocks, and the toast's place (the bottom band, while a toast shows).
    public typealias Layout = (controls: [Control], texts: [TextBox], logo: [Rect], toast: Rect?, pagedNotice: Rect?)

    public var toastBand: Rect? { layout.toast }

    /// The title laid out: the logo (four blocks and the name), the line under it, the
    /// buttons (one column when they fit under the logo, else more, else beside it), and
    /// the bottom band: a notice (what is wrong with the player's files) or the keys.
    public var layout: Layout {
        memo.value(for: [context.generation, noticePage]) { makeLayout() }
    }

    /// A click or tap on a notice in pages turns to its next page (round to the first).
    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        guard let band = layout.pagedNotice, band.contains(event.location) else { return nil }
        return TapOwner { [weak self] in self?.noticePage += 1 }
    }

    /// Page Down (or a gamepad's RB) turns a notice in pages too.
    public func perform(_ command: Command) -> Bool {
        guard case .nextPage = command, layout.pagedNotice != nil else { return false }
        noticePage += 1
        return true
    }

    private func makeLayout() -> Layout {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let inner = Rect(x: margin, y: margin, width: viewport.width - margin * 2, height: viewport.height - margin * 2)
        // The help button in the top-right corner; the logo and buttons below its row.
        let help = Control.helpButton(in: inner, metrics)
        // The bottom band: the notice (what is wrong with the player's files), else the key
        // line (for a keyboard player only: a touch player has the "?" button, a gamepad's
        // band says what its buttons do).
        let shown = context.toast ?? notice
        let keyLine = context.inputMode == .keyboard ? tr("F1 or ? shows the keys") : ""
        var bottomText = shown ?? keyLine
        let bottomLines = Typesetter.noticeLines(in: inner.height, px: type.caption, least: 3)
        var paged = false
        if context.toast == nil, notice != nil {
            // In pages when it does not fit: each as many lines as the band has, less the
            // last, which says which page this is and how to turn.
            let lines = Typesetter.font.wrap(bottomText, px: type.caption, width: inner.width)
            let perPage = max(bottomLines - 1, 1)
            if lines.count > bottomLines {
                let pages = (lines.count + perPage - 1) / perPage
                let page = noticePage % pages
                let turn =
                    switch context.inputMode {
                    case .keyboard: tr("click, or Page Down, for the next")
                    case .touch: tr("tap for the next")
                    case .gamepad: tr("RB for the next")
                    }
                // TRANSLATORS: %3 says how to turn to the next page (the help: how to close it).
                bottomText =
                    lines[(page * perPage)..<min((page + 1) * perPage, lines.count)].joined(separator: "\n") + "\n"
                    + tr("Page %1 of %2 · %3", "\(page + 1)", "\(pages)", turn)
                paged = true
            }
        }
        let bottomHeight =
            bottomText.isEmpty
            ? 0 : Typesetter.paragraphHeight(bottomText, px: type.caption, width: inner.width, maximumLines: bottomLines)
        let bottom = Rect(x: inner.x, y: inner.maxY - bottomHeight, width: inner.width, height: bottomHeight)
        // The shell sets the toast in the band; the notice and the keys are the title's own.
        let toast = context.toast == nil ? nil : bottom
        var texts =
            bottomText.isEmpty || toast != nil
            ? []
            : Typesetter.paragraph(
                bottomText, px: type.caption, in: bottom, role: shown == nil ? .secondary : .plain,
                maximumLines: bottomLines)
        let body = Rect(x: inner.x, y: help.rect.maxY, width: inner.width, height: bottom.y - margin - help.rect.maxY)
        // The body with only the key line under it: a notice or a toast in the band leaves
        // the title's sizes as they are, and moves it up only as far as it must. The
        // buttons moved under the pointer as the quit's warning came (Quit went up 41 px,
        // and a second click where it was hit the warning, helper-67).
        let restingBand =
            keyLine.isEmpty ? 0 : Typesetter.paragraphHeight(keyLine, px: type.caption, width: inner.width, maximumLines: bottomLines)
        let resting = Rect(x: inner.x, y: help.rect.maxY, width: inner.width, height: inner.maxY - restingBand - margin - help.rect.maxY)

        var specs = [
            // TRANSLATORS: the home screen's buttons: Play (start playing, a verb), Levels (the
            // list of levels), Make (make a level of your own, in the editor).
            ButtonSpec(.play, tr("Play"), style: .accent), ButtonSpec(.levels, tr("Levels")), ButtonSpec(.make, tr("Make")),
            ButtonSpec(.statistics, tr("Statistics")), ButtonSpec(.settings, tr("Settings")), ButtonSpec(.about, tr("About")),
            ButtonSpec(.quit, tr("Quit")),
        ]
        if context.today != nil {
            let streak = context.dailyStreak
            specs.insert(
                ButtonSpec(
                    .daily, tr("Daily"), trailing: streak > 0 ? " · " + tr("streak %1", DailyScreen.streakText(streak)) : ""), at: 1)
        }
        // Seven buttons: a little lower than a standard one on a tall window, so the logo
        // keeps its size.
        let height = min(metrics.unit, max(metrics.minimumControl, (resting.height * 0.068).rounded()))
        let gap = metrics.gap
        let buttonWidth = min(max(height * 6, inner.width * 0.4), inner.width)

        /// The logo (blocks and name) and the line under it, from `top` in `frame`.
        func logo(in frame: Rect, px: Double) -> (texts: [TextBox], blocks: [Rect], height: Double) {
            let name = tr("Bloq")
            let nameWidth = TypeFace.display.metrics.boxWidth(name, px: px)
            let block = (px * 0.55).rounded()
            let total = block * 2.2 + px * 0.3 + nameWidth
            let left = frame.center.x - total / 2
            let blocks = (0..<4).map { (index: Int) -> Rect in
                let column = Double(index % 2)
                let row = Double(index / 2)
                return Rect(x: left + column * block * 1.1, y: frame.y + row * block * 1.1, width: block, height: block)
            }
            let logoHeight = block * 2.1
            var texts = [
                Typesetter.line(
                    name, px: px, in: Rect(x: left + block * 2.2 + px * 0.3, y: frame.y, width: nameWidth, height: logoHeight),
                    face: .display)
            ]
            // Broken between its sentences where two lines hold them (French left "plateau."
            // alone on its second line at 360x640, helper-61), else as any text.
            let text = tr("Slide a block. Match the colours. Clear the board.")
            let bound = Typesetter.bindingItems(text, separator: ". ", px: type.caption, width: frame.width)
            let tagline = Typesetter.font.wrap(bound, px: type.caption, width: frame.width, limit: 3).count <= 2 ? bound : text
            let line = Rect(x: frame.x, y: frame.y + logoHeight + margin, width: frame.width, height: 0)
            let lines = Typesetter.unbound(Typesetter.paragraph(tagline, px: type.caption, in: line, role: .secondary, maximumLines: 2))
            texts += lines
            return (texts, blocks, logoHeight + margin + (lines.last.map { $0.frame.maxY - line.y } ?? 0))
        }

        // Stacked: the logo above the buttons, as large as leaves them room, the whole
        // centred down the screen.
        let large = max(type.display, min((metrics.shortSide * 0.16).rounded(), (resting.height * 0.13).rounded()))
        let arrangements = (1...2).flatMap { columns in [large, type.display, type.title].map { (columns, $0) } }
        for (columns, px) in arrangements {
            let measured = logo(in: body, px: px)
            let room = Rect(x: body.x, y: body.y, width: body.width, height: body.height - measured.height - margin * 2)
            let width = min(buttonWidth * Double(columns) + gap * Double(columns - 1), room.width)
            let frame = Rect(x: room.center.x - width / 2, y: room.y, width: width, height: room.height)
            guard ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap) <= room.height,
                let laid = ButtonGroup.grid(specs, in: frame, columns: columns, height: height, gap: gap, scale: type),
                let first = laid.first
            else { continue }
            let buttonsHeight = (laid.map(\.rect.maxY).max() ?? 0) - first.rect.minY
            let content = measured.height + margin * 2 + buttonsHeight
            let centred = resting.y + max((resting.height - content) / 2, 0)
            let top = max(body.y, min(centred, body.maxY - content))
            let placed = logo(in: Rect(x: body.x, y: top, width: body.width, height: 0), px: px)
            let shift = top + measured.height + margin * 2 - first.rect.minY
            let buttons = laid.map { control in
                var moved = control
                moved.rect.y += shift
                return moved
            }
            return ([help] + buttons, texts + placed.texts, placed.blocks, toast, paged ? bottom : nil)
        }
        // Side by side: the logo on the left half, the buttons on the right (a phone turned,
        // its buttons 9 mm). The logo at 16 % of the short side, as a tall window's, else the
        // stacked title's sizes, the first that fits the half.
        let half = (body.width - margin) / 2
        let left = Rect(x: body.x, y: body.y, width: half, height: body.height)
        let right = Rect(x: body.x + half + margin, y: body.y, width: half, height: body.height)
        let px =
            [(metrics.shortSide * 0.16).rounded(), large, type.display].first { px in
                let measured = logo(in: left, px: px)
                return measured.blocks[0].minX >= left.minX && measured.height <= left.height
            } ?? type.title
        let measured = logo(in: left, px: px)
        let placed = logo(in: Rect(x: left.x, y: left.center.y - measured.height / 2, width: left.width, height: 0), px: px)
        let buttons =
            ButtonGroup.fitted(specs, in: right, height: height, gap: gap, scale: type, maximumWidth: right.width)
            ?? ButtonGroup.gridAlways(specs, in: right, columns: 2, height: height, gap: gap, scale: type)
        texts += placed.texts
        return ([help] + buttons, texts, placed.blocks, toast, paged ? bottom : nil)
    }

    public func activate(_ id: ControlID) {
        switch id {
        case .play: ask(.continuePlaying(among: nil))
        case .daily: ask(.showDaily)
        case .levels: ask(.showLevels())
        case .make: ask(.showEditor(copyOf: nil))
        case .settings: ask(.showSettings)
        case .about: ask(.showAbout)
        case .statistics: ask(.showStatistics)
        case .quit: ask(.quit)
        case .showHelp: ask(.showHelp)
        default: break
        }
    }

    public func willLeave() {
        notice = nil
        noticePage = 0
        memo = Memo()
    }
}
