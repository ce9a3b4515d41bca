import BloqEngine
import BloqGame
import BloqTestSupport
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

    @Test("the row says what shows: 'Automatic (Deutsch)', and --lang in the setting's place until the player picks")
    func inEffect() {
        #expect(ShownLanguage(code: "de").rowText(setting: "auto") == "Automatic (Deutsch)")
        #expect(ShownLanguage(code: "de_AT").rowText(setting: "auto") == "Automatic (Deutsch)")
        #expect(ShownLanguage().rowText(setting: "xx") == "Automatic (English)", "a language this Bloq lacks follows the desktop")
        #expect(ShownLanguage(code: "fr").rowText(setting: "fr") == "Français")
        // `bloq play --lang de` with "fr" saved: German shows, and the row says so; a press
        // picks the language after German.
        var environment = AppEnvironment(packs: [testPack(1)])
        environment.language = ShownLanguage(code: "de", forced: "de")
        var french = Settings()
        french.language = "fr"
        environment.settings = SettingsStorage(initial: french)
        environment.showLanguage = { ShownLanguage(code: $0) }
        let app = AppController(environment: environment, viewport: Size(width: 800, height: 600))
        app.showSettings()
        let row = { app.top.texts.first { $0.owner == .language }?.text }
        #expect(row() == "Deutsch")
        Hand(app).tap(.language)
        #expect(app.settings.language == "fr" && app.context.language == ShownLanguage(code: "fr"))
        #expect(row() == "Français")
    }
}
