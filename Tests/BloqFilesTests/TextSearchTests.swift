import BloqFiles
import BloqGame
import Foundation
import Testing

/// `containsBytes(of:)` is the game's substring search (the standard library's would link
/// the regex engine); on ASCII it must say what `String.contains` says, and true for an empty
/// part, as the standard library's does.
@Suite("Searching text for a part, byte by byte")
struct TextSearchTests {
    @Test("picked cases: at the start, the end, overlapping, longer than the text, empty")
    func picked() {
        #expect("llvmpipe (llvm 15.0.6, 256 bits)".containsBytes(of: "llvmpipe"))
        #expect("mesa swrast".containsBytes(of: "swrast"))
        #expect("aaab".containsBytes(of: "aab"))
        #expect(!"aaab".containsBytes(of: "aaaab"))
        #expect(!"softpip".containsBytes(of: "softpipe"))
        #expect("anything".containsBytes(of: ""))
        #expect("".containsBytes(of: ""))
        #expect(!"".containsBytes(of: "a"))
        #expect("a\u{e9}b".containsBytes(of: "\u{e9}"))
        #expect("x".prefix(1).containsBytes(of: "x"))
    }

    @Test("ASCII texts of a, b and c (seeded): the same answer as Foundation's String.contains")
    func sweep() {
        let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
        var random = SeededGenerator(seed: seed)
        func text(_ length: Int) -> String {
            String((0..<length).map { _ in ["a", "b", "c"][random.below(3)] as Character })
        }
        for round in 0..<2_000 {
            let haystack = text(random.below(12))
            // Not empty: Foundation's contains (imported here) says false for an empty part,
            // the standard library's says true, as containsBytes does (picked above).
            let needle = text(1 + random.below(4))
            #expect(
                haystack.containsBytes(of: needle) == haystack.contains(needle),
                "seed \(seed), round \(round): '\(haystack)' and '\(needle)'")
        }
    }
}
