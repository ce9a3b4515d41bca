import ArgumentParser
import BloqFiles
import BloqGame

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check level files and folders (recursively).",
        discussion: """
            Reports every problem of every file as PATH:LINE:COLUMN: error: MESSAGE on standard error. \
            Exit status: 0 all valid, 65 any invalid, 66 a path missing (66 wins).
            """)

    @Argument(help: ArgumentHelp("Level files or folders of them.", valueName: "PATH"))
    var paths: [String]

    func run() throws {
        var missing = false
        var invalid = false
        var checked = 0
        for path in paths {
            guard let files = LevelFiles.levelPaths(under: path) else {
                printError("\(path):1:1: error: no such file or folder")
                missing = true
                continue
            }
            for file in files {
                checked += 1
                switch LevelFiles.load(path: file).result {
                case .success(let level):
                    for warning in level.warnings { printError(warning.description) }
                case .failure(let error):
                    invalid = true
                    for diagnostic in error.diagnostics { printError(diagnostic.description) }
                }
            }
        }
        if missing { throw ExitStatus.missingInput }
        if invalid { throw ExitStatus.invalidData }
        print("\(checked) level\(checked == 1 ? "" : "s") valid")
    }
}
