import BloqPlay
import BloqSync
import CSDL2
import Glibc

/// The game's sounds (BloqPlay's `Music`, `SoundBank` and `SoundMixer`: synthesised when
/// sound is first wanted, no sound files) mixed in SDL's audio callback. Without an audio
/// device the game is silent; nothing else changes.
///
/// The audio device is open only while something sounds: SDL 2 keeps a paused device
/// streaming silence to the sound server (its disk driver wrote 92 KB in a second of a
/// paused device), so PipeWire or PulseAudio would never let the sink idle, which costs a
/// phone its battery. The device opens at the first sound and closes `lingerSeconds`
/// after the last one ends; the opening and closing happen on a thread of their own
/// (`AudioDeviceThread`), as both wait on the sound server or on SDL's audio thread, and
/// the loop never waits for it. Sound off closes it at once: dropping the player waits for
/// its thread to close the device (SDL finishes the buffer it is playing, 512 samples).
///
/// Dropping the player (sound turned off, the game ending) stops its thread, which closes
/// the device first: the thread holds only the output the callback reads, never the player.
final class SoundPlayer: Sendable {
    /// How long the device stays open after the last sound ends: the sounds of one move
    /// (the slide, its vanish, the clear) and of quick taps share one opening.
    static let lingerSeconds = 2.0
    private let output = SoundOutput()
    private let device: AudioDeviceThread
    /// When the last sound started so far ends, in seconds on the caller's clock.
    private let silentFrom = Locked(-Double.infinity)

    /// Starts SDL's audio (the device opens at the first sound); nil when SDL has none.
    init?() {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return nil }
        device = AudioDeviceThread()
        device.start(output: output)
    }

    deinit {
        device.stop()
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Starts a sound (at most `SoundMixer.maxVoices` at once; the oldest gives way) at
    /// `now` seconds. One asked for before the sounds are made (in the milliseconds after
    /// the first frame, before any input) is not heard.
    func play(_ cue: SoundCue, now: Double) {
        output.mixer.withLock { $0?.start(cue) }
        let ends = now + SoundBank.duration(of: cue)
        silentFrom.withLock { $0 = max($0, ends) }
        device.want(open: true)
    }

    /// Closes the device once nothing has sounded for `lingerSeconds` (call now and then,
    /// `now` in seconds on the clock `play` was given).
    func closeWhenSilent(now: Double) {
        if now >= silentFrom.withLock({ $0 }) + SoundPlayer.lingerSeconds { device.want(open: false) }
    }

    /// Whether the device is open now (the tests' question).
    var isDeviceOpen: Bool { device.isOpen }

    /// Whether the sounds are made (the device thread makes them as it starts).
    var isReady: Bool { output.mixer.withLock { $0 != nil } }
}

/// What SDL's audio callback reads: the sounds playing. Held by the player and by the
/// device thread, which closes the device before it lets go (the callback's pointer to it
/// is unretained). The callback and `play` share the mixer's lock; each holds it for a
/// buffer's mix (512 samples) or a voice's start at most.
private final class SoundOutput: Sendable {
    /// The sounds playing (the callback mixes them); nil until the device thread has
    /// synthesised them (`SoundBank`, a few milliseconds the loop does not wait for).
    let mixer = Locked<SoundMixer?>(nil)

    /// Called on SDL's audio thread.
    fileprivate func mix(into stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let count = bytes / 2
        stream.withMemoryRebound(to: Int16.self, capacity: count) { out in
            // The limiter keeps every value inside -1...1, so the product fits an Int16.
            let mixed: Void? = mixer.withLock { $0?.mix(frames: count) { index, value in out[index] = Int16(value * 32_767) } }
            if mixed == nil { out.update(repeating: 0, count: count) }
        }
    }

    /// Synthesises the sounds (on the device thread, when it starts).
    fileprivate func prepare() {
        let made = SoundMixer(bank: SoundBank())
        mixer.withLock { $0 = made }
    }

    /// The device's format: 16-bit mono at 44.1 kHz, mixed by `mix`.
    fileprivate func specification() -> SDL_AudioSpec {
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(SoundBank.sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_S16LSB)
        wanted.channels = 1
        wanted.samples = 512
        wanted.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            Unmanaged<SoundOutput>.fromOpaque(userdata).takeUnretainedValue().mix(into: stream, bytes: Int(length))
        }
        wanted.userdata = Unmanaged.passUnretained(self).toOpaque()
        return wanted
    }
}

/// The thread that opens and closes the audio device, so the loop never waits for it:
/// opening asks the sound server for a stream, closing waits for SDL's audio thread to
/// finish its buffer. The loop says what it wants (`want(open:)`); the thread makes it so.
private final class AudioDeviceThread: Sendable {
    private struct State {
        var wantsOpen = false
        var stopping = false
        var isOpen = false
    }
    private let state = Locked(State())
    /// Posted when the wish changed.
    private let wake = Semaphore()
    private let finished = Semaphore()

    func start(output: SoundOutput) {
        if !detachThread({ self.run(output: output) }) { finished.post() }
    }

    /// Asks for the device open or closed (at once: the thread does it).
    func want(open: Bool) {
        let changed = state.withLock { state -> Bool in
            guard state.wantsOpen != open else { return false }
            state.wantsOpen = open
            return true
        }
        if changed { wake.post() }
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Closes the device and ends the thread; returns when it has.
    func stop() {
        state.withLock { $0.stopping = true }
        wake.post()
        finished.wait()
    }

    private func run(output: SoundOutput) {
        output.prepare()
        var device: SDL_AudioDeviceID = 0
        while true {
            wake.wait()
            let (wantsOpen, stopping) = state.withLock { ($0.wantsOpen, $0.stopping) }
            if stopping || !wantsOpen, device != 0 {
                SDL_CloseAudioDevice(device)
                device = 0
                // What had not finished does not play, stale, at the next opening.
                output.mixer.withLock { $0?.stopAll() }
            } else if wantsOpen, !stopping, device == 0 {
                var wanted = output.specification()
                var obtained = SDL_AudioSpec()
                device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
                if device != 0 { SDL_PauseAudioDevice(device, 0) }
            }
            let open = device != 0
            state.withLock { $0.isOpen = open }
            if stopping { break }
        }
        finished.post()
    }
}
