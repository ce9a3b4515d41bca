import BloqGame
import Testing

@testable import BloqFiles

/// The appearance settings in settings.json: each follows the system unless
/// chosen; a file of an older version keeps its reduced motion; older versions still read
/// `reducedMotion`.
@Suite("Appearance settings in the file")
struct AppearanceSettingsTests {
    func read(_ json: String) throws -> SalvagedSettings {
        try SettingsStore.decode(Array(json.utf8)).get()
    }

    @Test("no key: everything follows the system; each choice is read")
    func choices() throws {
        let plain = try read("{}").settings
        #expect(plain.theme == .system && plain.contrast == .system && plain.motion == .system)
        let chosen = try read(#"{"theme": "light", "contrast": "high", "motion": "full"}"#).settings
        #expect(chosen.theme == .light && chosen.contrast == .high && chosen.motion == .full)
    }

    @Test("an older file's reducedMotion: true stays reduced, false (its default) now follows the system")
    func olderFile() throws {
        #expect(try read(#"{"reducedMotion": true}"#).settings.motion == .reduced)
        #expect(try read(#"{"reducedMotion": false}"#).settings.motion == .system)
        #expect(try read(#"{"reducedMotion": true, "motion": "system"}"#).settings.motion == .system, "motion wins")
    }

    @Test("an unknown choice is dropped and said; the rest is kept")
    func unknown() throws {
        let salvaged = try read(#"{"theme": "sepia", "sound": false}"#)
        #expect(salvaged.settings.theme == .system && !salvaged.settings.sound)
        #expect(salvaged.dropped == [#"theme: not "system", "light" or "dark""#])
    }

    @Test("written with reducedMotion beside motion, and read back the same")
    func roundTrip() throws {
        var settings = Settings()
        settings.theme = .dark
        settings.motion = .reduced
        let bytes = SettingsStore.encode(settings)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""reducedMotion" : true"#) || text.contains(#""reducedMotion": true"#), "\(text)")
        #expect(try read(text).settings == settings)
    }
}
