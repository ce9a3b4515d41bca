import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Glibc
import Testing

/// The strength of `frequency` in `samples` (the Goertzel algorithm: one bin of a DFT).
private func strength(of frequency: Double, in samples: ArraySlice<Float>) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / Double(SoundBank.sampleRate))
    var (previous, beforePrevious) = (0.0, 0.0)
    for sample in samples {
        let next = Double(sample) + coefficient * previous - beforePrevious
        (beforePrevious, previous) = (previous, next)
    }
    return sqrt(max(0, previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious))
        / Double(max(samples.count, 1))
}

/// The pitch of `samples` from their rising zero crossings, in hertz.
private func pitchByZeroCrossings(_ samples: [Float]) -> Double {
    var crossings: [Int] = []
    for index in 1..<samples.count where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
    return Double(crossings.count - 1) * Double(SoundBank.sampleRate) / Double(last - first)
}

private func peakDBFS(_ samples: [Float]) -> Double {
    20 * log10(Double(samples.reduce(Float(0)) { max($0, abs($1)) }))
}

/// Every semitone from G3 to G6 with its distance from the tonic, G4.
private let semitones = (-12...24).map { ($0, Music.tonic * pow(2, Double($0) / 12)) }

@Suite("Sound: the musical voice, synthesised and mixed")
struct SoundTests {
    let bank = SoundBank()

    @Test("every sound starts and ends at silence, without a jump, and peaks at its quiet level")
    func envelopes() {
        let cues: [(SoundCue, Double)] =
            BlockColor.allCases.flatMap { [(.slide($0), SoundBank.Level.slide), (.land($0), SoundBank.Level.land)] }
            + [(.clear, SoundBank.Level.clear), (.bump, SoundBank.Level.bump), (.click, SoundBank.Level.click)]
        for (cue, level) in cues {
            let samples = bank.buffers[bank.voices(for: cue).first]
            let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
            #expect(abs(peakDBFS(samples) - level) < 0.01, "\(cue) peaks at \(peakDBFS(samples)) dBFS, not \(level)")
            #expect(peakDBFS(samples) <= -17.99, "\(cue) is quiet: its peak well below full scale")
            #expect(abs(samples[0]) <= peak * 1e-3 && abs(samples[samples.count - 1]) <= peak * 1e-3, "\(cue) starts and ends at 0")
            // A click is a jump: the first and last ten samples move by little.
            for range in [0..<10, (samples.count - 11)..<(samples.count - 1)] {
                let jump = range.map { abs(samples[$0 + 1] - samples[$0]) }.max() ?? 0
                #expect(jump <= peak * 0.1, "\(cue) jumps by \(jump / peak) of its peak at an end")
            }
        }
        // How long each lasts is known before they are made (the device stays open that long).
        for (cue, _) in cues + [(.vanish(.green, step: 4), 0)] {
            let (first, second) = bank.voices(for: cue)
            let samples = max(bank.buffers[first].count, second.map { bank.buffers[$0].count } ?? 0)
            #expect(abs(SoundBank.duration(of: cue) * Double(SoundBank.sampleRate) - Double(samples)) <= 1, "\(cue)")
        }
        for step in 0..<Music.vanishSteps {
            let bell = bank.buffers[bank.voices(for: .vanish(.red, step: step)).second ?? 0]
            #expect(abs(peakDBFS(bell) - SoundBank.Level.bell) < 0.01)
            #expect(abs(bell[0]) < 1e-6 && abs(bell[bell.count - 1]) < 1e-6)
        }
    }

