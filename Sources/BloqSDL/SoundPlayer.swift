import BloqGame
import BloqPlay
import CSDL2
import Glibc
import Synchronization

/// Sound effects synthesised at start-up (no sound files) and mixed in SDL's audio
/// callback. Without an audio device the game is silent; nothing else changes.
///
/// The audio device is open only while something sounds: SDL 2 keeps a paused device
/// streaming silence to the sound server (its disk driver wrote 92 KB in a second of a
/// paused device), so PipeWire or PulseAudio would never let the sink idle, which costs a
/// phone its battery. The device opens at the first sound and closes `lingerSeconds`
/// after the last one ends; the opening and closing happen on a thread of their own
/// (`AudioDeviceThread`), as both wait on the sound server or on SDL's audio thread, and
/// the loop never waits. Sound off closes it at once.
final class SoundPlayer: Sendable {
    static let sampleRate = 44_100
    /// How long the device stays open after the last sound ends: the sounds of one move
    /// (the slide, its vanish, the clear) and of quick taps share one opening.
    static let lingerSeconds = 2.0
    private let effects: [SoundCue: [Float]]
    /// Sounds playing: their samples and how far they are (the callback mixes them).
    private let voices = Mutex<[(samples: [Float], position: Int)]>([])
    private let device: AudioDeviceThread
    /// When the last sound started so far ends, in seconds on the caller's clock.
    private let silentFrom = Mutex(-Double.infinity)

