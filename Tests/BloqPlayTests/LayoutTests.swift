import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqPlay
import BloqTestSupport
import Testing

/// Every screen laid out for every window, in English (`LayoutAudit` has the
/// screens and the rules; `BloqDev layout` checks the other languages).
@Suite("Layout: every screen in every window")
struct LayoutTests {
    static let windows = LayoutAudit.windows.map { (Int($0.width), Int($0.height)) }
    /// Every audited window with its scale and DPI: the eleven at 1 and 96, then the scaled
    /// ones and the phones.
    static let everyWindow = LayoutAudit.windows.map { ($0, 1.0, 96.0) } + LayoutAudit.scaled + LayoutAudit.phones
    /// The phones turned sideways.
    static let phonesTurned = LayoutAudit.phones.filter { $0.size.width > $0.size.height }

    @Test("nothing outside the window or over something else; text, controls and cells large enough", arguments: windows)
    func every(_ window: (Int, Int)) {
        let size = Size(width: Double(window.0), height: Double(window.1))
        for shot in LayoutAudit.shots(size) {
            let found = LayoutAudit.problems(shot, size)
            let report = "\(window.0)x\(window.1) \(shot.name):\n  " + found.prefix(12).joined(separator: "\n  ")
            #expect(found.isEmpty, "\(report)")
        }
    }

    /// At a display scale of 1.5 or 2 (a phone, a HiDPI desktop) the same rules hold in
    /// points: captions of 12 points are 24 pixels at scale 2, not the 19 that the pixels'
    /// count alone gave a phone.
    @Test(
        "at a display scale, text, controls and cells as large to the eye as at scale 1; on a phone, its 9 mm buttons",
        arguments: LayoutAudit.scaled + LayoutAudit.phones)
    func scaled(_ size: Size, _ scale: Double, _ dpi: Double) {
        let app = LayoutAudit.app(size, scale: scale, dpi: dpi)
        #expect(app.metrics.type.caption >= 12 * scale)
        for shot in LayoutAudit.shots(size, app: app) {
            let found = LayoutAudit.problems(shot, size, scale: scale)
            let report = "\(Int(size.width))x\(Int(size.height))@\(scale) \(shot.name):\n  " + found.prefix(12).joined(separator: "\n  ")
            #expect(found.isEmpty, "\(report)")
        }
    }

    /// A phone turned lays the title out side by side, where its logo was set at the title's
    /// size, the smallest of three, in a half of the screen with room for twice that.
    @Test("a phone turned: the title's logo as large as its half of the screen holds")
    func logoTurned() throws {
        for (size, scale, dpi) in Self.phonesTurned {
            let app = LayoutAudit.app(size, scale: scale, dpi: dpi)
            let title = try #require(LayoutAudit.shots(size, app: app).first { $0.name == "title" })
            let name = try #require(title.texts.first { $0.text == "Bloq" })
            #expect(name.frame.maxX < size.width / 2 && name.px > app.metrics.type.display, "\(size): \(name)")
        }
    }

    /// Statistics in two columns (a phone turned, a small window): a value and the next
    /// column's name on its line stand apart. They were a margin apart, so that "0 days ·
    /// 0 days" and "Hard" read as one line on a phone turned.
    @Test("statistics in two columns: a value and the next column's name stand apart")
    func statisticsColumns() throws {
        var pairs = 0
        for (size, scale, dpi) in Self.everyWindow {
            let shot = try #require(LayoutAudit.shots(size, scale: scale, dpi: dpi).first { $0.name == "statistics" })
            for value in shot.texts where value.alignment == 1 {
                for next in shot.texts
                where next.frame.x > value.frame.maxX && abs(next.frame.center.y - value.frame.center.y) < value.px / 2 {
                    pairs += 1
                    #expect(next.frame.x - value.frame.maxX >= value.px * 1.5, "\(size)@\(scale): \(value.text) | \(next.text)")
                }
            }
        }
        #expect(pairs > 0, "no window laid the statistics out in two columns")
    }

    /// The phone's editor rules judged the draft's own cells, so that adding columns at
    /// 640x400 moved Undo and Redo into the bottom bar and the tools under the pointer. They
    /// are judged for a new level's grid: the tools hold still as the grid grows, on a
    /// desktop and on a phone turned (where the compact layout stays).
    @Test("adding columns in the editor leaves its tools where they are (640x400; a phone turned)")
    func editorHoldsStill() throws {
        for (size, scale, dpi) in [(Size(width: 640, height: 400), 1.0, 96.0)] + Self.phonesTurned {
            let app = LayoutAudit.app(size, scale: scale, dpi: dpi)
            app.showEditor()
            let editor = try #require(app.root.editorScreen)
            let hand = Hand(app)
            let first = editor.controls.map { "\($0.id) \($0.rect)" }
            for _ in 0..<8 { hand.tap(.editor(.addColumn)) }
            #expect(editor.draft.columns == 12, "\(size)")
            let after = editor.controls.map { "\($0.id) \($0.rect)" }
            #expect(after == first, "\(size)@\(scale): \(Set(after).symmetricDifference(first).sorted())")
        }
    }

