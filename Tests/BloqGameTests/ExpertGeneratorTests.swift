import Testing

@testable import BloqGame

@Suite("The expert generator: walls, sparse boards, more colours, the interest filter")
struct ExpertGeneratorTests {
    @Test("expert shapes: 5x5 has 3 walls, 12 blocks, 5 colours; 6x6 has 5 walls, 12 blocks, 6 colours")
    func shapes() {
        let small = LevelGenerator.expertShape(rows: 5, columns: 5)
        #expect(small.walls == 3 && small.blocks == 12 && small.colors.count == 5)
        let large = LevelGenerator.expertShape(rows: 6, columns: 6)
        #expect(large.walls == 5 && large.blocks == 12 && large.colors.count == 6)
        let generator = LevelGenerator(difficulty: .expert, rows: 6, columns: 6, seed: 1)
        #expect(generator.walls == 5 && generator.blocks == 12 && generator.colors.count == 6)
        #expect(generator.interest == .expert && generator.maxStates == LevelGenerator.expertMaxStates)
        #expect(generator.band == 10...24)
        #expect(generator.holes == 36 - 5 - 12)
        // Every size keeps at least one empty cell and two blocks.
        for size in Board.sizeRange {
            let shape = LevelGenerator.expertShape(rows: size, columns: size)
            #expect(shape.blocks >= 2 && shape.walls + shape.blocks < size * size, "\(size)x\(size)")
        }
    }

    @Test("master shapes: 7x7 has 6 walls, 19 blocks, 7 colours; 8x8 has 8 walls, 25 blocks, 8 colours; the band is 16 to 25")
    func masterShapes() {
        let small = LevelGenerator.masterShape(rows: 7, columns: 7)
        #expect(small.walls == 6 && small.blocks == 19 && small.colors.count == 7)
        let large = LevelGenerator.masterShape(rows: 8, columns: 8)
        #expect(large.walls == 8 && large.blocks == 25 && large.colors.count == 8)
        let generator = LevelGenerator(difficulty: .master, rows: 8, columns: 8, seed: 1)
        #expect(generator.walls == 8 && generator.blocks == 25 && generator.colors.count == 8)
        #expect(generator.interest == .expert && generator.maxStates == LevelGenerator.masterMaxStates)
        #expect(generator.band == 16...25)
        for size in Board.sizeRange {
            let shape = LevelGenerator.masterShape(rows: size, columns: size)
            #expect(shape.blocks >= 2 && shape.walls + shape.blocks < size * size, "\(size)x\(size)")
        }
    }

    @Test("the classic difficulties keep the classic full board and accept every board in the band")
    func classicUnchanged() {
        let generator = LevelGenerator(difficulty: .hard, seed: 1)
        #expect(generator.walls == 0 && generator.blocks == nil && generator.interest == .any && generator.holes == 1)
        #expect(generator.colors == [.red, .blue, .orange, .green])
    }

    @Test("sparse candidates have exactly their walls and blocks, 2 to 4 blocks a colour, none touching", arguments: [0, 1, 2])
    func sparseCandidates(_ size: Int) throws {
        var generator = LevelGenerator(difficulty: .expert, rows: 4 + size, columns: 5, seed: 0)
        generator.walls = 3
        generator.blocks = 11
        var random = SeededGenerator(seed: UInt64(size))
        var seen = 0
        for _ in 0..<2_000 {
            guard let board = generator.candidate(&random) else { continue }
            seen += 1
            #expect(board.cells.filter { $0 == .wall }.count == 3)
            #expect(board.blockCount == 11)
            #expect(board.touchingPairs.isEmpty)
            #expect(board.colorCounts.values.allSatisfy { (2...4).contains($0) }, "\(board)")
            #expect(Set(board.colorCounts.keys).isSubset(of: Set(generator.colors)))
        }
        #expect(seen > 100, "most draws are boards")
    }

    @Test("a block alone with its colour in a region the walls shut off is never drawn")
    func strandedBlocks() throws {
        // Left of the wall column: one red and one blue, alone with their colours there.
        let stranded = board("R#R", "B#.", ".#B")
        #expect(stranded.strandsABlockForTest)
        let open = board("R.R", "B#.", ".#B")
        #expect(!open.strandsABlockForTest)
        var generator = LevelGenerator(difficulty: .expert, rows: 5, columns: 5, seed: 3)
        generator.walls = 7
        var random = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            if let board = generator.candidate(&random) { #expect(!board.strandsABlockForTest, "\(board)") }
        }
    }

    @Test("expert levels on a small board: walls, in the band, few good openings, no optimal opening clear")
    func expertLevels() throws {
        var generator = LevelGenerator(difficulty: .expert, rows: 4, columns: 4, seed: 11)
        generator.attemptsPerLevel = 4_000
        let made = generator.generate(count: 2)
        #expect(made.count == 2)
        #expect(made == generator.generate(count: 2), "the same seed makes the same levels")
        for level in made {
            let board = level.board
            #expect(board.cells.filter { $0 == .wall }.count == generator.walls)
            #expect(board.blockCount == generator.blocks)
            #expect(generator.band.contains(level.rating.optimal))
            let solved = Solver().solve(board)
            #expect(solved.optimal == level.rating.optimal)
            #expect(Double(level.rating.goodOpeningMoves) <= Double(level.rating.openingMoves) * 0.25)
            for move in board.legalMoves {
                guard let slide = board.slide(move), !slide.vanished.isEmpty else { continue }
                #expect(Solver().solve(slide.result).optimal != level.rating.optimal - 1, "\(move) is an optimal opening clear")
            }
        }
    }

    @Test("lengths replace the band: every level made has one of them")
    func chosenLengths() throws {
        var generator = LevelGenerator(difficulty: .expert, rows: 4, columns: 4, seed: 11)
        generator.attemptsPerLevel = 4_000
        let band = generator.band
        let wanted = (band.lowerBound + 1)...(band.lowerBound + 1)
        generator.lengths = wanted
        #expect(generator.band == wanted)
        let made = generator.generate(count: 2)
        #expect(!made.isEmpty)
        for level in made { #expect(wanted.contains(level.rating.optimal)) }
        generator.lengths = nil
        #expect(generator.band == band)
    }

    @Test("the interest filter: a board whose obvious first clear is optimal is not kept by the expert's")
    func interest() throws {
        // R slides right into the pair and clears; then B, G: 3 moves, and the clear opens.
        let obvious = board("R.R#", "B..B", "G..G")
        let rating = try #require(DifficultyRating.rate(obvious))
        #expect(Interest.any.judgeForTest(obvious, rating: rating))
        let lenient = Interest(maximumGoodOpeningShare: 1, allowsOpeningClear: false)
        #expect(!lenient.judgeForTest(obvious, rating: rating))
    }
}

extension Board {
    var strandsABlockForTest: Bool { strandsABlock }
}

extension Interest {
    func judgeForTest(_ board: Board, rating: DifficultyRating) -> Bool {
        judge(board, rating: rating, maxStates: 1_000_000, totalStates: .max, memoryBudget: Solver.defaultMemoryBudget).kept
    }
}
