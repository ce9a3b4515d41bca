import BloqGame
import Glibc

/// Every sound of the game, synthesised once at start-up (no sound files): per colour a
/// slide and a knock, a bell per vanish step, the clear, the bump and the click, mono at
/// `sampleRate`. Each starts and ends at zero (raised-cosine ramps, so nothing clicks) and
/// peaks at its `Level` (docs/design.md, "Sound").
public final class SoundBank: Sendable {
    public static let sampleRate = 44_100

    /// The peak of each kind of sound, in dBFS (0 is full scale).
    public enum Level {
        public static let slide = -30.0
        public static let land = -27.0
        public static let bell = -22.0
        public static let clear = -18.0
        public static let bump = -26.0
        public static let click = -36.0
    }

    /// The sounds' samples in -1...1, indexed as `voices(for:)` says.
    public let buffers: [[Float]]

    /// Where the knocks, the bells and the clear (then the bump and the click) start in
    /// `buffers`, noted as they are made. Instance constants, not statics: the audio thread
    /// reads them, and a static's first reading builds it there (`BlockColor.allCases`, 40
    /// bytes of heap in a debug build).
    private let knocks, bells, clear: Int

    public init() {
        var buffers: [[Float]] = []
        for color in BlockColor.allCases { buffers.append(SoundBank.slide(Music.frequency(degree: Music.degree(of: color)))) }
        knocks = buffers.count
        for color in BlockColor.allCases { buffers.append(SoundBank.knock(Music.frequency(degree: Music.degree(of: color)))) }
        bells = buffers.count
        for step in 0..<Music.vanishSteps { buffers.append(SoundBank.bell(Music.frequency(degree: step))) }
        clear = buffers.count
        buffers.append(SoundBank.clearChord())
        buffers.append(SoundBank.bump())
        buffers.append(SoundBank.click())
        self.buffers = buffers
    }

    /// The buffers `cue` starts: one, or two for a vanish (the knock, then the bell).
    public func voices(for cue: SoundCue) -> (first: Int, second: Int?) {
        switch cue {
        case .slide(let color): (color.index, nil)
        case .land(let color): (knocks + color.index, nil)
        case .vanish(let color, let step): (knocks + color.index, bells + min(max(step, 0), Music.vanishSteps - 1))
        case .clear: (clear, nil)
        case .bump: (clear + 1, nil)
        case .click: (clear + 2, nil)
        }
    }

    /// How long each kind of sound lasts, in seconds.
    enum Length {
        static let slide = 0.24
        static let knock = 0.14
        static let bell = 0.7
        static let stagger = 0.09
        static let clearNote = 0.9
        static let bump = 0.12
        static let click = 0.03
    }

    /// How long `cue` sounds, in seconds (known before the sounds are made: the player
    /// keeps the device open that long).
    public static func duration(of cue: SoundCue) -> Double {
        switch cue {
        case .slide: Length.slide
        case .land: Length.knock
        case .vanish: max(Length.knock, Length.bell)
        case .clear: clearDelay + Length.stagger * Double(Music.clearDegrees.count - 1) + Length.clearNote
        case .bump: Length.bump
        case .click: Length.click
        }
    }

    // MARK: The voice's timbres

    /// A slide: the colour's note, swelling in over 25 ms and dying away (a sine, a soft
    /// second partial, a copy 0.8 Hz sharp that beats slowly against it).
    static func slide(_ frequency: Double) -> [Float] {
        tone(
            frequency, partials: [(1, 1), (2, 0.18)], shimmer: 0.8, attack: 0.025, decay: 0.09, seconds: Length.slide,
            peak: Level.slide)
    }

    /// A stop: the colour's note as a short soft knock.
    static func knock(_ frequency: Double) -> [Float] {
        tone(frequency, partials: [(1, 1), (2, 0.3)], shimmer: 0, attack: 0.003, decay: 0.05, seconds: Length.knock, peak: Level.land)
    }

    /// A vanish: a bell, its upper partials dying faster than the fundamental.
    static func bell(_ frequency: Double) -> [Float] {
        tone(
            frequency, partials: [(1, 1), (2, 0.28), (3, 0.08)], shimmer: 0.8, attack: 0.004, decay: 0.22, seconds: Length.bell,
            peak: Level.bell)
    }

    /// How long the clear waits before its first note: the last vanish's bell (which
    /// sounds at the same moment) speaks first.
    public static let clearDelay = 0.12