    @Test("eight of the loudest sounds at once never clip: the limiter holds the sum inside full scale")
    func noClipping() {
        // Eight clears started together add up to 8 x -18 dBFS, in phase: full scale, linearly.
        let mixed = SoundMixer.render(Array(repeating: (0, SoundCue.clear), count: 8), seconds: 1.5, bank: bank)
        let peak = mixed.reduce(Float(0)) { max($0, abs($1)) }
        #expect(peak < 1 && Int(peak * 32_767) < 32_767, "the mix peaks at \(peak)")
        #expect(peak > 0.5, "the limiter bent the sum (\(peak)) rather than the mix dropping voices")
        // Eight different voices: a vanish of every step and every colour's knock.
        let busy = SoundMixer.render(
            (0..<8).map { (Double($0) * 0.01, SoundCue.vanish(BlockColor.allCases[$0], step: $0)) }, seconds: 1, bank: bank)
        #expect(busy.allSatisfy { abs($0) < 1 })
        // The limiter: the identity up to -6 dBFS, then rising, never reaching 1.
        #expect(SoundMixer.limit(0.3) == 0.3 && SoundMixer.limit(-0.5) == -0.5)
        var last: Float = 0
        for step in 1...400 {
            // Rising over every sum eight voices can make (up to 1), never beyond 1 after.
            let value = SoundMixer.limit(Float(step) / 50)
            #expect(step <= 50 ? value > last && value < 0.9 : value >= last && value <= 1)
            last = value
        }
        #expect(SoundMixer.limit(-4) == -SoundMixer.limit(4))
    }

    @Test("each colour has its own note of the scale, measured by zero crossings and a DFT bin")
    func colourNotes() {
        let notes = BlockColor.allCases.map { Music.frequency(degree: Music.degree(of: $0)) }
        #expect(Set(notes.map { Int($0) }).count == 8, "eight different notes")
        for color in BlockColor.allCases {
            let expected = notes[color.index]
            for cue in [SoundCue.slide(color), .land(color)] {
                let samples = bank.buffers[bank.voices(for: cue).first]
                let measured = pitchByZeroCrossings(samples)
                #expect(abs(measured / expected - 1) < 0.02, "\(cue): \(measured) Hz, not \(expected)")
                let strengths = notes.map { strength(of: $0, in: samples[...]) }
                #expect(strengths.firstIndex(of: strengths.max() ?? 0) == color.index, "\(cue)'s own note is its strongest")
            }
        }
        // The notes are the G major pentatonic: G A B D E.
        let names = [0: "G", 2: "A", 4: "B", 7: "D", 9: "E"]
        let spelled = notes.map { frequency -> String in
            let semitone = Int((12 * log2(frequency / Music.tonic)).rounded())
            return names[(semitone % 12 + 12) % 12] ?? "off the scale"
        }
        #expect(spelled == ["G", "A", "B", "D", "E", "G", "A", "B"])
    }

    @Test("vanishes climb the scale as the board empties, the last on the top step")
    func vanishSteps() {
        // Fourteen blocks vanishing two by two: every vanish a step higher, the last at the top.
        let steps = stride(from: 12, through: 0, by: -2).map { Music.vanishStep(remaining: $0, total: 14) }
        #expect(steps == steps.sorted() && Set(steps).count == steps.count, "\(steps)")
        #expect(steps.last == Music.vanishSteps - 1 && Music.vanishStep(remaining: 14, total: 14) == 0)
        #expect(Music.vanishStep(remaining: 5, total: 0) == Music.vanishSteps - 1, "no blocks: no trap")
        var previous = 0.0
        for step in 0..<Music.vanishSteps {
            let bell = bank.buffers[bank.voices(for: .vanish(.blue, step: step)).second ?? 0]
            let pitch = pitchByZeroCrossings(bell)
            #expect(abs(pitch / Music.frequency(degree: step) - 1) < 0.02, "step \(step): \(pitch) Hz")
            #expect(pitch > previous)
            previous = pitch
        }
        #expect(bank.voices(for: .vanish(.blue, step: 99)) == bank.voices(for: .vanish(.blue, step: Music.vanishSteps - 1)))
    }

    @Test("the clear is the key's chord broken upwards: every note on the scale, the lowest first")
    func clearChord() throws {
        let samples = bank.buffers[bank.voices(for: .clear).first]
        let whole = semitones.map { ($0.0, strength(of: $0.1, in: samples[...])) }
        let strongest = try #require(whole.map(\.1).max())
        let sounding = Set(whole.filter { $0.1 > strongest * 0.2 }.map(\.0))
        #expect(sounding.isSuperset(of: [0, 4, 7, 12]), "G4 B4 D5 G5 sound: \(sounding.sorted())")
        #expect(sounding.allSatisfy { [0, 4, 7].contains(($0 % 12 + 12) % 12) }, "G, B and D only: \(sounding.sorted())")
        // Silent while the last vanish's bell speaks, then in the first 80 ms only the G4.
        let delay = SoundBank.samples(SoundBank.clearDelay)
        #expect(samples[0..<delay].allSatisfy { $0 == 0 })
        let opening = samples[delay..<(delay + SoundBank.samples(0.08))]
        let first = semitones.map { ($0.0, strength(of: $0.1, in: opening)) }
        #expect(first.max { $0.1 < $1.1 }?.0 == 0)
        #expect((first.first { $0.0 == 7 }?.1 ?? 1) < (first.first { $0.0 == 0 }?.1 ?? 0) * 0.1)
    }

