import ArgumentParser
import BloqFiles
import BloqGame

/// `bloq share FILE`: a level's share code.
struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a level's share code: a short URL-safe text that bloq play --code and bloq import read.",
        discussion: """
            The code holds the board and, unless --no-title, the level's title (the one its file gives; \
            a file without one shares none), with a version and a checksum so that a typo is caught \
            (docs/levels.md, "Share codes"). A 4x4 level's code is at most 24 characters without a title. \
            Exit status: 0, 65 for an invalid level, 66 for a missing file.
            """)

    @Argument(help: ArgumentHelp("The level file.", valueName: "FILE"))
    var file: String

    @Option(help: ArgumentHelp("The title the code carries instead of the file's.", valueName: "TEXT"))
    var title: String?

    @Flag(help: "Leave the title out (a shorter code).")
    var noTitle = false

    func validate() throws {
        if title != nil, noTitle { throw ValidationError("give --title TEXT or --no-title, not both") }
        if let title, title.utf8.count > ShareCode.maximumTitleBytes {
            throw ValidationError("--title is \(title.utf8.count) bytes long; a code carries at most \(ShareCode.maximumTitleBytes)")
        }
        if let title, title.contains(where: \.isNewline) { throw ValidationError("--title must be one line") }
    }

    func run() throws {
        let level: Level
        switch LevelFiles.load(path: file).result {
        case .success(let value): level = value
        case .failure(let error):
            printError(error.description)
            throw LevelFiles.isMissing(file) ? ExitStatus.missingInput : ExitStatus.invalidData
        }
        for warning in level.warnings { printError(warning.description) }
        var shared: String?
        if !noTitle {
            // A file without a title stands for its name; that name is not shared as one.
            shared = title ?? (level.title == LevelParser.defaultTitle(for: file) ? nil : level.title)
        }
        if let text = shared, text.isEmpty || text.utf8.count > ShareCode.maximumTitleBytes {
            if !text.isEmpty {
                printError(
                    "\(file):1:1: warning: the title is \(text.utf8.count) bytes long, more than a code carries (\(ShareCode.maximumTitleBytes)); the code has no title"
                )
            }
            shared = nil
        }
        guard let code = ShareCode.encode(level.board, title: shared) else {
            printError("\(file):1:1: error: the level cannot be written as a share code")
            throw ExitStatus.invalidData
        }
        print(code)
    }
}