    /// Starts SDL's audio (the device opens at the first sound); nil when SDL has none.
    init?() {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return nil }
        effects = SoundPlayer.synthesise()
        device = AudioDeviceThread()
        device.start(mixer: self)
    }

    deinit {
        device.stop()
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Starts a sound (at most eight at once; the oldest gives way) at `now` seconds.
    func play(_ cue: SoundCue, now: Double) {
        guard let samples = effects[cue] else { return }
        voices.withLock { voices in
            if voices.count >= 8 { voices.removeFirst() }
            voices.append((samples, 0))
        }
        let ends = now + Double(samples.count) / Double(SoundPlayer.sampleRate)
        silentFrom.withLock { $0 = max($0, ends) }
        device.want(open: true)
    }

    /// Closes the device once nothing has sounded for `lingerSeconds` (call now and then,
    /// `now` in seconds on the clock `play` was given).
    func closeWhenSilent(now: Double) {
        if now >= silentFrom.withLock({ $0 }) + SoundPlayer.lingerSeconds { device.want(open: false) }
    }

    /// Whether the device is open now (the tests', and `BLOQ_TRACE_STARTUP`'s, question).
    var isDeviceOpen: Bool { device.isOpen }

    /// Called on SDL's audio thread.
    fileprivate func mix(into stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let count = bytes / 2
        voices.withLock { voices in
            stream.withMemoryRebound(to: Int16.self, capacity: count) { out in
                for index in 0..<count {
                    var sum: Float = 0
                    for voice in voices.indices where voices[voice].position < voices[voice].samples.count {
                        sum += voices[voice].samples[voices[voice].position]
                        voices[voice].position += 1
                    }
                    out[index] = Int16(max(-1, min(1, sum)) * 32_000)
                }
            }
            voices.removeAll { $0.position >= $0.samples.count }
        }
    }

    /// The device's format: 16-bit mono at 44.1 kHz, mixed by `mix`.
    fileprivate func specification() -> SDL_AudioSpec {
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(SoundPlayer.sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_S16LSB)
        wanted.channels = 1
        wanted.samples = 512
        wanted.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            Unmanaged<SoundPlayer>.fromOpaque(userdata).takeUnretainedValue().mix(into: stream, bytes: Int(length))
        }
        wanted.userdata = Unmanaged.passUnretained(self).toOpaque()
        return wanted
    }

    // MARK: Synthesis

    private static func synthesise() -> [SoundCue: [Float]] {
        [
            .slide: noiseSweep(seconds: 0.14, amplitude: 0.16),
            .vanish: chime(frequencies: [660, 990, 1320], seconds: 0.35, amplitude: 0.22),
            .clear: arpeggio([523.25, 659.25, 783.99, 1046.5], step: 0.09, amplitude: 0.2),
            .bump: thud(frequency: 95, seconds: 0.1, amplitude: 0.35),
            .click: chime(frequencies: [2200], seconds: 0.03, amplitude: 0.06),
        ]
    }

    private static func samples(_ seconds: Double) -> Int { Int(seconds * Double(sampleRate)) }

    /// A soft whoosh: noise through a low-pass filter that opens and closes.
    private static func noiseSweep(seconds: Double, amplitude: Float) -> [Float] {
        // White noise, seeded: cosmetic, from a generator of its own (never the game's).
        var random = SeededGenerator(seed: 7)
        var filtered: Float = 0
        let count = samples(seconds)
        return (0..<count).map { index in
            let t = Float(index) / Float(count)
            let cutoff = 0.05 + 0.25 * sin(Float.pi * t)
            filtered += cutoff * (Float(random.unit() * 2 - 1) - filtered)
            let envelope = sin(Float.pi * t)
            return filtered * envelope * amplitude * 2
        }
    }

    /// Bell-like partials with an exponential decay.
    private static func chime(frequencies: [Double], seconds: Double, amplitude: Float) -> [Float] {
        let count = samples(seconds)
        return (0..<count).map { index in
            let time = Double(index) / Double(sampleRate)
            let envelope = exp(-time * 9 / seconds) * min(time / 0.004, 1)
            var value = 0.0
            for (partial, frequency) in frequencies.enumerated() {
                value += sin(2 * Double.pi * frequency * time) / Double(partial + 1)
            }
            return Float(value * envelope) * amplitude
        }
    }

    private static func arpeggio(_ notes: [Double], step: Double, amplitude: Float) -> [Float] {
        let tail = 0.45
        var out = [Float](repeating: 0, count: samples(step * Double(notes.count) + tail))
        for (index, note) in notes.enumerated() {
            let tone = chime(frequencies: [note, note * 2], seconds: tail, amplitude: amplitude)
            let start = samples(step * Double(index))
            for (offset, value) in tone.enumerated() where start + offset < out.count { out[start + offset] += value }
        }
        return out
    }

    /// A low knock: a falling sine with a very short decay.
    private static func thud(frequency: Double, seconds: Double, amplitude: Float) -> [Float] {
        let count = samples(seconds)
        var phase = 0.0
        return (0..<count).map { index in
            let time = Double(index) / Double(sampleRate)
            phase += 2 * Double.pi * frequency * (1 - 0.4 * time / seconds) / Double(sampleRate)
            return Float(sin(phase) * exp(-time * 6 / seconds)) * amplitude
        }
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
    private let state = Mutex(State())
    /// Posted when the wish changed.
    private let wake = Semaphore()
    private let finished = Semaphore()

    func start(mixer: SoundPlayer) {
        let context = Unmanaged.passRetained(Work(thread: self, mixer: mixer)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
                work.thread.run(mixer: work.mixer)
                return nil
            }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Work>.fromOpaque(context).release()
            finished.post()
        }
    }

    private final class Work {
        let thread: AudioDeviceThread
        let mixer: SoundPlayer
        init(thread: AudioDeviceThread, mixer: SoundPlayer) {
            self.thread = thread
            self.mixer = mixer
        }
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

    private func run(mixer: SoundPlayer) {
        var device: SDL_AudioDeviceID = 0
        while true {
            wake.wait()
            let (wantsOpen, stopping) = state.withLock { ($0.wantsOpen, $0.stopping) }
            if stopping || !wantsOpen, device != 0 {
                SDL_CloseAudioDevice(device)
                device = 0
            } else if wantsOpen, !stopping, device == 0 {
                var wanted = mixer.specification()
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

/// A POSIX semaphore, for one thread to wake another.
private final class Semaphore: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() { sem_init(semaphore, 0, 0) }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    func post() { sem_post(semaphore) }

    func wait() { while sem_wait(semaphore) != 0, errno == EINTR {} }
}
