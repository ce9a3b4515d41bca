import BloqGame
import Testing

@testable import BloqPlay

@Suite("The language row of Settings")
struct LanguageSettingTests {
    @Test("a language this version lacks ('xx', a newer Bloq's) reads Automatic, as the game follows the desktop then")
    func unknownLanguage() {
        #expect(SettingsScreen.languageName("xx") == "Automatic")
        #expect(SettingsScreen.languageName("auto") == "Automatic")
        #expect(SettingsScreen.languageName("de") == "Deutsch")
        #expect(SettingsScreen.languageName("de_AT") == "Deutsch", "a region of a shipped language")
        // The next choice after one that reads Automatic is the first language, not Automatic again.
        #expect(SettingsScreen.nextLanguage(after: "xx") == Settings.languageChoices[1])
        #expect(SettingsScreen.nextLanguage(after: "auto") == Settings.languageChoices[1])
        #expect(SettingsScreen.nextLanguage(after: Settings.languageChoices.last ?? "") == "auto")
    }
}
