import ArgumentParser
import BloqFiles
import BloqGame
import Glibc

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make new, verified levels.",
        discussion: """
            Each level is solved and rated (docs/levels.md): its optimal length must fall in the \
            difficulty's band (for 4x4: easy 6-8, medium 9-10, hard 11-15), and no level is the same puzzle \
            as another, or as any shipped level or level already in DIR, up to rotation, mirroring and colour \
            names. The same seed writes the same files (given the same shipped levels and DIR). \
            Expert levels are sparse boards with walls and five or six colours; master levels are longer, \
            on 7x7 and 8x8 boards with walls and seven or eight colours (docs/levels.md).

            bloq generate --daily YYYY-MM-DD prints that day's daily board (UTC) as a level file: the \
            same board the game offers every player on that day, made from the date alone.
            """)

    @Option(
        help:
            "easy, medium, hard, expert (sparse boards with walls and five or six colours; 5x5 and 6x6 suit it) or master (16 to 25 moves; 7x7 and 8x8 suit it)."
    )
    var difficulty: Difficulty?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Expert and master only: walls on each board instead of the shape's.", valueName: "N"),
        transform: Arguments.wholeNumber("--walls", in: 0...255))
    var walls: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Expert and master only: blocks on each board instead of the shape's.", valueName: "N"),
        transform: Arguments.wholeNumber("--blocks", in: 2...256))
    var blocks: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Expert and master only: colours on each board instead of the shape's (1 to 8).", valueName: "N"),
        transform: Arguments.wholeNumber("--colors", in: 1...8))
    var colors: Int?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("How many levels to make (1 to 1000).", valueName: "N"),
        transform: Arguments.wholeNumber("--count", in: 1...1000))
    var count: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The seed, any whole number from 0 to 18446744073709551615 (a UInt64): the same seed makes the same levels.",
            valueName: "S"),
        transform: Generate.seed)
    var seed: UInt64?

    @Option(
        help: ArgumentHelp(
            "Print the daily board of this UTC date (2000-01-01 to 9999-12-31) as a level file, instead of making levels.",
            valueName: "YYYY-MM-DD"),
        transform: DateOption.parse("--daily"))
    var daily: DailyDate?

    @Option(help: ArgumentHelp("Board size ROWSxCOLUMNS, 2 to 16 each (default 4x4).", valueName: "RxC"), transform: BoardSize.parse)
    var size: BoardSize = BoardSize(rows: 4, columns: 4)

    @Option(help: ArgumentHelp("The folder to write into (made if missing).", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("The folder that holds levels/ (to avoid duplicating shipped levels).", valueName: "DIR"))
    var data: String?

    @Option(help: ArgumentHelp("A file of 'PAR BOARD' lines (a 4x4 board as 16 cells) whose boards must not be made.", valueName: "FILE"))
    var exclude: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Random boards to try per level asked for before giving up (1 to 1000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-attempts", in: Generate.attemptsRange))
    var maxAttempts = 3_000

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Positions the solver may store per level asked for, over all its searches (1 to 1000000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-states", in: Generate.statesRange))
    var maxStates = 20_000_000

    @Option(
        help: ArgumentHelp(
            "Keep only levels of this optimal length, or of MIN-MAX moves (1 to 200), instead of the difficulty's band.",
            valueName: "N|MIN-MAX"),
        transform: Generate.lengths)
    var moves: ClosedRange<Int>?

    static let attemptsRange = 1...1_000_000
    static let statesRange = 1...1_000_000_000

    /// `--seed`: any UInt64, said so when the value is not one.
    static func seed(_ argument: String) throws -> UInt64 {
        guard argument.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt64(argument) else {
            throw ValidationError(
                "--seed must be a whole number from 0 to 18446744073709551615 (any UInt64), not '\(argument)'")
        }
        return value
    }

    /// `--moves`: N or MIN-MAX, whole numbers from 1 to 200 with MIN at most MAX, said so
    /// otherwise.
    static func lengths(_ argument: String) throws -> ClosedRange<Int> {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        let values = parts.map { part in part.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(part) : nil }
        guard (1...2).contains(values.count), let low = values.first ?? nil, let high = values.last ?? nil, 1 <= low, low <= high,
            high <= 200
        else {
            throw ValidationError(
                "--moves must be a length N or a range MIN-MAX of whole numbers from 1 to 200 with MIN at most MAX, as in 12 or 12-14, not '\(argument.prefix(40))'"
            )
        }
        return low...high
    }

    func validate() throws {
        try Arguments.checkPaths(["--out": out])
        if daily != nil {
            let others = [
                difficulty != nil ? "--difficulty" : nil, count != nil ? "--count" : nil, seed != nil ? "--seed" : nil,
                out != nil ? "--out" : nil, moves != nil ? "--moves" : nil,
            ]
            .compactMap { $0 }
            guard others.isEmpty else {
                throw ValidationError("--daily prints one board to standard output: leave out \(others.joined(separator: ", "))")
            }
            return
        }
        for (name, given) in [
            ("--difficulty <difficulty>", difficulty != nil), ("--count <N>", count != nil), ("--seed <S>", seed != nil),
            ("--out <DIR>", out != nil),
        ]
        where !given {
            throw ValidationError("Missing expected argument '\(name)' (or give --daily YYYY-MM-DD alone)")
        }
        let shaped = [walls != nil ? "--walls" : nil, blocks != nil ? "--blocks" : nil, colors != nil ? "--colors" : nil].compactMap { $0 }
        if !shaped.isEmpty, difficulty != .expert, difficulty != .master {
            throw ValidationError(
                "\(shaped.joined(separator: ", ")) shape\(shaped.count == 1 ? "s" : "") expert and master boards only; the other difficulties use the classic full board"
            )
        }
        if let walls, let blocks, walls + blocks >= size.rows * size.columns {
            throw ValidationError(
                "--walls \(walls) and --blocks \(blocks) leave no empty cell on a \(size.rows)x\(size.columns) board; use fewer")
        }
    }

    func run() throws {
        if let daily {
            guard let made = DailyBoard.make(for: daily) else {
                printError("bloq: error: no board of \(daily) met the daily recipe within \(DailyBoard.maximumBoards) boards drawn")
                throw ExitCode.failure
            }
            print(made.text, terminator: "")
            return
        }
        guard let difficulty, let count, let seed, let out else { return }
        // Everything already made: shipped levels and the output folder's.
        var forms = Set<String>()
        var titles = Set<String>()
        var existingNames: [String] = []
        var folders = [out]
        do {
            folders.append(Path.join(try DataLocator(explicit: data).locate(), "levels"))
        } catch let error where error.explicit {
            // A data folder named (--data, $BLOQ_DATA) that holds no levels is a mistake, not
            // something to pass over: the levels to avoid would silently be none.
            printError("bloq: error: \(error)")
            throw ExitStatus.missingInput
        } catch {
            // No data folder found anywhere: there are no shipped levels to avoid.
        }
        for folder in folders {
            for path in LevelFiles.levelPaths(under: folder) ?? [] {
                if folder == out { existingNames.append(Path.lastComponent(path)) }
                guard let level = LevelFiles.load(path: path).level else { continue }
                forms.insert(level.board.canonicalForm)
                titles.insert(level.title)
            }
        }
        for file in exclude {
            let text: String
            switch RegularFile.read(file, limit: 16 * 1024 * 1024) {
            case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
            case .failure(let failure):
                let reason = if case .tooLarge = failure { "is larger than 16 MiB" } else { failure.message(noun: "file") }
                printError("\(file):1:1: error: cannot read the exclusion file: \(reason)")
                throw failure.isMissing ? ExitStatus.missingInput : ExitStatus.invalidData
            }
            for line in text.split(separator: "\n") {
                let cells = Array(line.split(separator: " ").last ?? "")
                guard cells.count == 16, let board = Board((0..<4).map { String(cells[($0 * 4)..<($0 * 4 + 4)]) }) else { continue }
                forms.insert(board.canonicalForm)
            }
        }
        do {
            try FileSystem.createFolders(out)
        } catch {
            // A file where the folder goes is said as such, with the status of output that
            // cannot be made (73), not 1 and "File exists" (helper-62).
            printError("bloq: error: cannot make the folder \(out): \(Arguments.folderProblem(error, option: "--out"))")
            throw ExitStatus.cannotCreate
        }
        var generator = LevelGenerator(difficulty: difficulty, rows: size.rows, columns: size.columns, seed: seed)
        // Classic full boards past 6x6 need larger searches; expert and master boards keep
        // their budgets (their levels must be proved quickly).
        if size.rows * size.columns > 36, difficulty != .expert, difficulty != .master { generator.maxStates = 2_000_000 }
        if let walls { generator.walls = min(walls, size.rows * size.columns - 1) }
        if let blocks { generator.blocks = blocks }
        if let colors { generator.colors = Array(BlockColor.allCases.prefix(colors)) }
        generator.attemptsPerLevel = maxAttempts
        generator.statesPerLevel = maxStates
        generator.memoryBudget = SolverBudget.memory()
        generator.lengths = moves
        let what = "\(difficulty.rawValue) \(size.rows)x\(size.columns)"
        printError(
            "bloq: making \(Wording.count(count, "\(what) level")) (optimal \(generator.band.lowerBound)-\(generator.band.upperBound) moves), trying at most \(maxAttempts) boards and \(maxStates) solver positions a level (--max-attempts, --max-states)"
        )
        let bar = ProgressBar(total: count)
        let run = generator.run(count: count, excluding: forms, excludingTitles: titles) { progress in
            bar.update(progress, what: what)
        }
        bar.finish()
        let made = run.made
        let numbers = FileNumbers(existing: existingNames)
        // The header says how to make the level again, --moves included when given.
        let movesNote =
            (moves.map { range in
                " --moves " + (range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)")
            } ?? "") + (walls.map { " --walls \($0)" } ?? "") + (blocks.map { " --blocks \($0)" } ?? "")
            + (colors.map { " --colors \($0)" } ?? "")
        for (offset, level) in made.enumerated() {
            let slug = String(level.title.lowercased().map { $0 == " " ? "-" : $0 })
            let name = "\(numbers.number(offset))-\(slug).bloq"
            let rating = level.rating
            let text = LevelText.file(
                board: level.board, title: level.title, par: rating.optimal, difficulty: difficulty, author: "bloq generate",
                comments: [
                    "Made by bloq generate --difficulty \(difficulty.rawValue) --seed \(seed) --size \(size.rows)x\(size.columns)\(movesNote)",
                    "difficulty score \(Wording.decimal(rating.score, places: 1)): \(rating.optimal) moves, \(rating.goodOpeningMoves) of \(rating.openingMoves) opening moves optimal",
                ])
            do {
                try FileSystem.writeText(text, to: Path.join(out, name))
            } catch {
                printError("bloq: cannot write \(name): \(Path.describe(error))")
                throw ExitCode.failure
            }
        }
        let band = generator.band
        printError(
            "bloq: wrote \(Wording.count(made.count, "\(difficulty.rawValue) level")) to \(out) (optimal \(band.lowerBound)-\(band.upperBound) moves; \(Wording.count(run.progress.boardsTried, "board")) tried, \(Wording.count(run.progress.statesSearched, "position")) searched)"
        )
        if let shortfall = run.shortfall {
            let budget: String
            switch shortfall {
            case .attempts(let boards):
                budget =
                    "the \(Wording.count(boards, "board")) the budget allows \(made.isEmpty ? "for the first level" : "so far") (--max-attempts \(maxAttempts) a level) were tried"
            case .states(let states):
                budget =
                    "the solver's budget of \(Wording.count(states, "position")) \(made.isEmpty ? "for the first level" : "so far") (--max-states \(maxStates) a level) is spent"
            }
            printError(
                "bloq: error: could not make \(count - made.count) of the \(Wording.count(count, "\(what) level")) asked for: \(budget), and \(made.isEmpty ? "no" : "no other") board was a new level solvable in \(band.lowerBound)-\(band.upperBound) moves; try another seed, size or difficulty"
            )
            throw ExitCode.failure
        }
    }
}

/// Numbers for new files after the highest number already in the folder, as decimal
/// digits of any length, so no existing name can make them overflow.
struct FileNumbers {
    /// The highest number in use, without leading zeros ("" when none).
    let highest: String

    init(existing names: [String]) {
        var highest = ""
        for name in names {
            let digits = String(name.prefix { $0.isASCII && $0.isNumber }.drop { $0 == "0" })
            if digits.count > highest.count || (digits.count == highest.count && digits > highest) { highest = digits }
        }
        self.highest = highest
    }

    /// The number of the `offset`th new file (from 0): highest + 1 + offset, at least three
    /// digits wide.
    func number(_ offset: Int) -> String {
        var digits = Array(highest.isEmpty ? "0" : highest).compactMap { $0.wholeNumberValue }
        var carry = offset + 1
        var index = digits.count - 1
        while carry > 0 {
            if index < 0 {
                digits.insert(0, at: 0)
                index = 0
            }
            let sum = digits[index] + carry
            digits[index] = sum % 10
            carry = sum / 10
            index -= 1
        }
        let text = digits.map(String.init).joined()
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }
}

extension Difficulty: ExpressibleByArgument {}

/// A `ROWSxCOLUMNS` option value.
struct BoardSize {
    var rows: Int
    var columns: Int

    /// `--size`: two whole numbers from 2 to 16, said so otherwise.
    static func parse(_ argument: String) throws -> BoardSize {
        guard let (rows, columns) = parseDimensions(argument, within: Board.sizeRange) else {
            throw ValidationError("--size must be ROWSxCOLUMNS with each from 2 to 16, as in 4x4, not '\(argument)'")
        }
        return BoardSize(rows: rows, columns: columns)
    }
}

/// Progress on standard error: a bar redrawn in place on a terminal, else one line per
/// level made (logs and pipes get lines, not carriage returns).
final class ProgressBar {
    let total: Int
    let terminal = isatty(2) != 0

    init(total: Int) { self.total = total }

    func update(_ progress: LevelGenerator.Progress, what: String) {
        if terminal {
            let width = 30
            let filled = total > 0 ? width * progress.made / total : width
            printErrorRaw(
                "\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(progress.made)/\(total)")
        } else {
            printError(
                "bloq: made \(progress.made) of \(Wording.count(total, "\(what) level")) (\(Wording.count(progress.boardsTried, "board")) tried, \(Wording.count(progress.statesSearched, "position")) searched)"
            )
        }
    }

    func finish() {
        if terminal { printErrorRaw("\n") }
    }
}