    /// Where the play screen's key line wraps (a small window at scale 1.5 set "· Z" at one
    /// line's end and "undo" on the next), it breaks between keys: each key keeps its word.
    @Test("the key line wraps between keys, never between a key and its word")
    func keysWhole() {
        var wrapped: [String] = []
        for (size, scale, dpi) in Self.everyWindow {
            let window = "\(Int(size.width))x\(Int(size.height))@\(scale)"
            for shot in LayoutAudit.shots(size, scale: scale, dpi: dpi) where shot.name.hasPrefix("play") {
                let lines = shot.texts.map(\.text)
                guard let first = lines.first(where: { $0.hasPrefix("Drag a block") }) else { continue }
                if !first.hasSuffix("F1 keys") { wrapped.append("\(window) \(shot.name)") }
                // The line's break parts the items: no "·" at a line's start or end.
                let keyLines = lines.filter { line in ["hint", "undo", "redo", "restart", "levels", "keys"].contains { line.contains($0) } }
                #expect(keyLines.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") }, "\(window) \(shot.name): \(keyLines)")
                for key in ["H hint", "Z undo", "Y redo", "R restart", "Esc levels", "F1 keys"] {
                    #expect(lines.contains { $0.contains(key) }, "\(window) \(shot.name): \(lines)")
                }
            }
        }
        // Some windows wrap it (360x640's play screen, 400x300's): the rule was put to work.
        #expect(wrapped.count >= 2, "the key line wrapped in \(wrapped)")
    }

    /// What saving says: a disk that is full, and (longer, with a player's path) a progress
    /// file that is a link to a folder, which once left the board under the panel it moved.
    static let toasts = [
        "Progress could not be saved: the disk is full. Free some space; the game keeps playing in memory.",
        "Your progress cannot go into progress.json now (it is a symbolic link to /home/someone/.local/share/"
            + "some-sync-tool/a-rather-long-folder/bloq, which is not a Bloq progress file (it is a folder)); "
            + "it is kept beside it and merged in as soon as it can be.",
    ]

    @Test(
        "a toast gets its own band on every screen, over nothing and outside nothing",
        arguments: windows.flatMap { window in toasts.map { (window, $0) } })
    func toast(_ window: (Int, Int), said: String) {
        toast(Size(width: Double(window.0), height: Double(window.1)), scale: 1, said: said)
    }

    /// The same at a display scale: a 400x300-point window at 1.5 (600x450 pixels) keeps its
    /// editor's least height in points, not pixels.
    @Test(
        "a toast gets its own band at a display scale too",
        arguments: LayoutAudit.scaled.flatMap { window in toasts.map { (window.size, window.scale, $0) } })
    func toastScaled(_ size: Size, _ scale: Double, said: String) {
        toast(size, scale: scale, said: said)
    }

    func toast(_ size: Size, scale: Double, said: String) {
        let window = (Int(size.width), Int(size.height))
        let app = LayoutAudit.app(size, scale: scale, saveNotice: said)
        app.step(FixedStepClock.step)
        var shown: [String] = []
        var whole: [String] = []
        for shot in LayoutAudit.shots(size, app: app, before: { $0.step(FixedStepClock.step) }) {
            let found = LayoutAudit.problems(shot, size, scale: scale)
            #expect(found.isEmpty, "\(window.0)x\(window.1) \(shot.name) with a toast:\n  \(found.prefix(12).joined(separator: "\n  "))")
            // The toast's words are on screen wherever it is laid out: its first line at least
            // (a long one is cut to the lines its band has).
            if shot.texts.contains(where: { $0.text.hasPrefix(said.prefix(20)) }) { shown.append(shot.name) }
            if shot.texts.map(\.text).joined(separator: " ").contains(said.suffix(20)) { whole.append(shot.name) }
        }
        // Whole, to its last words, on every screen but where a small landscape window has no
        // room for it beside cells a finger wide: the editor's grid at 560x360 and under.
        // There its first lines show, and stderr says it whole.
        let cut = ["400x300 editor", "480x320 editor", "560x360 editor", "600x450 editor"]
        for name in ["title", "levels", "play 4x4", "help", "editor", "settings", "about", "daily"]
        where said.count < 200 || !cut.contains("\(window.0)x\(window.1) \(name)") {
            #expect(whole.contains(name), "\(window.0)x\(window.1): the toast cut on \(name); whole on \(whole)")
        }
        for name in ["title", "levels", "play 4x4", "help", "editor", "settings", "about", "daily"] {
            #expect(shown.contains(name), "\(window.0)x\(window.1): no toast on \(name); shown on \(shown)")
        }
    }

