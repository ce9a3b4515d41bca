import BloqEngine
import BloqGame
import BloqPlay

/// Every screen of the game laid out in a window, and what is wrong with each: the layout
/// rules of issue 25 (nothing outside the window, no control over another, no text over
/// another or over a control it does not label, text at least 12 points, 14 when the short
/// side is 600 points or more, controls and cells large enough, at most two label sizes a screen),
/// read from what the screens report, as whole-app replays report it. LayoutTests runs it in
/// English; `BloqDev layout` in every language (a language is process-wide state, which the
/// test process must not change under its other tests).
public enum LayoutAudit {
    /// The windows every screen is checked in: phones upright, small and large desktops, a
    /// Steam Deck, 4K, and the small landscape windows where long translations run short.
    public static let windows: [Size] = [
        (320, 480), (360, 640), (400, 300), (480, 320), (560, 360), (640, 400), (800, 600), (1280, 800), (720, 1440), (1920, 1080),
        (3840, 2160),
    ].map { Size(width: Double($0.0), height: Double($0.1)) }

    /// Windows at a display scale above 1, in output pixels with the scale (pixels per
    /// point) and the DPI SDL reports (in points per inch): an 800x600-point window at
    /// GNOME's 1.25, a small and a laptop's window at GNOME's and KDE's 1.5, a laptop at 2.
    public static let scaled: [(size: Size, scale: Double, dpi: Double)] = [
        (1000, 750, 1.25, 96), (600, 450, 1.5, 96), (1280, 800, 1.5, 96), (2560, 1600, 2, 96),
    ].map(scaledWindow)

    /// Phones at scale 2 (Phosh, Plasma Mobile), upright and turned, with a phone's DPI: a
    /// PinePhone's or a Librem 5's 360x720 points over 68x136 mm is 134, so a 9 mm button is
    /// 48 points, not the 34 of 96.
    public static let phones: [(size: Size, scale: Double, dpi: Double)] = [
        (720, 1280, 2, 134), (720, 1440, 2, 134), (1280, 720, 2, 134), (1440, 720, 2, 134),
    ].map(scaledWindow)

    private static func scaledWindow(_ window: (Int, Int, Double, Double)) -> (size: Size, scale: Double, dpi: Double) {
        (Size(width: Double(window.0), height: Double(window.1)), window.2, window.3)
    }

    /// What one screen shows, as the checks read it.
    public struct Shot {
        public var name: String
        public var controls: [Control]
        public var texts: [TextBox]
        public var board: (rect: Rect, cell: Double)?
    }

