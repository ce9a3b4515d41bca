import Glibc
import Testing

@testable import BloqSDL

extension SDLSuite {
    /// The audio device through SDL's dummy driver: open while something sounds, and closed
    /// with its thread gone once the player is dropped (sound turned off), even right after
    /// a sound, when the device would otherwise linger.
    @Suite("Sound's device and thread")
    struct SoundPlayerTests {
        /// Waits for `condition`, looking every 10 ms, for up to a minute (a bound far past
        /// any machine's pace: the test asserts that it happens, not how soon).
        func eventually(_ condition: () -> Bool) -> Bool {
            for _ in 0..<6_000 {
                if condition() { return true }
                usleep(10_000)
            }
            return condition()
        }

        @Test("a sound opens the device; dropping the player then closes it and ends its thread (nothing keeps it alive)")
        func droppedPlayerLetsGo() throws {
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            var player: SoundPlayer? = SoundPlayer()
            try #require(player != nil, "SDL's dummy audio driver started")
            #expect(eventually { player?.isReady == true }, "the sounds were made on the device thread")
            #expect(player?.isDeviceOpen == false, "nothing has sounded: the device is closed")
            player?.play(.click, now: 0)
            #expect(eventually { player?.isDeviceOpen == true }, "a sound opened the device")
            weak let dropped = player
            player = nil
            #expect(dropped == nil, "the player was freed as sound was turned off (its thread held it before)")
        }
    }
}
