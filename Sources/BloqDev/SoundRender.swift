import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import Foundation

/// A level played by its optimal solution, at a person's pace, with the sounds the game
/// queues, rendered as the audio device would play them (BloqPlay's `SoundMixer`) into a
/// 16-bit mono WAV, and described: each cue, the loudest moment, the strongest note in
/// each cue's first tenth of a second (docs/design.md, "Sound").
struct SoundRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound", abstract: "Render a level's solution, with its sounds, to a WAV and describe what sounds.")

    @Argument(help: "A .bloq level file.") var level: String
    @Option(help: "Where to write the WAV (none: only the description).") var wav: String?
    @Option(help: "Seconds between one move settling and the next.") var pause = 0.35

    func run() throws {
        let loaded: Level
        switch LevelFiles.load(path: level).result {
        case .success(let found): loaded = found
        case .failure(let error): throw ValidationError("\(level): \(error)")
        }
        guard case .solved(let moves) = Solver(maxStates: 4_000_000).solve(loaded.board).outcome else {
            throw ValidationError("\(level): the solver found no solution to play")
        }
        let game = GameController(level: PlayableLevel(name: level, level: loaded), viewport: Size(width: 800, height: 600))
        let frame = 1.0 / 120
        var now = 0.0
        var cues: [(seconds: Double, cue: SoundCue)] = []
        func advance(_ seconds: Double) {
            for _ in 0..<Int((seconds / frame).rounded()) {
                let wasCleared = game.scene.session.isCleared
                game.step(frame)
                now += frame
                cues += game.takeSounds().map { (now, $0) }
                // The clear is the play screen's cue: it follows the last vanish.
                if !wasCleared, game.scene.session.isCleared { cues.append((now, .clear)) }
            }
        }
        advance(0.3)
        for move in moves {
            game.scene.perform(move)
            advance(frame)
            while game.scene.hasMovesInFlight { advance(frame) }
            advance(pause)
        }
        advance(1.5)
        let making = Date()
        let bank = SoundBank()
        print(String(format: "the %d sounds made in %.1f ms", bank.buffers.count, Date().timeIntervalSince(making) * 1000))
        let samples = SoundMixer.render(cues, seconds: now, bank: bank)
        describe(cues, samples)
        if let wav { try Self.wav(samples).write(to: URL(fileURLWithPath: wav)) }
    }

    private func describe(_ cues: [(seconds: Double, cue: SoundCue)], _ samples: [Float]) {
        // Named as musicians do: the octave number changes at C (G4 is MIDI note 67).
        let names = [0: "C", 2: "D", 4: "E", 7: "G", 9: "A", 11: "B"]
        func note(_ semitone: Int) -> String {
            let midi = 67 + semitone
            return "\(names[midi % 12] ?? "off-scale")\(midi / 12 - 1)"
        }
        func label(_ cue: SoundCue) -> String {
            switch cue {
            case .slide(let color): "slide \(color.name)"
            case .land(let color): "land \(color.name)"
            case .vanish(let color, let step): "vanish \(color.name), step \(step)"
            case .clear: "clear"
            case .bump: "bump"
            case .click: "click"
            }
        }
        for (seconds, cue) in cues {
            let start = SoundBank.samples(seconds)
            let window = samples[start..<min(samples.count, start + SoundBank.samples(0.1))]
            let strongest = (-24...24).max { strength(of: $0, in: window) < strength(of: $1, in: window) } ?? 0
            let peak = window.reduce(Float(0)) { max($0, abs($1)) }
            print(
                String(
                    format: "%6.2f s  %-22@ strongest %-5@ peak %6.1f dBFS", seconds, label(cue) as NSString, note(strongest) as NSString,
                    20 * log10(Double(max(peak, 1e-9)))))
        }
        let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
        let rms = sqrt(samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1)))
        print(
            String(
                format: "%.2f s, %d cues, peak %.1f dBFS, RMS %.1f dBFS", Double(samples.count) / Double(SoundBank.sampleRate),
                cues.count, 20 * log10(Double(max(peak, 1e-9))), 20 * log10(max(rms, 1e-9))))
    }

    /// The strength of the note `semitone` semitones above G4 in `samples` (one DFT bin).
    private func strength(of semitone: Int, in samples: ArraySlice<Float>) -> Double {
        let frequency = Music.tonic * pow(2, Double(semitone) / 12)
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(SoundBank.sampleRate))
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in samples {
            (beforePrevious, previous) = (previous, Double(sample) + coefficient * previous - beforePrevious)
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }

    /// `samples` as a 16-bit mono PCM WAV file.
    static func wav(_ samples: [Float]) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        append(36 + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))  // PCM
        append(UInt16(1))  // mono
        append(UInt32(SoundBank.sampleRate))
        append(UInt32(SoundBank.sampleRate * 2))
        append(UInt16(2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(bytes)
        for sample in samples { append(Int16(max(-1, min(1, sample)) * 32_767)) }
        return data
    }
}
