import BloqPlay
import Foundation
import Testing

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
}
