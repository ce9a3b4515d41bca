import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL
import BloqTestSupport
import Foundation
import Testing

extension SDLSuite {
    @Suite("The shell through SDL, headless")
    struct ShellPixelTests {
        static func app(symbols: Bool = false, viewport: Size = Size(width: 800, height: 600)) -> AppController {
            let board = Board(["RB.", "GO.", "..Y"]) ?? Board(["R.", ".R"])!
            let pack = PackEntry(
                title: "Test", items: [.playable(PlayableLevel(name: "a.bloq", level: Level(title: "A", par: 3, board: board)))])
            var settings = Settings()
            settings.colorBlindSymbols = symbols
            return AppController(
                environment: AppEnvironment(packs: [pack], settings: SettingsStorage(initial: settings)),
                viewport: viewport)
        }

        /// The frame with the preview card of the first tile open.
        static func previewFrame(symbols: Bool) throws -> [UInt32] {
            let headless = try HeadlessGame(app: { Self.app(symbols: symbols, viewport: $0) })
            let app = headless.app
            app.showLevels()
            let tile = try #require(app.top.controls.first { $0.id == .tile(0) })
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
            for _ in 0..<200 { app.step(FixedStepClock.step) }
            #expect(app.root.levelList?.preview?.isOpen == true)
            return try headless.pixels().pixels
        }

        @Test("the preview card draws colour-blind symbols on its board when they are on")
        func previewSymbols() throws {
            let plain = try Self.previewFrame(symbols: false)
            let marked = try Self.previewFrame(symbols: true)
            let card = PreviewCard.cardFrame(Metrics(viewport: Size(width: 800, height: 600)))
            var differing = 0
            for y in Int(card.minY)..<Int(card.maxY) {
                for x in Int(card.minX)..<Int(card.maxX) where plain[y * 800 + x] != marked[y * 800 + x] { differing += 1 }
            }
            #expect(differing > 500, "symbols drawn on the card's blocks (\(differing) pixels differ)")
        }

        /// The title in `theme` at `contrast`, as 0xAARRGGBB pixels of an 800x600 frame.
        static func titleFrame(_ theme: ThemeSetting, _ contrast: ContrastSetting) throws -> [UInt32] {
            let headless = try HeadlessGame(app: { viewport in
                let app = Self.app(viewport: viewport)
                app.settings.theme = theme
                app.settings.contrast = contrast
                return app
            })
            return try headless.pixels().pixels
        }

        @Test("each theme draws its own ground: the gradient's colours near the top and a quarter down the left edge")
        func themes() throws {
            for (theme, contrast, palette) in [
                (ThemeSetting.dark, ContrastSetting.normal, Palette.dark), (.light, .normal, .light),
                (.dark, .high, .darkHighContrast), (.light, .high, .lightHighContrast),
            ] {
                let frame = try Self.titleFrame(theme, contrast)
                // Near the top and a quarter down, at x = 2
                // (the backdrop's discs are off the right top and left bottom corners).
                for (y, fraction) in [(12, 12.0 / 600), (150, 150.0 / 600)] {
                    let drawn = frame[y * 800 + 2]
                    let expected = palette.background(at: fraction)
                    let channels: [Int] = [Int((drawn >> 16) & 0xFF), Int((drawn >> 8) & 0xFF), Int(drawn & 0xFF)]
                    let wanted: [Int] = [Int(expected.r), Int(expected.g), Int(expected.b)]
                    let distance = zip(channels, wanted).map { abs($0 - $1) }.max() ?? 0
                    // A band's colour is its middle's: a few units from the exact gradient.
                    #expect(distance <= 6, "\(theme), \(contrast) at y \(y): drawn \(String(drawn, radix: 16)), expected \(expected)")
                }
            }
        }

        @Test("a hint's marks and ghosts never cover a neighbour: every other block's cell stays as it was drawn")
        func hintCoversNoNeighbour() throws {
            // Full House's hint: blue down one, then red down through where the blue was.
            let headless = try HeadlessGame(level: try shippedLevel("levels/easy/100-full-house.bloq"))
            headless.frame(elapsed: 0.1)
            let before = try headless.pixels()
            key(headless.app, "H")
            let game = try #require(headless.game)
            var moving: Set<CellPosition> = []
            var frames = 0
            for _ in 0..<60 {
                headless.frame(elapsed: 0.05)
                var board = game.scene.board
                for move in game.hint {
                    moving.insert(move.from)
                    guard let slide = board.slide(move) else { break }
                    board = slide.result
                }
                guard !game.hint.isEmpty else { continue }
                frames += 1
                let now = try headless.pixels()
                for position in game.scene.board.positions where !moving.contains(position) {
                    guard case .block = game.scene.board[position] else { continue }
                    let rect = game.layout.cellRect(row: Double(position.row), column: Double(position.column))
                    var changed = 0
                    for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY) {
                        for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX)
                        where now.pixels[y * now.width + x] != before.pixels[y * before.width + x] {
                            changed += 1
                        }
                    }
                    #expect(changed == 0, "frame \(frames): the block at \(position) was drawn over (\(changed) pixels)")
                }
            }
            #expect(game.hint.count == 2 && frames > 20, "the hint showed (\(game.hint), \(frames) frames)")
            #expect(moving.count == 2)
            // The second move (red, down two) crosses the first's blue, there until it moves:
            // its ghost's lane is its own cell only; the first's runs to where it stops.
            let lanes = game.hintLanes.map { "\($0.from.row),\($0.from.column)-\($0.to.row),\($0.to.column)" }
            #expect(lanes == ["1,2-2,2", "0,2-0,2"], "\(lanes)")
        }

        @Test("a window that is not headless on SDL's offscreen driver is an error: there is no display")
        func noDisplay() throws {
            // Headless tests run with SDL_VIDEODRIVER=offscreen: exactly the silent fallback.
            #expect(ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == "offscreen")
            do {
                _ = try SDLWindow(options: WindowOptions(width: 800, height: 600, headless: false))
                Issue.record("a window opened with no display")
            } catch {
                #expect("\(error)".contains("no display found"), "\(error)")
                #expect("\(error)".contains("Xvfb"))
            }
        }
    }
}

