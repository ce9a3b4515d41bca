import Testing

@testable import BloqSDL

/// The screen kept awake only in a level, and by one means (issue 36, docs/platform.md):
/// `ScreenSleep` with stand-ins for the game's own Wayland inhibitor and SDL's switch, so
/// nothing here starts SDL or talks to a compositor (scripts/wayland-check.sh does that).
@Suite("The screen may sleep, except in a level")
struct ScreenSleepTests {
    /// A means that records what it was asked.
    final class Recorder: ScreenKeeper {
        var calls: [String] = []
        var fails = false
        let name: String

        init(_ name: String) { self.name = name }

        func keepAwake(_ awake: Bool) -> Bool {
            calls.append(awake ? "awake" : "sleep")
            return !fails
        }

        func close() { calls.append("close") }
    }

    /// How many times the own inhibitor was asked for.
    final class Count { var value = 0 }

    /// A ScreenSleep whose own inhibitor is `own` (nil: none to be had), counting the tries.
    struct Fixture {
        let own: Recorder?
        let sdl = Recorder("sdl")
        let opens = Count()
        let sleep: ScreenSleep

        init(own: Recorder?) {
            self.own = own
            let opens = opens
            sleep = ScreenSleep(
                openOwn: {
                    opens.value += 1
                    return own
                }, fallback: sdl)
        }
    }

    static let fiveMinutes = ScreenSleep.awakeAfterInput

    @Test("awake only while a level is played in a shown window with input under five minutes old")
    func policy() {
        #expect(ScreenSleep.awakeAfterInput == 300_000)
        #expect(ScreenSleep.wantsAwake(playingLevel: true, shown: true, millisecondsSinceInput: 0))
        #expect(ScreenSleep.wantsAwake(playingLevel: true, shown: true, millisecondsSinceInput: Self.fiveMinutes - 1))
        #expect(!ScreenSleep.wantsAwake(playingLevel: true, shown: true, millisecondsSinceInput: Self.fiveMinutes))
        // SDL's ticks wrap after 49.7 days: input just before the wrap is a moment ago.
        let lastInput: UInt32 = .max - 500
        let now: UInt32 = 1_000
        #expect(ScreenSleep.wantsAwake(playingLevel: true, shown: true, millisecondsSinceInput: now &- lastInput))
        // The title, a cleared board, a minimised window.
        #expect(!ScreenSleep.wantsAwake(playingLevel: false, shown: true, millisecondsSinceInput: 0))
        #expect(!ScreenSleep.wantsAwake(playingLevel: true, shown: false, millisecondsSinceInput: 0))
    }

    @Test("the title asks for nothing: no means is even chosen")
    func titleAsksNothing() {
        let fixture = Fixture(own: Recorder("own"))
        for _ in 0..<3 { fixture.sleep.follow(awake: false) }
        #expect(fixture.opens.value == 0)
        #expect(fixture.own?.calls == [])
        #expect(fixture.sdl.calls == [])
        fixture.sleep.close()
        #expect(fixture.own?.calls == [])
    }

    @Test("with the own inhibitor: made in a level, destroyed at the clear, again in the next; SDL's switch never used")
    func ownInhibitor() {
        let fixture = Fixture(own: Recorder("own"))
        let sleep = fixture.sleep
        // A level opens; frames go by.
        for _ in 0..<3 { sleep.follow(awake: true) }
        #expect(sleep.isAwake && sleep.usesOwnInhibitor)
        // Cleared (or left, or minimised, or five minutes without input).
        sleep.follow(awake: false)
        sleep.follow(awake: false)
        // The next level.
        sleep.follow(awake: true)
        sleep.close()
        #expect(fixture.opens.value == 1, "the means is chosen once")
        #expect(fixture.own?.calls == ["awake", "sleep", "awake", "sleep", "close"])
        #expect(fixture.sdl.calls == [], "SDL_DisableScreenSaver would make an inhibitor SDL never destroys")
        #expect(!sleep.isAwake)
    }

    @Test("without the protocol (X11, or a compositor without idle-inhibit): SDL's switch, asked once")
    func sdlFallback() {
        let fixture = Fixture(own: nil)
        let sleep = fixture.sleep
        sleep.follow(awake: true)
        sleep.follow(awake: false)
        sleep.follow(awake: true)
        sleep.follow(awake: true)
        sleep.close()
        #expect(fixture.opens.value == 1, "no new try for the own inhibitor each time")
        #expect(!sleep.usesOwnInhibitor)
        #expect(fixture.sdl.calls == ["awake", "sleep", "awake", "sleep", "close"])
    }

    @Test("the own inhibitor failing (the compositor's connection broke) hands over to SDL's switch")
    func ownFails() {
        let own = Recorder("own")
        let fixture = Fixture(own: own)
        let sleep = fixture.sleep
        sleep.follow(awake: true)
        own.fails = true
        sleep.follow(awake: false)
        #expect(!sleep.usesOwnInhibitor)
        #expect(own.calls == ["awake", "sleep", "close"])
        #expect(fixture.sdl.calls == ["sleep"])
        sleep.follow(awake: true)
        #expect(fixture.sdl.calls == ["sleep", "awake"])
        #expect(own.calls.count == 3, "the failed inhibitor is asked nothing more")
    }

    @Test("closed while awake: the inhibitor is destroyed before the window goes")
    func closeWhileAwake() {
        let fixture = Fixture(own: Recorder("own"))
        fixture.sleep.follow(awake: true)
        fixture.sleep.close()
        #expect(fixture.own?.calls == ["awake", "sleep", "close"])
        #expect(!fixture.sleep.isAwake)
    }
}