    /// The clear: after `clearDelay`, the tonic chord's bells one after another, 90 ms
    /// apart, ringing together.
    static func clearChord() -> [Float] {
        let stagger = samples(Length.stagger)
        let delay = samples(clearDelay)
        let notes = Music.clearDegrees.map { degree in
            tone(
                Music.frequency(degree: degree), partials: [(1, 1), (2, 0.25), (3, 0.06)], shimmer: 0.8, attack: 0.004,
                decay: 0.35, seconds: Length.clearNote, peak: 0)
        }
        var out = [Float](repeating: 0, count: delay + stagger * (notes.count - 1) + notes.map(\.count).max(or: 0))
        for (index, note) in notes.enumerated() {
            for (offset, value) in note.enumerated() { out[delay + index * stagger + offset] += value }
        }
        return normalised(out, peak: Level.clear)
    }

    /// A push that cannot move: a dull D3 (the key's fifth, low), soon gone.
    static func bump() -> [Float] {
        tone(
            Music.frequency(degree: -7), partials: [(1, 1), (3, 0.1)], shimmer: 0, attack: 0.003, decay: 0.04, seconds: Length.bump,
            peak: Level.bump)
    }

    /// A control pressed: a tiny tick on G6.
    static func click() -> [Float] {
        tone(
            Music.frequency(degree: 10), partials: [(1, 1)], shimmer: 0, attack: 0.001, decay: 0.008, seconds: Length.click,
            peak: Level.click)
    }

    /// How many samples `seconds` take.
    public static func samples(_ seconds: Double) -> Int { Int(seconds * Double(sampleRate)) }

    /// A note of `seconds`: `partials` (multiples of `frequency`, amplitudes) each decaying
    /// exponentially with time constant `decay / multiple`, 30 % of the fundamental moved
    /// to a copy `shimmer` Hz sharp (a slow beat, its loudness swaying between 40 % and
    /// 100 %); a raised-cosine `attack` from 0 and a 15 ms raised-cosine
    /// fade to 0 at the end; scaled to peak at `peak` dBFS. Oscillators and decays are
    /// rotations and products (no sin or exp per sample), so start-up stays cheap.
    static func tone(
        _ frequency: Double, partials: [(multiple: Double, amplitude: Double)], shimmer: Double, attack: Double, decay: Double,
        seconds: Double, peak: Double
    ) -> [Float] {
        var oscillators = partials.filter { $0.multiple * frequency < Double(sampleRate) / 2 }.map {
            Oscillator(frequency: frequency * $0.multiple, amplitude: $0.amplitude, decay: decay / $0.multiple)
        }
        if shimmer != 0, let fundamental = oscillators.first {
            oscillators[0].amplitude = fundamental.amplitude * 0.7
            oscillators.append(Oscillator(frequency: frequency + shimmer, amplitude: fundamental.amplitude * 0.3, decay: decay))
        }
        let count = samples(seconds)
        let attackSamples = max(1, samples(attack))
        let releaseSamples = min(samples(0.015), count / 2)
        var out = [Float](repeating: 0, count: count)
        for index in 0..<count {
            var value = 0.0
            for oscillator in oscillators.indices { value += oscillators[oscillator].next() }
            var envelope = 1.0
            if index < attackSamples { envelope = 0.5 - 0.5 * cos(Double.pi * Double(index) / Double(attackSamples)) }
            let left = count - 1 - index
            if left < releaseSamples { envelope *= 0.5 - 0.5 * cos(Double.pi * Double(left) / Double(releaseSamples)) }
            out[index] = Float(value * envelope)
        }
        return normalised(out, peak: peak)
    }

    /// `samples` scaled so that their peak is `peak` dBFS.
    static func normalised(_ samples: [Float], peak: Double) -> [Float] {
        let highest = samples.reduce(Float(0)) { max($0, abs($1)) }
        guard highest > 0 else { return samples }
        let scale = Float(pow(10, peak / 20)) / highest
        return samples.map { $0 * scale }
    }

    /// A sine that decays, advanced by a rotation per sample (in Double: over a second of
    /// samples its amplitude drifts by less than 1e-10).
    private struct Oscillator {
        var amplitude: Double
        private var cosine = 1.0
        private var sine = 0.0
        private let stepCosine: Double
        private let stepSine: Double
        private let fade: Double

        init(frequency: Double, amplitude: Double, decay: Double) {
            self.amplitude = amplitude
            let angle = 2 * Double.pi * frequency / Double(SoundBank.sampleRate)
            stepCosine = cos(angle)
            stepSine = sin(angle)
            fade = exp(-1 / (decay * Double(SoundBank.sampleRate)))
        }

