import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// Screens read the shell's state as a context and ask for what they want done; each
/// screen's layout is made once per change of what it is made from.
@Suite("Screens: a context to read, requests to make, a layout made once per change")
struct ScreenContextTests {
    /// Reads the play screen as a painter and the JSON do, several times a frame.
    private func look(_ screen: PlayScreen) {
        for _ in 0..<3 {
            _ = screen.layout
            _ = screen.controls
            _ = screen.texts
            _ = screen.toastBand
        }
    }

    @Test("a still board: the play screen's layout is made once in two seconds of frames, read three times each")
    func layoutOnce() throws {
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.5)
        let screen = try #require(app.playScreen)
        look(screen)
        let before = screen.layoutsMade
        for _ in 0..<120 {
            app.step(1.0 / 60)
            look(screen)
        }
        #expect(screen.layoutsMade == before, "made \(screen.layoutsMade - before) times while nothing changed")
        // A move changes the header, the toolbar and the record: made again, a few times
        // at most (the move, its landing, the line kept), not every frame.
        app.perform(.play(.pushAtCursor(.right)))
        for _ in 0..<120 {
            app.step(1.0 / 60)
            look(screen)
        }
        let afterMove = screen.layoutsMade - before
        #expect(afterMove >= 1 && afterMove <= 8, "made \(afterMove) times over a move and two seconds")
    }

    @Test("a toast in the shell's band: it, and whether the play screen spares the room, are laid out once, not at every step")
    func sparesOnce() throws {
        // At 400x300 the long notice does not fit the message band: the shell's band has it.
        let (app, say) = try BoardUnderNoticeTests.app(Size(width: 400, height: 300), notice: BoardUnderNoticeTests.long)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        say()
        run(app, 0.5)
        let screen = try #require(app.playScreen)
        #expect(app.toastBand != nil)
        let trials = screen.trialsMade
        let toasts = app.toastLayoutsMade
        for _ in 0..<120 {
            app.step(1.0 / 60)
            look(screen)
            _ = app.toastTexts
        }
        #expect(screen.trialsMade == trials, "\(screen.trialsMade - trials) trial layouts in two seconds of a still board")
        #expect(app.toastLayoutsMade == toasts, "the toast laid out \(app.toastLayoutsMade - toasts) times")
        #expect(app.toastBand != nil)
    }

    @Test("a new window size is a new context: the layout follows it")
    func resize() throws {
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.3)
        let screen = try #require(app.playScreen)
        let wide = screen.layout.boardArea
        app.handle(.resized(Size(width: 360, height: 640)))
        #expect(screen.context.window == Size(width: 360, height: 640))
        #expect(screen.layout.boardArea != wide && screen.layout.boardArea.maxX <= 360)
    }

    @Test("a screen's requests are carried out after its call; one from a screen no longer shown is dropped")
    func requests() throws {
        let app = testApp()
        app.showAbout()
        let about = try #require(app.root.screen as? AboutScreen)
        about.activate(.back)
        // Asked, not done: the shell carries it out when it settles.
        #expect(app.root.kind == .about)
        app.settle()
        #expect(app.root.kind == .title)
        // The About screen, gone, asks again: nothing happens.
        about.activate(.back)
        app.settle()
        #expect(app.root.kind == .title && !app.wantsQuit)
    }

    @Test("settings change by request: the screen asks, the shell saves, the next context says so")
    func settings() throws {
        let app = testApp()
        app.showSettings()
        let screen = try #require(app.root.screen as? SettingsScreen)
        let generation = screen.context.generation
        let sound = app.settings.sound
        app.handle(.pointer(tap(on: .toggle(.sound), in: screen, down: true)))
        app.handle(.pointer(tap(on: .toggle(.sound), in: screen, down: false)))
        #expect(app.settings.sound == !sound)
        #expect(screen.context.settings.sound == !sound && screen.context.generation > generation)
    }

    private func tap(on id: ControlID, in screen: any AppScreen, down: Bool) -> PointerEvent {
        let point = screen.controls.first { $0.id == id }?.rect.center ?? Point(x: -1, y: -1)
        return PointerEvent(pointer: .mouse, phase: down ? .down : .up, location: point, time: down ? 0 : 0.1)
    }
}
