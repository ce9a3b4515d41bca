import BloqCLI
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqTestSupport
import Foundation
import Testing

/// Settings offers the languages the game can show: those whose catalog is installed.
@Suite("Languages offered: only those with a catalog")
struct LanguageChoiceTests {
    @Test("a live game offers Automatic, English and each language whose catalog was found; none found: English only")
    func offered() throws {
        let scratch = try Scratch("bloq-offered")
        let folder = scratch.path("locale")
        for language in ["de", "ru"] {
            try FileManager.default.createDirectory(atPath: folder + "/\(language)/LC_MESSAGES", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: folder + "/\(language)/LC_MESSAGES/bloq.mo"))
        }
        let found = GameLanguage(commandLine: nil, automatic: [], catalogs: CatalogLocator(environment: ["BLOQ_LOCALEDIR": folder]))
        #expect(found.offeredChoices == [Settings.automaticLanguage, "en", "de", "ru"])
        let none = GameLanguage(
            commandLine: nil, automatic: [], catalogs: CatalogLocator(environment: ["BLOQ_LOCALEDIR": scratch.path("nothing")]))
        #expect(none.offeredChoices == [Settings.automaticLanguage, "en"])
    }

    @Test("Settings' Language row cycles through what is offered and nothing else")
    func cycles() throws {
        var environment = AppEnvironment(packs: [testPack(1)])
        environment.languageChoices = [Settings.automaticLanguage, "en", "de"]
        let app = AppController(environment: environment, viewport: Size(width: 800, height: 600))
        app.showSettings()
        var seen: [String] = []
        for _ in 0..<4 {
            Hand(app).tap(.language)
            seen.append(app.settings.language)
        }
        #expect(seen == ["en", "de", Settings.automaticLanguage, "en"])
    }
}
