import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Every shipped level file is a test case: it loads without a diagnostic, the solver
/// clears it at its stated par, and the packs are what GAME.md promises.
@Suite("Shipped levels")
struct ShippedLevelsTests {
    static let levelsFolder = Repository.url("levels")

    static let files: [URL] = {
        let enumerator = FileManager.default.enumerator(at: levelsFolder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "bloq" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }()

    static func load(_ url: URL) throws -> Level {
        try LevelParser.parse(Array(try Data(contentsOf: url)), name: url.lastPathComponent).get()
    }

    @Test("450 levels: 100 easy, 100 medium, 100 hard, 100 expert, 50 master, each marked with its pack's difficulty")
    func packs() throws {
        for difficulty in Difficulty.allCases {
            let pack = Self.files.filter { $0.deletingLastPathComponent().lastPathComponent == difficulty.rawValue }
            #expect(pack.count == (difficulty == .master ? 50 : 100), "\(difficulty)")
            for url in pack { #expect(try Self.load(url).difficulty == difficulty, "\(url.lastPathComponent)") }
        }
        #expect(Self.files.count == 450)
    }

    /// The expert pack's files.
    static var expert: [URL] { files.filter { $0.deletingLastPathComponent().lastPathComponent == "expert" } }

    /// The master pack's files.
    static var master: [URL] { files.filter { $0.deletingLastPathComponent().lastPathComponent == "master" } }

    @Test("the master pack: 7x7 and 8x8 boards with walls and six to eight colours, pars 16 to 25, five of each")
    func masterBoards() throws {
        var sizes: [Int: Int] = [:]
        var pars: [Int: Int] = [:]
        for url in Self.master {
            let level = try Self.load(url)
            let board = level.board
            sizes[board.rows, default: 0] += 1
            pars[level.par ?? 0, default: 0] += 1
            #expect([7, 8].contains(board.rows) && board.columns == board.rows, "\(url.lastPathComponent)")
            #expect(board.cells.contains(.wall), "\(url.lastPathComponent) has no wall")
            #expect((6...8).contains(board.colorCounts.count), "\(url.lastPathComponent): \(board.colorCounts.count) colours")
        }
        #expect(sizes[7] == 25 && sizes[8] == 25, "\(sizes)")
        #expect(pars == Dictionary(uniqueKeysWithValues: (16...25).map { ($0, 5) }), "\(pars)")
    }

    @Test("the expert pack: 5x5 and 6x6 boards with walls and five or six colours, every par in the expert band")
    func expertBoards() throws {
        var sizes: [Int: Int] = [:]
        for url in Self.expert {
            let level = try Self.load(url)
            let board = level.board
            sizes[board.rows, default: 0] += 1
            #expect([5, 6].contains(board.rows) && board.columns == board.rows, "\(url.lastPathComponent)")
            #expect(board.cells.contains(.wall), "\(url.lastPathComponent) has no wall")
            #expect((5...6).contains(board.colorCounts.count), "\(url.lastPathComponent): \(board.colorCounts.count) colours")
            let band = LevelGenerator(difficulty: .expert, rows: board.rows, columns: board.columns, seed: 0).band
            #expect(band.contains(level.par ?? 0), "\(url.lastPathComponent): par \(level.par ?? 0) outside \(band)")
        }
        #expect(sizes[5] == 50 && sizes[6] == 50, "\(sizes)")
    }

    @Test("no expert or master level is a rotation or mirror of another, checked image by image", arguments: ["expert", "master"])
    func notTransformed(_ name: String) throws {
        let files = name == "expert" ? Self.expert : Self.master
        let grids = try files.map { try Self.load($0).board.lines.map(Array.init) }
        // The 8 symmetries of a square grid, written out here (not the module's canonical
        // form): 4 quarter turns, each mirrored or not.
        func turned(_ grid: [[Character]]) -> [[Character]] {
            (0..<grid.count).map { row in (0..<grid.count).map { column in grid[grid.count - 1 - column][row] } }
        }
        var images: [[[Character]]: Int] = [:]
        for (index, grid) in grids.enumerated() {
            var image = grid
            for _ in 0..<4 {
                for candidate in [image, image.map { Array($0.reversed()) }] {
                    if let other = images[candidate], other != index {
                        Issue.record("\(files[index].lastPathComponent) is an image of \(files[other].lastPathComponent)")
                    }
                    images[candidate] = index
                }
                image = turned(image)
            }
        }
        #expect(grids.count == (name == "expert" ? 100 : 50))
    }

    @Test("each level loads cleanly, states its par, and the solver clears it at that par", arguments: files)
    func level(_ url: URL) throws {
        let level = try Self.load(url)
        #expect(level.warnings.isEmpty)
        let par = try #require(level.par, "\(url.lastPathComponent) states no par")
        #if DEBUG
            // A master level takes up to a few hundred thousand positions: a debug build
            // would take minutes for the pack. `make test` proves every par with the release
            // build (`bloq validate levels`), and a release test run does it here.
            if url.deletingLastPathComponent().lastPathComponent == "master" { return }
        #endif
        guard case .solved(let moves) = Solver().solve(level.board).outcome else {
            Issue.record("\(url.lastPathComponent) is not solved")
            return
        }
        #expect(moves.count == par)
        #expect(level.board.applying(moves)?.isCleared == true)
    }

    @Test("no two shipped levels are the same puzzle, even rotated, mirrored or with colours renamed")
    func unique() throws {
        var seen: [String: String] = [:]
        for url in Self.files {
            let form = try Self.load(url).board.canonicalForm
            if let other = seen[form] { Issue.record("\(url.lastPathComponent) repeats \(other)") }
            seen[form] = url.lastPathComponent
        }
    }

    @Test("difficulty rises within each pack, by the documented measure", arguments: Difficulty.allCases)
    func rising(_ difficulty: Difficulty) throws {
        let pack = Self.files.filter { $0.deletingLastPathComponent().lastPathComponent == difficulty.rawValue }
        // The par lines give the optimal lengths; the measure is dominated by them.
        let pars = try pack.map { try Self.load($0).par ?? 0 }
        #expect(pars == pars.sorted(), "\(difficulty): \(pars)")
        if difficulty == .easy {
            #expect(pars.first == 1, "the first level is a one-move clear")
        }
        // The master pack is ordered by length, then by the solver's effort (positions
        // stored to prove the par), which a debug build would take minutes to measure.
        if difficulty == .master {
            #if !DEBUG
                let efforts = try pack.map { [try Self.load($0).par ?? 0, Solver().solve(try Self.load($0).board).states] }
                #expect(efforts == efforts.sorted { $0.lexicographicallyPrecedes($1) }, "\(efforts)")
            #endif
            return
        }
        // Spot-check the full score on a few neighbours (rating every level is for the
        // scripts that make the packs): by optimal length, then by score.
        for index in stride(from: 0, to: pack.count - 1, by: 33) {
            let a = try #require(DifficultyRating.rate(try Self.load(pack[index]).board))
            let b = try #require(DifficultyRating.rate(try Self.load(pack[index + 1]).board))
            #expect((a.optimal, a.score) <= (b.optimal, b.score), "\(pack[index].lastPathComponent) is rated harder than the next")
        }
    }

    @Test("the original game's pool is not copied: no shipped level is one of its boards")
    func notThePool() throws {
        let pool = Self.levelsFolder.deletingLastPathComponent().appendingPathComponent("../shared/data/original-pool.txt")
            .standardizedFileURL
        guard let text = try? String(contentsOf: pool, encoding: .utf8) else { return }
        let forms = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let cells = Array(line.split(separator: " ").last ?? "")
                guard cells.count == 16 else { return nil }
                return Board((0..<4).map { String(cells[($0 * 4)..<($0 * 4 + 4)]) })?.canonicalForm
            })
        for url in Self.files { #expect(!forms.contains(try Self.load(url).board.canonicalForm), "\(url.lastPathComponent)") }
    }
}
