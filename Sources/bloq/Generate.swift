import ArgumentParser
import BloqFiles
import BloqGame
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make new, verified levels.",
        discussion: """
            Each level is solved and rated (docs/levels.md): its optimal length must fall in the \
            difficulty's band (for 4x4: easy 6-8, medium 9-10, hard 11-15), and no level is the same puzzle \
            as another, or as any shipped level or level already in DIR, up to rotation, mirroring and colour \
            names. The same seed writes the same files (given the same shipped levels and DIR).
            """)

    @Option(help: "easy, medium or hard.")
    var difficulty: Difficulty

    @Option(help: ArgumentHelp("How many levels to make (1 to 1000).", valueName: "N"))
    var count: Int

    @Option(help: ArgumentHelp("The seed: the same seed makes the same levels.", valueName: "S"))
    var seed: UInt64

    @Option(help: ArgumentHelp("Board size ROWSxCOLUMNS, 2 to 16 each (default 4x4).", valueName: "RxC"))
    var size: BoardSize = BoardSize(rows: 4, columns: 4)

    @Option(help: ArgumentHelp("The folder to write into (made if missing).", valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("The folder that holds levels/ (to avoid duplicating shipped levels).", valueName: "DIR"))
    var data: String?

    @Option(help: ArgumentHelp("A file of 'PAR BOARD' lines (a 4x4 board as 16 cells) whose boards must not be made.", valueName: "FILE"))
    var exclude: [String] = []

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be from 1 to 1000") }
    }

    func run() throws {
        // Everything already made: shipped levels and the output folder's.
        var forms = Set<String>()
        var titles = Set<String>()
        var existingNames: [String] = []
        var folders = [out]
        if let shipped = try? DataLocator(explicit: data).locate() {
            folders.append((shipped as NSString).appendingPathComponent("levels"))
        }
        for folder in folders {
            for path in LevelFiles.levelPaths(under: folder) ?? [] {
                if folder == out { existingNames.append((path as NSString).lastPathComponent) }
                guard let level = LevelFiles.load(path: path).level else { continue }
                forms.insert(level.board.canonicalForm)
                titles.insert(level.title)
            }
        }
        for file in exclude {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                printError("\(file):1:1: error: cannot read the exclusion file")
                throw ExitStatus.missingInput
            }
            for line in text.split(separator: "\n") {
                let cells = Array(line.split(separator: " ").last ?? "")
                guard cells.count == 16, let board = Board((0..<4).map { String(cells[($0 * 4)..<($0 * 4 + 4)]) }) else { continue }
                forms.insert(board.canonicalForm)
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            printError("bloq: cannot make the folder \(out): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        var generator = LevelGenerator(difficulty: difficulty, rows: size.rows, columns: size.columns, seed: seed)
        if size.rows * size.columns > 36 { generator.maxStates = 2_000_000 }
        let bar = ProgressBar(total: count)
        let made = generator.generate(count: count, excluding: forms, excludingTitles: titles) { bar.update($0) }
        bar.finish()
        let firstNumber = (existingNames.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0) + 1
        for (offset, level) in made.enumerated() {
            let number = firstNumber + offset
            let slug = level.title.lowercased().replacingOccurrences(of: " ", with: "-")
            let name = String(format: "%03d-%@.bloq", number, slug)
            let rating = level.rating
            let text = """
                ; Made by bloq generate --difficulty \(difficulty.rawValue) --seed \(seed) --size \(size.rows)x\(size.columns)
                ; difficulty score \(String(format: "%.1f", rating.score)): \(rating.optimal) moves, \(rating.goodOpeningMoves) of \(rating.openingMoves) opening moves optimal
                title: \(level.title)
                par: \(rating.optimal)
                difficulty: \(difficulty.rawValue)
                author: bloq generate

                \(level.board.lines.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n"))

                """
            do {
                try text.write(toFile: (out as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
            } catch {
                printError("bloq: cannot write \(name): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        printError(
            "bloq: wrote \(made.count) \(difficulty.rawValue) level\(made.count == 1 ? "" : "s") to \(out) (optimal \(generator.band.lowerBound)-\(generator.band.upperBound) moves)"
        )
        if made.count < count {
            printError(
                "bloq: error: found only \(made.count) of \(count) levels in the band after \(count * generator.attemptsPerLevel) boards; try another seed, size or difficulty"
            )
            throw ExitCode.failure
        }
    }
}

extension Difficulty: ExpressibleByArgument {}

/// A `ROWSxCOLUMNS` option value.
struct BoardSize: ExpressibleByArgument {
    var rows: Int
    var columns: Int

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    init?(argument: String) {
        guard let (rows, columns) = parseDimensions(argument, within: Board.sizeRange) else { return nil }
        self.init(rows: rows, columns: columns)
    }
}

/// A progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar {
    let total: Int
    let enabled = isatty(2) != 0

    init(total: Int) { self.total = total }

    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? width * done / total : width
        printErrorRaw("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)")
    }

    func finish() {
        if enabled { printErrorRaw("\n") }
    }
}
