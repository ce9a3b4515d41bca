import BloqCore
import BloqGame
import Foundation
import Testing

@Suite("Languages: the shipped list, the environment's choice, the setting")
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

    @Test(
        "the environment's languages, as GNU programs read them",
        arguments: [
            ([:], []),
            (["LANG": "de_DE.UTF-8"], ["de_DE.UTF-8"]),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:es"], ["fr", "es"]),
            // LC_ALL over LC_MESSAGES over LANG; an empty one does not count.
            (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "ru_RU.UTF-8"], ["ru_RU.UTF-8"]),
            (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": ""], ["es_ES.UTF-8"]),
            (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "", "LC_ALL": ""], ["fr_FR.UTF-8"]),
            // LANGUAGE over all three, when the messages locale they give is not C.
            (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "ru_RU.UTF-8", "LANGUAGE": "de"], ["de"]),
            (["LC_MESSAGES": "es_ES.UTF-8", "LANGUAGE": "ru:fr"], ["ru", "fr"]),
            // A C messages locale wins over LANG's language, and silences LANGUAGE.
            (["LANG": "de_DE.UTF-8", "LC_ALL": "C"], []),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "C", "LANGUAGE": "de"], []),
            (["LANG": "C", "LC_MESSAGES": "fr_FR.UTF-8", "LANGUAGE": "de"], ["de"]),
            // LANGUAGE is ignored under the C locale (glibc's rule), but not under C.UTF-8.
            (["LC_ALL": "C", "LANGUAGE": "de"], []),
            (["LANG": "POSIX", "LANGUAGE": "de"], []),
            (["LANGUAGE": "de"], []),
            (["LANG": "C.UTF-8", "LANGUAGE": "de"], ["de"]),
            (["LANG": "C.UTF-8"], []),
            // English ends the list: English needs no catalog.
            (["LANG": "C.UTF-8", "LANGUAGE": "en:de"], []),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "pt_BR:en_GB:de"], ["pt_BR"]),
            (["LANG": "en_US.UTF-8"], []),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "::fr"], ["fr"]),
        ] as [([String: String], [String])])
    func preferred(environment: [String: String], expected: [String]) {
        #expect(Language.preferred(by: environment) == expected, "\(environment)")
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
