import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL
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
