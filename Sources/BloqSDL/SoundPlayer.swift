import BloqCore
import BloqPlay
import CSDL2
import Glibc

/// Sound effects synthesised at start-up (no sound files) and mixed in SDL's audio
/// callback. Without an audio device the game is silent; nothing else changes.
final class SoundPlayer: @unchecked Sendable {
    static let sampleRate = 44_100
    private var device: SDL_AudioDeviceID = 0
    private let effects: [SoundCue: [Float]]
    /// Sounds playing: their samples and how far they are. Touched only under the device lock.
    fileprivate var voices: [(samples: [Float], position: Int)] = []

    init?() {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return nil }
        effects = SoundPlayer.synthesise()
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
        var obtained = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            return nil
        }
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        if device != 0 { SDL_CloseAudioDevice(device) }
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Starts a sound (at most eight at once; the oldest gives way).
    func play(_ cue: SoundCue) {
        guard device != 0, let samples = effects[cue] else { return }
        SDL_LockAudioDevice(device)
        if voices.count >= 8 { voices.removeFirst() }
        voices.append((samples, 0))
        SDL_UnlockAudioDevice(device)
    }

    /// Called on SDL's audio thread, with the device locked.
    fileprivate func mix(into stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let count = bytes / 2
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