@Suite("Renderer choice")
struct RendererChoiceTests {
    @Test("no GPU device: SDL's software renderer; a GPU: the accelerated one; BLOQ_RENDERER forces either")
    func choice() {
        #expect(RendererChoice.decide(environment: [:], deviceNodes: []) == .software)
        #expect(RendererChoice.decide(environment: [:], deviceNodes: ["/dev/dri/card0", "/dev/dri/renderD128"]) == .accelerated)
        #expect(RendererChoice.decide(environment: [:], deviceNodes: ["/dev/nvidia0"]) == .accelerated)
        #expect(RendererChoice.decide(environment: ["BLOQ_RENDERER": "software"], deviceNodes: ["/dev/dri/card0"]) == .software)
        #expect(RendererChoice.decide(environment: ["BLOQ_RENDERER": "accelerated"], deviceNodes: []) == .accelerated)
        #expect(RendererChoice.decide(environment: ["BLOQ_RENDERER": "fast"], deviceNodes: []) == .software, "an unknown value is ignored")
    }

    @Test("on Wayland, OpenGL whatever the machine (SDL 2's Wayland has no software surface), llvmpipe kept")
    func wayland() {
        #expect(RendererChoice.decide(environment: [:], deviceNodes: [], videoDriver: "wayland") == .accelerated)
        #expect(RendererChoice.decide(environment: ["BLOQ_RENDERER": "software"], deviceNodes: [], videoDriver: "wayland") == .accelerated)
        #expect(!RendererChoice.swapsSoftwareGL(environment: [:], videoDriver: "wayland"))
        #expect(RendererChoice.swapsSoftwareGL(environment: [:], videoDriver: "x11"))
        #expect(!RendererChoice.swapsSoftwareGL(environment: ["BLOQ_RENDERER": "accelerated"], videoDriver: "x11"))
    }

    @Test("Wayland first in a Wayland session, SDL's own order elsewhere, the player's SDL_VIDEODRIVER always")
    func videoDriver() {
        #expect(VideoDriverChoice.preference(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == "wayland,x11")
        #expect(VideoDriverChoice.preference(environment: ["DISPLAY": ":0"]) == nil)
        #expect(VideoDriverChoice.preference(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":0"]) == nil)
        #expect(VideoDriverChoice.preference(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]) == nil)
        #expect(VideoDriverChoice.mayFallBackToX11(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]))
        #expect(!VideoDriverChoice.mayFallBackToX11(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(!VideoDriverChoice.mayFallBackToX11(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "wayland"]))
    }

    @Test("Mesa's software rasterisers are recognised by their GL_RENDERER names")
    func softwareGL() {
        #expect(RendererChoice.isSoftwareGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(RendererChoice.isSoftwareGL("softpipe"))
        #expect(RendererChoice.isSoftwareGL("Software Rasterizer"))
        #expect(!RendererChoice.isSoftwareGL("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)"))
        #expect(!RendererChoice.isSoftwareGL("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
    }
}

@Suite("The X11 desktop's scale")
struct DesktopScaleTests {
    @Test("Xft.dpi over 96, as xrdb and the desktops' settings daemons set it; else GDK_SCALE; else 1")
    func parse() {
        #expect(DesktopScale.parse(resources: "Xcursor.size:\t48\nXft.antialias:\t1\nXft.dpi:\t192\n", gdkScale: nil) == 2)
        #expect(DesktopScale.parse(resources: "Xft.dpi: 144", gdkScale: "2") == 1.5, "KDE's 1.5; Xft.dpi before GDK_SCALE")
        #expect(DesktopScale.parse(resources: "Xft.dpi:\t120.0\r\n", gdkScale: nil) == 1.25)
        #expect(DesktopScale.parse(resources: "Xft.dpi:\t96\nXft.dpi:\t192\n", gdkScale: nil) == 2, "the last one wins, as in xrdb")
        #expect(DesktopScale.parse(resources: "Xft.dpi:\t96\n", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: nil, gdkScale: "2") == 2)
        #expect(DesktopScale.parse(resources: "Xcursor.theme: Adwaita\n", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: nil, gdkScale: nil) == 1)
    }

    @Test("a scale never makes things smaller than at 96 DPI, nor larger than 4, and nonsense is ignored")
    func bounds() {
        #expect(DesktopScale.parse(resources: "Xft.dpi: 72", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: "Xft.dpi: 960", gdkScale: nil) == DesktopScale.largest)
        #expect(DesktopScale.parse(resources: "Xft.dpi: big", gdkScale: "2") == 2)
        #expect(DesktopScale.parse(resources: "Xft.dpi: 0", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: "Xft.dpi: nan", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: "Xft.dpi: inf", gdkScale: nil) == 1)
        #expect(DesktopScale.parse(resources: "Xft.dpi", gdkScale: "-1") == 1)
        #expect(DesktopScale.parse(resources: "Xft.dpis: 192\nMyXft.dpi: 192", gdkScale: nil) == 1)
    }
}
