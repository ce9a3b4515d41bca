import BloqGame
import Foundation
import Testing

/// Every shipped level file is a test case: it loads without a diagnostic and an
/// exhaustive search clears it.
@Suite("Shipped levels")
struct ShippedLevelsTests {
    static let levelsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("levels")

    static let files: [URL] = {
        let enumerator = FileManager.default.enumerator(at: levelsFolder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "bloq" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test("the easy pack has at least 10 levels, in a rising order")
    func easyPack() throws {
        let easy = Self.files.filter { $0.path.contains("/easy/") }
        #expect(easy.count >= 10)
        let lengths = try easy.map { url in
            let level = try LevelParser.parse(Array(try Data(contentsOf: url)), name: url.path).get()
            return shortestClear(level.board) ?? -1
        }
        #expect(lengths.first == 1, "the first level is a one-move clear")
        #expect(!lengths.contains(-1))
        #expect(lengths == lengths.sorted(), "difficulty rises: \(lengths)")
    }

    @Test("each level loads cleanly and can be cleared", arguments: files)
    func level(_ url: URL) throws {
        let level = try LevelParser.parse(Array(try Data(contentsOf: url)), name: url.lastPathComponent).get()
        #expect(level.warnings.isEmpty)
        #expect(level.difficulty != nil)
        let optimum = try #require(shortestClear(level.board), "\(url.lastPathComponent) cannot be cleared")
        if let par = level.par { #expect(par == optimum) }
    }
}
