import BloqLocalization
import Testing

@Suite("The languages the environment asks for")
struct RequestedLanguagesTests {
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
        #expect(RequestedLanguages.preferred(by: environment) == expected, "\(environment)")
    }
}