        mutating func next() -> Double {
            let value = amplitude * sine
            (cosine, sine) = (cosine * stepCosine - sine * stepSine, sine * stepCosine + cosine * stepSine)
            amplitude *= fade
            return value
        }
    }
}

extension Array where Element: Comparable {
    fileprivate func max(or fallback: Element) -> Element { self.max() ?? fallback }
}

/// Mixes the sounds playing (at most `maxVoices`; the oldest gives way) into the device's
/// buffer. The sum goes through a soft limiter, so however many voices meet it never clips.
/// Starting a sound and mixing allocate nothing once the mixer is made.
public struct SoundMixer: Sendable {
    public static let maxVoices = 8
    private let bank: SoundBank
    /// The voices playing, oldest first: the first `playing` slots of each array, whose
    /// sizes never change (plain stores, so even an unoptimised build allocates nothing).
    private var buffers = [Int](repeating: 0, count: SoundMixer.maxVoices)
    private var positions = [Int](repeating: 0, count: SoundMixer.maxVoices)
    /// How many voices are sounding.
    public private(set) var playing = 0
    private var sum: [Float] = []

    public init(bank: SoundBank) {
        self.bank = bank
        sum = [Float](repeating: 0, count: 4096)
    }

    /// Starts `cue`'s voices.
    public mutating func start(_ cue: SoundCue) {
        let (first, second) = bank.voices(for: cue)
        add(first)
        if let second { add(second) }
    }

    private mutating func add(_ buffer: Int) {
        if playing == SoundMixer.maxVoices {
            // The oldest gives way.
            for slot in 1..<playing {
                buffers[slot - 1] = buffers[slot]
                positions[slot - 1] = positions[slot]
            }
            playing -= 1
        }
        buffers[playing] = buffer
        positions[playing] = 0
        playing += 1
    }

    /// Silences every voice (the device closed: nothing left over plays at its next opening).
    public mutating func stopAll() { playing = 0 }

    /// Mixes the next `frames` samples and hands each to `write` (index, value in -1...1), in
    /// chunks of the sum made at start, so a larger request allocates nothing either.
    public mutating func mix(frames: Int, _ write: (Int, Float) -> Void) {
        var done = 0
        while done < frames {
            let chunk = Swift.min(frames - done, sum.count)
            mixChunk(chunk) { write(done + $0, $1) }
            done += chunk
        }
    }

    private mutating func mixChunk(_ frames: Int, _ write: (Int, Float) -> Void) {
        for index in 0..<frames { sum[index] = 0 }
        var kept = 0
        for voice in 0..<playing {
            let (buffer, position) = (buffers[voice], positions[voice])
            let samples = bank.buffers[buffer]
            let count = Swift.min(frames, samples.count - position)
            for index in 0..<count { sum[index] += samples[position + index] }
            // A voice that has ended leaves its slot; the others keep their order.
            if position + frames < samples.count {
                buffers[kept] = buffer
                positions[kept] = position + frames
                kept += 1
            }
        }
        playing = kept
        for index in 0..<frames { write(index, SoundMixer.limit(sum[index])) }
    }

    /// The soft limiter: linear up to half of full scale (-6 dBFS), above it bends smoothly
    /// (tanh) towards full scale and never beyond it (eight of the loudest sounds in phase,
    /// a sum of 1, come out at 0.88).
    public static func limit(_ value: Float) -> Float {
        let knee: Float = 0.5
        let magnitude = abs(value)
        guard magnitude > knee else { return value }
        let bent = knee + (1 - knee) * tanh((magnitude - knee) / (1 - knee))
        return value < 0 ? -bent : bent
    }

    /// `cues` (each at its time in seconds) rendered for `seconds`, as the device would
    /// play them: for the tests and `BloqDev sound`.
    public static func render(_ cues: [(seconds: Double, cue: SoundCue)], seconds: Double, bank: SoundBank) -> [Float] {
        var mixer = SoundMixer(bank: bank)
        let total = SoundBank.samples(seconds)
        var out = [Float](repeating: 0, count: total)
        let starts = cues.map { (SoundBank.samples($0.seconds), $0.cue) }.sorted { $0.0 < $1.0 }
        var next = 0
        var position = 0
        while position < total {
            while next < starts.count, starts[next].0 <= position {
                mixer.start(starts[next].1)
                next += 1
            }
            let until = next < starts.count ? Swift.min(starts[next].0, total) : total
            let frames = Swift.min(Swift.max(until - position, 1), 512)
            let base = position
            mixer.mix(frames: Swift.min(frames, total - position)) { index, value in out[base + index] = value }
            position += frames
        }
        return out
    }
}
