import BloqPlay
import CSDL2
import Foundation
import Testing

@testable import BloqSDL

/// Input scripts accept every key name SDL gives: the list in `KeyNames` is
/// checked against the SDL library this build links.
@Suite("Key names are SDL's")
struct KeyNameTests {
    /// `SDL_GetScancodeName` for every scancode: the names SDL gives keys
    /// (`SDL_GetKeyName` names every key either so or by the character it types).
    static func sdlNames() -> [String] {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "SDL_GetScancodeName") else { return [] }
        typealias ScancodeName = @convention(c) (UInt32) -> UnsafePointer<CChar>?
        let scancodeName = unsafeBitCast(symbol, to: ScancodeName.self)
        // SDL_NUM_SCANCODES is 512 in SDL 2.
        return (0..<512).compactMap { code in scancodeName(UInt32(code)).map { String(cString: $0) } }.filter { !$0.isEmpty }
    }

    @Test("every name SDL gives a key is a key name in a script, and KeyNames lists no name SDL does not give")
    func matchesSDL() {
        let names = Self.sdlNames()
        #expect(names.count > 200, "SDL_GetScancodeName was found and named keys")
        for name in names { #expect(KeyNames.isKnown(name), "SDL names a key '\(name)'") }
        let named = Set(names.filter { $0.count > 1 })
        #expect(Set(KeyNames.named) == named, "differences: \(Set(KeyNames.named).symmetricDifference(named).sorted())")
    }

    /// Seen live under Xvfb with `setxkbmap ru`: H gave no hint and Z undid nothing, since
    /// SDL names those keys "Р" and "Я" there.
    @Test("a non-Latin layout's letters are their keys' Latin letters; Latin layouts and other keys keep their names")
    func nonLatinLayouts() {
        func name(_ symbol: Int32, _ scancode: SDL_Scancode) -> String { SDLEventDecoder.keyName(symbol: symbol, scancode: scancode) }
        #expect(name(0x44F, SDL_SCANCODE_Z) == "Z", "Russian я, on Z")
        #expect(name(0x440, SDL_SCANCODE_H) == "H", "Russian р, on H")
        #expect(name(0x3B6, SDL_SCANCODE_Z) == "Z", "Greek ζ, on Z")
        #expect(name(Int32(UInt8(ascii: "z")), SDL_SCANCODE_Y) == "Z", "German's Z is the key labelled Z")
        #expect(name(Int32(UInt8(ascii: "a")), SDL_SCANCODE_Q) == "A", "French A, on Q")
        #expect(name(Int32(bitPattern: SDLK_LEFT.rawValue), SDL_SCANCODE_LEFT) == "Left")
        #expect(name(Int32(bitPattern: SDLK_F1.rawValue), SDL_SCANCODE_F1) == "F1")
        #expect(name(Int32(bitPattern: SDLK_ESCAPE.rawValue), SDL_SCANCODE_ESCAPE) == "Escape")
    }
}
