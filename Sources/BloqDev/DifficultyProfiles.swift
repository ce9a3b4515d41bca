import ArgumentParser
import BloqGame
import Foundation

/// The difficulty measure's features of every level of some pack folders, a line each
/// (`DifficultyProfile`): the table `difficulty-fit` fits the measure on
/// (bench/difficulty-profiles.txt, docs/levels.md).
struct DifficultyProfiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "difficulty-profiles",
        abstract: "Measure the difficulty features of every level of pack folders, a line each.")

    @Argument(help: "Pack folders, easiest first (levels/easy levels/medium ...): a pack's rank is its place here.")
    var folders: [String]
    @Option(help: "The solver's budget per search.") var maxStates = Solver.defaultMaxStates

    func run() throws {
        // Unbuffered, a line at a time: a long run shows its progress.
        func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        emit("# BloqDev difficulty-profiles \(folders.joined(separator: " ")) (budget \(maxStates) a search)")
        emit("# " + DifficultyTable.columns.joined(separator: " "))
        for (rank, folder) in folders.enumerated() {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bloq") }.sorted()
            for (index, file) in files.enumerated() {
                let path = folder + "/" + file
                let text = try String(contentsOfFile: path, encoding: .utf8)
                guard case .success(let level) = LevelParser.parse(text, name: path) else {
                    printError("\(path): not a level")
                    throw ExitCode(65)
                }
                let start = Date()
                guard let profile = DifficultyProfile.measure(level.board, maxStates: maxStates) else {
                    printError("\(path): unsolvable, or a search ran out of its budget")
                    throw ExitCode(75)
                }
                let ms = Int(Date().timeIntervalSince(start) * 1000)
                let row = DifficultyTable.Row(pack: rank + 1, index: index + 1, path: path, profile: profile, milliseconds: ms)
                emit(row.line)
            }
        }
    }
}

/// The table `difficulty-profiles` writes and `difficulty-fit` reads.
enum DifficultyTable {
    static let columns = [
        "pack", "index", "path", "optimal", "effort", "legal", "optimal_moves", "dead_ends", "forced", "optimal_solutions_log2",
        "openings", "optimal_openings", "states", "ms",
    ]

    struct Row {
        var pack: Int
        var index: Int
        var path: String
        var profile: DifficultyProfile
        var milliseconds: Int

        var line: String {
            let p = profile
            return [
                "\(pack)", "\(index)", path, "\(p.optimal)", "\(p.effort)", "\(p.legalMoves)", "\(p.optimalMoves)", "\(p.deadEnds)",
                "\(p.forcedMoves)", String(format: "%.3f", p.optimalSolutionsLog2), "\(p.openingMoves)", "\(p.optimalOpenings)",
                "\(p.states)", "\(milliseconds)",
            ].joined(separator: " ")
        }
    }
}

extension DifficultyTable.Row {
    /// A line of the table; nil for a comment or a malformed line.
    init?(line: Substring) {
        guard !line.hasPrefix("#") else { return nil }
        let f = line.split(separator: " ").map(String.init)
        guard f.count == DifficultyTable.columns.count, let pack = Int(f[0]), let index = Int(f[1]),
            let numbers = Optional(f[3...].compactMap(Double.init)), numbers.count == f.count - 3
        else { return nil }
        self.pack = pack
        self.index = index
        path = f[2]
        let n = numbers.map { Int($0) }
        profile = DifficultyProfile(
            optimal: n[0], effort: n[1], legalMoves: n[2], optimalMoves: n[3], deadEnds: n[4], forcedMoves: n[5],
            optimalSolutionsLog2: numbers[6], openingMoves: n[7], optimalOpenings: n[8], states: n[9])
        milliseconds = n[10]
    }
}
