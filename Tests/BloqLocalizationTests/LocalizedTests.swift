import BloqLocalization
import Testing

@Suite("Localized strings: numbered placeholders")
struct LocalizedTests {
    @Test("%1, %2 are filled in wherever a translation puts them; %% is a percent sign")
    func placeholders() {
        #expect(Localized.format("Level %1 of %2", ["3", "100"]) == "Level 3 of 100")
        #expect(Localized.format("%2 : niveau %1", ["3", "100"]) == "100 : niveau 3")
        #expect(Localized.format("100%% done, %1", ["x"]) == "100% done, x")
        #expect(Localized.format("%3 missing", ["a"]) == "%3 missing", "an argument that is not there stays as written")
        #expect(Localized.format("no placeholders", []) == "no placeholders")
    }

    @Test("without a catalog the English text comes back, the plural form by count")
    func english() {
        #expect(tr("Play") == "Play")
        #expect(tr("%1 move", "%1 moves", count: 1, "1") == "1 move")
        #expect(tr("%1 move", "%1 moves", count: 4, "4") == "4 moves")
    }
}

@Suite("Localized strings: the texts marked for later")
struct MarkedTextTests {
    @Test("trLater gives its text back untranslated (it only marks it for the catalog)")
    func later() {
        #expect(trLater("undo") == "undo")
    }
}
