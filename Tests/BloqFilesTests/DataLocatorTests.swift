import BloqFiles
import BloqTestSupport
import Foundation
import Testing

@Suite("Finding data and reading packs")
struct DataLocatorTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-data") }

    /// A fresh folder in `scratch`.
    func temporaryFolder() throws -> URL { URL(fileURLWithPath: try scratch.newFolder()) }

    @Test("the search path: --data, then BLOQ_DATA, then next to the executable, then the source tree")
    func order() throws {
        let root = try temporaryFolder()
        let a = root.appendingPathComponent("a")
        let b = root.appendingPathComponent("b")
        let bin = root.appendingPathComponent("prefix/bin")
        let share = root.appendingPathComponent("prefix/share/bloq")
        for folder in [a, b, bin, share] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("levels"), withIntermediateDirectories: true)
        }
        try FileManager.default.removeItem(at: bin.appendingPathComponent("levels"))
        let executable = bin.appendingPathComponent("bloq").path
        #expect(try DataLocator(explicit: a.path, environment: ["BLOQ_DATA": b.path], executable: executable).locate() == a.path)
        #expect(try DataLocator(environment: ["BLOQ_DATA": b.path], executable: executable).locate() == b.path)
        #expect(try DataLocator(environment: [:], executable: executable).locate() == share.path)
        // A build folder inside a source tree (a), as SwiftPM lays one out.
        try "// swift-tools-version:6.1\n".write(to: a.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let built = a.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release")
        try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
        #expect(try DataLocator(environment: [:], executable: built.appendingPathComponent("bloq").path).locate() == a.path)
    }

    @Test("Debian's games layout: /usr/games/bloq finds /usr/share/bloq; share/games/bloq is looked in too")
    func gamesLayout() throws {
        let root = try temporaryFolder()
        let games = root.appendingPathComponent("usr/games")
        try FileManager.default.createDirectory(at: games, withIntermediateDirectories: true)
        let executable = games.appendingPathComponent("bloq").path
        let gamesShare = root.appendingPathComponent("usr/share/games/bloq")
        try FileManager.default.createDirectory(at: gamesShare.appendingPathComponent("levels"), withIntermediateDirectories: true)
        #expect(try DataLocator(environment: [:], executable: executable).locate() == gamesShare.path)
        let share = root.appendingPathComponent("usr/share/bloq")
        try FileManager.default.createDirectory(at: share.appendingPathComponent("levels"), withIntermediateDirectories: true)
        #expect(try DataLocator(environment: [:], executable: executable).locate() == share.path)
    }

    @Test("an explicit folder without levels is an error that names it; nothing found lists every place")
    func errors() throws {
        do {
            _ = try DataLocator(explicit: "/nonexistent/data", environment: [:], executable: "/x/bloq").locate()
            Issue.record("found data in a missing folder")
        } catch {
            #expect(error.description.contains("/nonexistent/data"))
            #expect(error.description.contains("--data"))
        }
        do {
            _ = try DataLocator(environment: [:], executable: "/x/bin/bloq").locate()
            Issue.record("found data nowhere")
        } catch {
            for place in ["/x/bin", "/x/share/bloq", "/x/share/games/bloq"] { #expect(error.description.contains(place)) }
        }
    }

    @Test("an installed game never falls back on the tree it was built in")
    func noBuildPath() throws {
        let root = try temporaryFolder()
        // Installed under a prefix with no data: nothing is found, whatever built it.
        let bin = root.appendingPathComponent("prefix/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        #expect(throws: DataLocatorError.self) {
            try DataLocator(environment: [:], executable: bin.appendingPathComponent("bloq").path).locate()
        }
        // A folder with Package.swift and levels/ that the executable is not built inside is not a source tree.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("prefix/levels"), withIntermediateDirectories: true)
        try "".write(to: root.appendingPathComponent("prefix/Package.swift"), atomically: true, encoding: .utf8)
        #expect(DataLocator.sourceTree(above: bin.path) == nil)
    }

    @Test("the source tree's shipped data is found from the test's own build folder")
    func sourceTree() throws {
        let found = try DataLocator(environment: [:]).locate()
        #expect(FileManager.default.fileExists(atPath: found + "/levels/easy"))
    }

    @Test("a pack plays in byte order of names, or in the order its pack file gives")
    func packOrder() throws {
        let folder = try temporaryFolder()
        for name in ["b.bloq", "A.bloq", "a.bloq", "notes.txt"] {
            try "R.\n.B\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var pack = LevelFiles.loadPack(folder: folder.path)
        #expect(pack.files.map { ($0.path as NSString).lastPathComponent } == ["A.bloq", "a.bloq", "b.bloq"])
        try "title: My Pack\norder: b.bloq\norder: missing.bloq\n".write(
            to: folder.appendingPathComponent("pack"), atomically: true, encoding: .utf8)
        pack = LevelFiles.loadPack(folder: folder.path)
        #expect(pack.title == "My Pack")
        #expect(pack.files.map { ($0.path as NSString).lastPathComponent } == ["b.bloq", "A.bloq", "a.bloq"])
        #expect(pack.diagnostics.filter { $0.severity == .error }.map(\.line) == [3])
        #expect(
            pack.diagnostics.filter { $0.severity == .warning }.map(\.message) == [
                "'A.bloq' is not in the order; it plays after the ordered levels (add 'order: A.bloq' to place it)",
                "'a.bloq' is not in the order; it plays after the ordered levels (add 'order: a.bloq' to place it)",
            ])
    }

    @Test("a missing file is a diagnostic at 1:1")
    func missingFile() {
        let file = LevelFiles.load(path: "/nonexistent/level.bloq")
        guard case .failure(let error) = file.result else {
            Issue.record("loaded a missing file")
            return
        }
        #expect(error.description == "/nonexistent/level.bloq:1:1: error: file does not exist")
        #expect(LevelFiles.levelPaths(under: "/nonexistent") == nil)
    }
}
