import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

@Suite("App shell: a change of language")
struct LanguageChangeTests {
    @Test("a new language setting is shown at once (showLanguage, once a change) and saved; other changes leave the language alone")
    func change() {
        final class Calls {
            var shown: [String] = []
            var saved: [Settings] = []
        }
        let calls = Calls()
        let app = testApp {
            $0.showLanguage = {
                calls.shown.append($0)
                return ShownLanguage(code: $0 == Settings.automaticLanguage ? "fr" : $0)
            }
            $0.settings = SettingsStorage(save: {
                calls.saved.append($0)
                return nil
            })
        }
        app.settings.sound = false
        #expect(calls.shown.isEmpty, "not a change of language")
        app.settings.language = "de"
        app.settings.language = "de"
        app.settings.language = "auto"
        #expect(calls.shown == ["de", "auto"])
        #expect(app.context.language == ShownLanguage(code: "fr"), "the context says what shows: \(app.context.language)")
        #expect(calls.saved.map(\.language) == ["auto", "de", "auto"])
    }
}
