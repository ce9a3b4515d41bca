import BloqPlay
import Testing

@Suite("Key names in scripts and bindings")
struct KeyNameParsingTests {
    @Test("prefixes come off the front; the rest is the key, signs and spaces included")
    func parsing() {
        #expect(KeyChord(parsing: "Shift+Left") == KeyChord("Left", shift: true))
        #expect(KeyChord(parsing: "ctrl+shift+z") == KeyChord("z", shift: true, control: true))
        #expect(KeyChord(parsing: "Ctrl++") == KeyChord("+", control: true))
        #expect(KeyChord(parsing: "+") == KeyChord("+"))
        #expect(KeyChord(parsing: "Keypad +") == KeyChord("Keypad +"))
        #expect(KeyChord(parsing: "Alt+Keypad +/-") == KeyChord("Keypad +/-", alt: true))
        #expect(KeyChord(parsing: "Shift+") == KeyChord("Shift+"))
        #expect(KeyChord(parsing: "") == nil)
        for chord in [KeyChord("Keypad +", shift: true, control: true, alt: true), KeyChord("+", control: true)] {
            #expect(KeyChord(parsing: chord.description) == chord, "\(chord) reads back")
        }
    }

    @Test("known names: SDL's, in any case, with or without spaces, and single characters; mistypes get a suggestion")
    func known() {
        for name in ["Left", "left", "PageDown", "Page Down", "Keypad Enter", "A", "z", "é", "/", "F24"] {
            #expect(KeyNames.isKnown(name), "\(name)")
        }
        for name in ["Lefft", "Bogus", "Meta+X", "F25", " ", "\u{1B}", "Page  Dwn"] { #expect(!KeyNames.isKnown(name), "\(name)") }
        #expect(KeyNames.suggestion(for: "Lefft") == "Left")
        #expect(KeyNames.suggestion(for: "Retrun") == "Return")
        #expect(KeyNames.suggestion(for: "Bogus") == nil)
    }
}