    @Test("the game queues each move's notes: the colour's slide and stop, vanishes a step higher each")
    func gameQueues() throws {
        let board = try #require(Board(["R.RB", "....", "B...", "G..G"]))
        let game = GameController(
            level: PlayableLevel(name: "t", level: Level(title: "t", par: nil, board: board)), viewport: Size(width: 800, height: 600))
        var heard: [SoundCue] = []
        func push(_ row: Int, _ column: Int, _ direction: Direction) {
            game.scene.perform(Move(from: CellPosition(row: row, column: column), direction: direction))
            for _ in 0..<120 { game.step(1.0 / 120) }
            heard += game.takeSounds()
        }
        push(3, 0, .up)  // blocked by the blue: a bump
        push(0, 3, .down)  // the blue stops above the green
        push(0, 0, .right)  // red meets red: 4 of 6 blocks left
        push(2, 0, .right)  // blue meets blue: 2 left
        push(3, 0, .right)  // green meets green: cleared
        #expect(game.scene.session.isCleared)
        #expect(
            heard == [
                .bump, .slide(.blue), .land(.blue), .slide(.red), .vanish(.red, step: 3), .slide(.blue), .vanish(.blue, step: 7),
                .slide(.green), .vanish(.green, step: 10),
            ])
    }

    @Test("the app adds the clear after the last vanish; the played level, rendered, stays quiet and ends in silence")
    func appClear() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        mouse.tap(.tile(0))
        run(app, 0.5)
        _ = app.takeSounds()
        var timed: [(seconds: Double, cue: SoundCue)] = []
        key(app, "Shift+Right")
        for frame in 0..<(120 * 2) {
            app.step(1.0 / 120)
            timed += app.takeSounds().map { (Double(frame) / 120, $0) }
        }
        #expect(timed.map(\.cue) == [.slide(.red), .vanish(.red, step: Music.vanishSteps - 1), .clear])
        let rendered = SoundMixer.render(timed, seconds: 3, bank: bank)
        #expect(peakDBFS(rendered) < -12, "the level's sounds peak at \(peakDBFS(rendered)) dBFS")
        #expect(rendered.suffix(SoundBank.samples(0.5)).allSatisfy { $0 == 0 }, "silent once the clear has rung out")
        // The first 0.2 s are the red's slide: its G3 is the strongest of the colours' notes.
        let slide = rendered[0..<SoundBank.samples(0.2)]
        let notes = BlockColor.allCases.map { strength(of: Music.frequency(degree: Music.degree(of: $0)), in: slide) }
        #expect(notes.firstIndex(of: notes.max() ?? 0) == BlockColor.red.index)
    }

    @Test("a request larger than the mixer's sum is mixed in chunks, the same samples; stopAll silences every voice")
    func chunksAndStop() {
        func mixed(_ sizes: [Int]) -> [Float] {
            var mixer = SoundMixer(bank: bank)
            mixer.start(.clear)
            mixer.start(.vanish(.red, step: 4))
            var out: [Float] = []
            for size in sizes {
                var part = [Float](repeating: 0, count: size)
                mixer.mix(frames: size) { part[$0] = $1 }
                out += part
            }
            return out
        }
        let whole = mixed([10_000])
        #expect(whole == mixed([2_000, 2_000, 2_000, 2_000, 2_000]))
        #expect(whole.contains { $0 != 0 } && whole.count == 10_000)
        var mixer = SoundMixer(bank: bank)
        mixer.start(.clear)
        mixer.stopAll()
        var loudest: Float = 0
        mixer.mix(frames: 512) {
            loudest = max(loudest, abs($1))
            _ = $0
        }
        #expect(mixer.playing == 0 && loudest == 0)
    }
}
