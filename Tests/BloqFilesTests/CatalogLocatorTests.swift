import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

@Suite("Finding the translations")
struct CatalogLocatorTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    /// Writes an (empty) catalog `folder/LANGUAGE/LC_MESSAGES/bloq.mo`.
    func catalog(_ folder: String, _ language: String) throws {
        let messages = "\(folder)/\(language)/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: messages + "/bloq.mo"))
    }

    @Test("installed: ../share/locale beside the executable's folder (Debian's /usr/games finds /usr/share/locale)")
    func installed() throws {
        let root = try scratch.newFolder("bloq-catalogs")
        try FileManager.default.createDirectory(atPath: root + "/usr/games", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/usr/share/locale/de/LC_MESSAGES", withIntermediateDirectories: true)
        // Another program's catalogs are not the game's.
        try Data().write(to: URL(fileURLWithPath: root + "/usr/share/locale/de/LC_MESSAGES/other.mo"))
        let locator = CatalogLocator(environment: [:], executable: root + "/usr/games/bloq")
        #expect(locator.locate() == nil)
        try catalog(root + "/usr/share/locale", "fr")
        #expect(locator.locate() == root + "/usr/share/locale")
        #expect(CatalogLocator.languages(in: root + "/usr/share/locale") == ["fr"])
    }

    @Test("a build: .build/locale in the source tree the executable was built in (make mo writes it)")
    func buildTree() throws {
        let tree = try scratch.newFolder("bloq-catalogs")
        try "// swift-tools-version:6.1\n".write(toFile: tree + "/Package.swift", atomically: true, encoding: .utf8)
        for folder in ["levels", ".build/x86_64-unknown-linux-gnu/debug"] {
            try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
        }
        let executable = tree + "/.build/x86_64-unknown-linux-gnu/debug/bloq"
        #expect(CatalogLocator(environment: [:], executable: executable).locate() == nil, "nothing before make mo")
        try catalog(tree + "/.build/locale", "de")
        try catalog(tree + "/.build/locale", "ru")
        #expect(CatalogLocator(environment: [:], executable: executable).locate() == tree + "/.build/locale")
        #expect(CatalogLocator.languages(in: tree + "/.build/locale") == ["de", "ru"])
    }

    @Test("BLOQ_LOCALEDIR, when set, is the only place looked in")
    func explicit() throws {
        let tree = try scratch.newFolder("bloq-catalogs")
        try catalog(tree + "/share/locale", "de")
        try FileManager.default.createDirectory(atPath: tree + "/bin", withIntermediateDirectories: true)
        let executable = tree + "/bin/bloq"
        #expect(CatalogLocator(environment: ["BLOQ_LOCALEDIR": tree + "/empty"], executable: executable).locate() == nil)
        try catalog(tree + "/other", "es")
        #expect(CatalogLocator(environment: ["BLOQ_LOCALEDIR": tree + "/other"], executable: executable).locate() == tree + "/other")
        #expect(CatalogLocator(environment: ["BLOQ_LOCALEDIR": ""], executable: executable).locate() == tree + "/share/locale")
    }

    @Test("a language list's entry finds its catalog as gettext does: de_AT.UTF-8, then de_AT, then de")
    func fallbacks() throws {
        let folder = try scratch.newFolder("bloq-catalogs")
        try catalog(folder, "de")
        try catalog(folder, "pt_BR")
        #expect(CatalogLocator.catalog(for: "de", in: folder) == folder + "/de/LC_MESSAGES/bloq.mo")
        #expect(CatalogLocator.catalog(for: "de_AT.UTF-8", in: folder) == folder + "/de/LC_MESSAGES/bloq.mo")
        #expect(CatalogLocator.catalog(for: "pt_BR.UTF-8@euro", in: folder) == folder + "/pt_BR/LC_MESSAGES/bloq.mo")
        #expect(CatalogLocator.catalog(for: "pt", in: folder) == nil)
        #expect(CatalogLocator.catalog(for: "ja_JP.UTF-8", in: folder) == nil)
    }

    @Test("the language setting is saved in settings.json and read back")
    func settingSaved() throws {
        let folder = try scratch.newFolder("bloq-settings")
        let store = SettingsStore(folder: folder)
        var settings = Settings()
        settings.language = "es"
        try store.save(settings)
        #expect(try String(contentsOfFile: folder + "/settings.json", encoding: .utf8).contains("\"language\": \"es\""))
        #expect(SettingsStore(folder: folder).loadReport().settings.language == "es")
    }

    @Test("a language name with '/' or '..' names no catalog, even when the path it makes holds one")
    func outsideNames() throws {
        let root = try scratch.newFolder("bloq-catalogs")
        try catalog(root + "/locale", "fr")
        try catalog(root + "/evil", "de")
        #expect(CatalogLocator.catalog(for: "fr", in: root + "/locale") != nil)
        #expect(CatalogLocator.catalog(for: "../evil/de", in: root + "/locale") == nil)
        #expect(CatalogLocator.catalog(for: "fr/../fr", in: root + "/locale") == nil)
        #expect(CatalogLocator.load(["../evil/de"], in: root + "/locale").found == false)
    }

    @Test("a damaged catalog is passed over for the next language, with a warning that names it and says how to fix it")
    func damagedPassedOver() throws {
        let root = try scratch.newFolder("bloq-catalogs")
        try catalog(root, "de")  // empty: damaged
        try catalog(root, "fr")
        let loaded = CatalogLocator.load(["de", "fr"], in: root)
        #expect(loaded.catalogs.isEmpty)
        #expect(loaded.found)
        #expect(loaded.warnings.count == 2)
        #expect(loaded.warnings.first?.hasPrefix(root + "/de/LC_MESSAGES/bloq.mo is not used: it is 0 bytes, too short") == true)
        #expect(loaded.warnings.first?.contains("so the game shows English; reinstall Bloq, or compile the catalog again") == true)
    }
}
