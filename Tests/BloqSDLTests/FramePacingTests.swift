import Testing

@testable import BloqSDL

extension SDLSuite {
    @Suite("Frame pacing")
    struct FramePacingTests {
        @Test("SDL's software renderer never counts as waiting for the display: the loop keeps its own 60 frames a second")
        func softwareRendererIsPaced() throws {
            let window = try SDLWindow(options: WindowOptions(width: 200, height: 150, headless: true))
            #expect(window.rendererName == "software")
            #expect(!window.hasVSync)
        }
    }
}
