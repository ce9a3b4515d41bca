import BloqGame
import BloqPlay
import CAllocationCounter
import Testing

@Suite("The sounds' mixer, measured on the heap")
struct SoundHeapTests {
    @Test("starting sounds and mixing them take nothing from the heap, from the first call (the audio callback never allocates)")
    func mixerAllocatesNothing() {
        var mixer = SoundMixer(bank: SoundBank())
        let colors = BlockColor.allCases  // (allCases makes an array each time it is read)
        let out = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 512)
        defer { out.deallocate() }
        let large = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 10_000)
        defer { large.deallocate() }
        var playing: [Int] = []
        playing.reserveCapacity(200)
        let before = bloq_thread_live_bytes()
        bloq_thread_reset_peak_bytes()
        for index in 0..<200 {
            // Two cues a round, three voices: more than the mixer holds, so the oldest give way.
            mixer.start(.vanish(colors[index % colors.count], step: index % Music.vanishSteps))
            mixer.start(index % 5 == 0 ? .clear : .slide(.blue))
            mixer.mix(frames: out.count) { index, value in out[index] = Int16(value * 32_767) }
            playing.append(mixer.playing)
        }
        // A request larger than the mixer's sum (SDL asks for 512) is mixed in chunks.
        mixer.start(.clear)
        mixer.mix(frames: large.count) { index, value in large[index] = Int16(value * 32_767) }
        let taken = bloq_thread_peak_bytes() - before
        #expect(taken == 0, "the mixer took \(taken) bytes of heap")
        #expect(out.contains { $0 != 0 })
        #expect(playing.max() == SoundMixer.maxVoices, "the mixer filled up: \(playing.prefix(8))")
    }
}
