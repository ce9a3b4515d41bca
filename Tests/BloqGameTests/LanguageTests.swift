import BloqGame
import Foundation
import Testing

@Suite("Languages: the shipped list and the setting")
struct LanguageTests {
    @Test("the shipped languages: English first, each code once, each named in itself")
    func available() {
        let codes = Language.available.map(\.code)
        #expect(codes == ["en", "de", "fr", "es", "ru"])
        #expect(Language.available.map(\.name) == ["English", "Deutsch", "Français", "Español", "Русский"])
        #expect(Language.named("ru")?.name == "Русский")
        #expect(Language.named("pt") == nil)
        #expect(Settings.languageChoices == ["auto"] + codes)
    }

    @Test("a language code is two or three lower-case letters, maybe _ and a region")
    func codes() {
        for good in ["de", "pt_BR", "ast", "en_GB"] { #expect(Language.isCode(good), "\(good)") }
        for bad in ["", "d", "DE", "german", "de-DE", "de_de", "de_DE.UTF-8", "de_DE_x", "../x", "de_", "_DE"] {
            #expect(!Language.isCode(bad), "\(bad)")
        }
    }
}

@Suite("Settings: the language")
struct LanguageSettingTests {
    @Test("auto by default; only auto or a code is plausible; a change is applied over settings read later")
    func applying() throws {
        #expect(Settings().language == "auto")
        var settings = Settings()
        settings.language = "Deutsch"
        #expect(!settings.isPlausible)
        settings.language = "de"
        #expect(settings.isPlausible)
        var later = Settings()
        later.sound = false
        var changed = Settings()
        changed.language = "ru"
        let merged = later.applying(changesFrom: Settings(), to: changed)
        #expect(merged.language == "ru" && merged.sound == false)
    }
}