    @Test("a level's tip is shown whole in a small landscape window: the board narrows for it")
    func wholeTip() throws {
        let tip = "Stuck for an idea? Hint shows the next two moves, but the level then gives at most two stars."
        let board = try #require(Board(["....", ".Y..", "Y..B", ".B.."]))
        let level = PlayableLevel(name: "easy/006.bloq", level: Level(title: "Backstop", par: 3, tip: tip, board: board))
        for size in [Size(width: 400, height: 300), Size(width: 480, height: 320)] {
            let app = AppController(
                environment: AppEnvironment(packs: [PackEntry(title: "Easy", items: [.playable(level)])]),
                viewport: size)
            app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
            app.openLevel(pack: 0, level: 0)
            for _ in 0..<60 { app.step(FixedStepClock.step) }
            let words = app.shownTexts.map(\.text).joined(separator: " ")
            #expect(words.contains("at most two stars."), "\(size): \(words)")
            let cell = try #require(app.boardLayout?.cellSize)
            #expect(cell >= 40, "\(size): cells of \(cell) px")
        }
    }
}

@Suite("Button groups")
struct ButtonGroupTests {
    /// German's toolbar: "Rückgängig" and "Wiederholen" do not fit a sixth of 800 px, and
    /// equal cells once showed them as ↶ and ↷ at the caption's size, under a tip that
    /// names the button "Rückgängig".
    static var german: [ButtonSpec] {
        [
            ButtonSpec(.back, "Level", leading: "‹ ", short: "‹ Level"), ButtonSpec(.undo, "Rückgängig", short: "↶"),
            ButtonSpec(.redo, "Wiederholen", short: "↷"), ButtonSpec(.restart, "Neustart"), ButtonSpec(.hint, "Hinweis"),
            ButtonSpec(.solution, "Lösung"),
        ]
    }

    @Test("a row whose equal cells would shorten or shrink a label gives each button the width its label needs")
    func contentWidths() throws {
        let metrics = Metrics(viewport: Size(width: 800, height: 600))
        let frame = Rect(x: 15, y: 530, width: 770, height: metrics.unit)
        let laid = try #require(
            ButtonGroup.grid(Self.german, in: frame, columns: 6, height: metrics.unit, gap: metrics.gap, scale: metrics.type))
        #expect(laid.map(\.label) == Self.german.map(\.label), "the full labels, no arrows")
        #expect(laid.allSatisfy { $0.labelPx == metrics.type.body }, "at the body's size: \(laid.map(\.labelPx))")
        for (control, spec) in zip(laid, Self.german) {
            #expect(
                Typesetter.fits(spec.leading + spec.label, px: control.labelPx, width: control.rect.width), "\(spec.label) fits its button")
            #expect(control.rect.height == metrics.unit && control.rect.y == frame.y)
        }
        for (left, right) in zip(laid, laid.dropFirst()) {
            #expect(abs(right.rect.x - left.rect.maxX - metrics.gap) < 0.001, "one gap between buttons")
        }
        #expect(abs((laid.last?.rect.maxX ?? 0) - frame.maxX) < 0.001 && laid.first?.rect.x == frame.x, "across the whole row")
        // English fits equal cells: they stay equal.
        let english = ["Levels", "Undo", "Redo", "Restart", "Hint", "Solution"].enumerated().map {
            ButtonSpec(.tile($0.offset), $0.element)
        }
        let equal = try #require(
            ButtonGroup.grid(english, in: frame, columns: 6, height: metrics.unit, gap: metrics.gap, scale: metrics.type))
        #expect(Set(equal.map(\.rect.width)).count == 1)
        #expect(equal.allSatisfy { $0.labelPx == metrics.type.body })
    }

    @Test("a shorter last row of tabs is centred under the others")
    func centredLastRow() throws {
        let metrics = Metrics(viewport: Size(width: 800, height: 600))
        let frame = Rect(x: 15, y: 80, width: 770, height: metrics.unit * 2 + metrics.gap)
        let specs = (0..<7).map { ButtonSpec(.tab($0), "Pack \($0)") }
        let laid = try #require(
            ButtonGroup.grid(specs, in: frame, columns: 4, height: metrics.unit, gap: metrics.gap, scale: metrics.type, maximumWidth: 200))
        let centred = ButtonGroup.centredLastRow(laid, in: frame)
        let last = centred.suffix(3)
        let middle = ((last.first?.rect.x ?? 0) + (last.last?.rect.maxX ?? 0)) / 2
        #expect(abs(middle - frame.center.x) < 0.001, "the last row's middle at \(middle), the frame's at \(frame.center.x)")
        #expect(Array(centred.prefix(4).map(\.rect)) == Array(laid.prefix(4).map(\.rect)), "the full row stays")
        #expect(zip(last, laid.suffix(3)).allSatisfy { $0.rect.width == $1.rect.width && $0.rect.y == $1.rect.y })
    }
}
