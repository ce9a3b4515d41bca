import BloqFiles
import BloqGame
import BloqTestSupport
import Testing

/// A broken level's tile says its first error, where it is, and how many more there are (a
/// player's report: three errors, one shown, nothing saying more follow).
@Suite("A broken level's tile: its first error and how many more")
struct BrokenLevelTileTests {
    static func said(_ text: String) throws -> String? {
        let scratch = try Scratch("broken-tile")
        let folder = try scratch.folder("mine")
        try scratch.file("mine/01-bad.bloq", text)
        let items = try LevelCatalog.loadPack(folder: folder).pack.items
        guard case .broken(_, let error) = items.first else { return nil }
        return error
    }

    @Test("three errors: the first, and two more that bloq validate lists")
    func several() throws {
        let error = try Self.said("speed: 3\npar: x\nR . R\n. x .\n")
        #expect(error?.hasPrefix("line 1, column 1: unknown header key 'speed'") == true, "\(error ?? "nil")")
        #expect(error?.hasSuffix("(and 2 more errors: bloq validate lists them all)") == true, "\(error ?? "nil")")
    }

    @Test("one error: only it")
    func one() throws {
        let error = try Self.said("speed: 3\nR . R\n. . .\n")
        #expect(error?.hasPrefix("line 1, column 1: unknown header key 'speed'") == true, "\(error ?? "nil")")
        #expect(error?.contains("more") == false, "\(error ?? "nil")")
    }
}

@Suite("A pack knows its folder")
struct PackFolderTests {
    @Test("a pack read from a folder carries the folder's name, which the editor's Pack field names")
    func folderName() throws {
        let scratch = try Scratch("pack-folder")
        let levels = try scratch.folder("levels")
        _ = try scratch.folder("levels/my-pack")
        try scratch.file("levels/my-pack/001-a.bloq", "title: A\npar: 1\n\nR . R\n")
        let packs = LevelCatalog.packs(in: levels, isPlayers: true)
        #expect(packs.map(\.folder) == ["my-pack"] && packs.first?.title == "My-pack (yours)")
    }
}