    /// A 4x4 pack whose first level clears in one move, and an expert 6x6 with walls; the
    /// packs as many and as large as the shipped ones (100 levels each, the master pack 50),
    /// so that counts ("0 of 100 · 0 of 300 ★") are as long as a player's.
    /// `saveNotice`: what saving says, again whenever the toast before it has gone.
    public static func app(_ size: Size, scale: Double = 1, dpi: Double = 96, saveNotice: String? = nil) -> AppController {
        let easy = PackEntry(
            title: "Easy",
            items: (0..<100).map { index in
                // The first clears in one push; the others are fuller.
                let board =
                    index == 0
                    ? Board(["R.R.", "....", "....", "...."])! : Board(["R.R.", "....", index % 2 == 0 ? "BGOB" : "GBOG", "O..G"])!
                return .playable(
                    PlayableLevel(name: "easy/\(index).bloq", level: Level(title: "Into the Gap \(index)", par: 1, board: board)))
            })
        let expertBoard = Board([".#P..R", "G..#..", "..#.BO", ".O.Y.G", ".R#.PY", "...B#."]) ?? Board(["R.R"])!
        let expert = PackEntry(
            title: "Expert",
            items: [.playable(PlayableLevel(name: "expert/1.bloq", level: Level(title: "Secret Current", par: 12, board: expertBoard)))]
                + easy.items.dropFirst())
        let app = AppController(
            environment: AppEnvironment(
                packs: [
                    easy, PackEntry(title: "Medium", items: easy.items), PackEntry(title: "Hard", items: easy.items), expert,
                    PackEntry(title: "Master", items: Array(easy.items.prefix(50))),
                ],
                takeSaveEvents: { saveNotice.map { [.notice($0)] } ?? [] }, today: { DailyDate("2026-03-14") }),
            viewport: size)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: dpi, scale: scale), scale: scale)
        return app
    }

    public static func shot(_ app: AppController, _ name: String) -> Shot {
        let board: (Rect, Double)? = app.boardRect.flatMap { rect in app.boardLayout.map { (rect, $0.cellSize) } }
        return Shot(name: name, controls: app.top.controls, texts: app.shownTexts, board: board)
    }

    /// Every screen of the issue's list, at `size` (and `scale` and `dpi`, without `app`).
    /// `before` runs before each shot is taken (the gamepad tests take the pad up again).
    public static func shots(
        _ size: Size, scale: Double = 1, dpi: Double = 96, app given: AppController? = nil,
        before: (AppController) -> Void = { _ in }
    ) -> [Shot] {
        var shots: [Shot] = []
        let app = given ?? app(size, scale: scale, dpi: dpi)
        func shot(_ app: AppController, _ name: String) -> Shot {
            before(app)
            return Self.shot(app, name)
        }
        func settle(_ seconds: Double = 0.6) { for _ in 0..<Int(seconds * 120) { app.step(FixedStepClock.step) } }
        shots.append(shot(app, "title"))
        app.showLevels(pack: 0)
        shots.append(shot(app, "levels"))
        if let tile = app.top.controls.first(where: { $0.id == .tile(0) }) {
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
            settle(1.5)
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .up, location: tile.rect.center, time: 1.5)))
            settle(0.1)
            shots.append(shot(app, "preview"))
        }
        app.openLevel(pack: 0, level: 0)
        settle()
        shots.append(shot(app, "play 4x4"))
        app.perform(.showHelp)
        shots.append(shot(app, "help"))
        app.perform(.dismiss)
        app.perform(.play(.moveCursor(.left)))
        app.perform(.play(.pushAtCursor(.right)))
        settle(3)
        shots.append(shot(app, "cleared"))
        // The review of the line, from the card.
        app.playScreen?.activate(.review)
        settle(0.5)
        shots.append(shot(app, "review"))
        // One star, after a hint and two moves too many: a reason under each missing star
        // ("more than 2 moves"; "2 moves over par" and "a hint was used").
        app.openLevel(pack: 0, level: 0)
        settle()
        app.perform(.play(.hint))
        settle(1)
        app.perform(.play(.moveCursor(.left)))
        for direction in [Direction.down, .up, .right] {
            app.perform(.play(.pushAtCursor(direction)))
            settle(1)
        }
        settle(2)
        shots.append(shot(app, "cleared 1 star"))
        app.openLevel(pack: 3, level: 0)
        settle()
        shots.append(shot(app, "play 6x6 expert"))
        app.showEditor()
        settle()
        shots.append(shot(app, "editor"))
        app.showSettings()
        shots.append(shot(app, "settings"))
        app.showAbout()
        shots.append(shot(app, "about"))
        app.showStatistics()
        shots.append(shot(app, "statistics"))
        app.showDaily()
        shots.append(shot(app, "daily (thinking)"))
        settle(1)
        shots.append(shot(app, "daily"))
        return shots
    }

    /// What is wrong with `shot` in a window of `size` pixels at `scale` pixels per point:
    /// one line per problem.
    public static func problems(_ shot: Shot, _ size: Size, scale: Double = 1) -> [String] {
        var found: [String] = []
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let short = min(size.width, size.height)
        let desktopSmall = short < 340 * scale
        // Written out, not TypeScale's: the audit checks the rule, not the code that keeps it.
        let minimumText = ((short >= 600 * scale ? 14 : 12) * scale).rounded()
        let minimumControl = (desktopSmall ? 24.0 : 32.0) * scale
        let minimumCell = (desktopSmall ? 28.0 : 40.0) * scale
        func inside(_ rect: Rect) -> Bool {
            rect.minX >= -0.5 && rect.minY >= -0.5 && rect.maxX <= window.maxX + 0.5 && rect.maxY <= window.maxY + 0.5
        }
        func overlap(_ a: Rect, _ b: Rect) -> Bool {
            min(a.maxX, b.maxX) - max(a.minX, b.minX) > 0.5 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 0.5
        }
        for control in shot.controls {
            if !inside(control.rect) { found.append("control \(control.label) \(control.rect) outside the window") }
            if min(control.rect.width, control.rect.height) < minimumControl - 0.5 {
                found.append(
                    "control \(control.label) is \(Int(control.rect.width))x\(Int(control.rect.height)), under \(Int(minimumControl)) px")
            }
        }
        for (index, a) in shot.controls.enumerated() {
            for b in shot.controls[(index + 1)...] where overlap(a.rect, b.rect) {
                found.append("controls \(a.label) and \(b.label) overlap")
            }
        }
        let boxes = shot.texts.map { ($0, $0.inkFrame) }
        for (text, ink) in boxes {
            if !inside(ink) { found.append("text \"\(text.text)\" \(ink) outside the window") }
            if text.px < minimumText - 0.01 { found.append("text \"\(text.text)\" at \(text.px) px, under \(minimumText)") }
            for control in shot.controls where control.id != text.owner && overlap(ink, control.rect) {
                found.append("text \"\(text.text)\" runs over control \(control.label)")
            }
        }
        for (index, a) in boxes.enumerated() {
            for b in boxes[(index + 1)...] where overlap(a.1, b.1) {
                found.append("texts \"\(a.0.text)\" and \"\(b.0.text)\" overlap")
            }
        }
        for control in shot.controls {
            guard let label = control.labelBox else { continue }
            // The painter shrinks a label wider than its box to fit it: the size drawn is what
            // is read (Spanish's settings at 400x300 were drawn at 6 px). A switch is drawn
            // over the row's end (ScreenPainter).
            let width = Typesetter.font.boxWidth(label.text, px: label.px)
            let drawn = label.px * min(label.frame.width / max(width, 1), 1)
            if drawn < minimumText - 0.01 {
                found.append("label \"\(label.text)\" shrunk to \((drawn * 10).rounded() / 10) px to fit, under \(minimumText)")
            }
            if case .toggle = control.style,
                label.frame.x + min(width, label.frame.width) > control.rect.maxX - control.rect.height * 1.9 + 0.5
            {
                found.append("label \"\(label.text)\" runs under its switch")
            }
        }
        // Rows of buttons as tall as each other, one under the other, label them at one size
        // (the editor's tools and its bar at 360x640 did not). The header's row (Back's) is a
        // band of its own.
        var mixed: Set<String> = []
        let header = shot.controls.first { $0.id == .back }?.rect
        let body = shot.controls.filter { control in header.map { abs(control.rect.y - $0.y) > 0.5 } ?? true }
        for a in body {
            for b in body
            where b.rect.y > a.rect.y + 0.5 && abs(a.rect.height - b.rect.height) < 0.5
                && b.rect.y - a.rect.maxY < a.rect.height * 0.5
                && min(a.rect.maxX, b.rect.maxX) - max(a.rect.minX, b.rect.minX) > 0.5
            {
                guard let one = a.labelBox?.px, let other = b.labelBox?.px, abs(one - other) > 0.01 else { continue }
                mixed.insert("buttons \(a.label) and \(b.label), a row apart, in two label sizes (\(one), \(other) px)")
            }
        }
        found += mixed.sorted()
        let labelSizes = Set(shot.controls.compactMap { $0.labelBox?.px })
        if labelSizes.count > 2 { found.append("control labels in \(labelSizes.count) sizes: \(labelSizes.sorted())") }
        if let board = shot.board {
            if !inside(board.rect) { found.append("board \(board.rect) outside the window") }
            if board.cell < minimumCell - 0.5 { found.append("cells of \(board.cell) px, under \(Int(minimumCell))") }
            // Over the board only the Cleared card and the review, which cover it on purpose.
            let covered = shot.name.hasPrefix("cleared") || shot.name == "review"
            for text in boxes where overlap(text.1, board.rect) && !covered {
                found.append("text \"\(text.0.text)\" over the board")
            }
            for control in shot.controls where overlap(control.rect, board.rect) && !covered {
                found.append("control \(control.label) \(control.rect) over the board \(board.rect)")
            }
        }
        return found
    }

    /// The controls `shot` shows, by what they are (not what they say): a translation may
    /// say a label differently or shorter, never leave a control out.
    public static func controlIDs(_ shot: Shot) -> [String] {
        shot.controls.map { "\($0.id)" }
    }
}
