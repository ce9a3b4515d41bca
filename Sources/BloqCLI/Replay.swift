import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import Glibc

/// `bloq replay`: the script run headless, with no window unless a screenshot is asked for.
public struct Replay: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run an input script headless through the real input pipeline and print the final state.",
        discussion: """
            The script's events reach the game as live SDL events would (same translation, gestures, \
            animators and rules) on a fixed 1/120 s step, so the same script always gives the same result. \
            With --level (or --code) it plays that level alone, from the line of play the script's \
            resume lines give, if any; with --app it runs the whole game from the title screen, \
            keeping progress and settings in --data DIR (a fresh temporary folder without it), never in the \
            player's own files. Exit status: 0, 65 for an invalid level or script (or a line that cannot be \
            carried out, such as a tap on a control that is not shown), 66 for a missing file, 73 when the \
            screenshot (or the --data folder) cannot be written.
            """)

    @Argument(help: ArgumentHelp("The input script.", valueName: "SCRIPT"))
    public var script: String

    @Option(help: ArgumentHelp("The level to play (level mode).", valueName: "FILE"))
    public var level: String?

    @Option(
        help: ArgumentHelp(
            "Level mode: play the level a share code holds (bloq play --record says it for a level in no file).", valueName: "CODE"))
    public var code: String?

    @Flag(help: "Run the whole game from the title screen (app mode).")
    public var app = false

    @Option(
        help: ArgumentHelp(
            "App mode: the folder for progress, settings and your packs (created if missing, kept afterwards).", valueName: "DIR"))
    public var data: String?

    @Flag(help: "Print one JSON object of the final state.")
    public var json = false

    @Option(help: ArgumentHelp("Also render the final frame to a PNG.", valueName: "OUT.png"))
    public var screenshot: String?

    @Option(help: ArgumentHelp("Window size in pixels, WIDTHxHEIGHT (overrides the script's).", valueName: "WxH"))
    public var window: WindowSize?

    @Option(
        help: ArgumentHelp(
            "App mode: the day it is for the daily board (UTC; default: $BLOQ_TODAY, else today's date). Give it to a script that opens Daily, so it replays the same on any day.",
            valueName: "YYYY-MM-DD"),
        transform: DateOption.parse("--date"))
    public var date: DailyDate?

    @Option(
        help: ArgumentHelp(
            "The language the game shows: \(LanguageOption.codes.joined(separator: ", ")) (default: English, whatever the locale, so that tap lines stay valid).",
            valueName: "LL"),
        completion: .list(LanguageOption.codes), transform: LanguageOption.parse)
    public var lang: String?

    public init() {}

    public func validate() throws {
        try window?.check()
        if app, level != nil || code != nil {
            throw ValidationError(
                "--app and --\(level != nil ? "level" : "code") do not go together: give --level FILE or --code CODE to play one level, or --app to run the whole game"
            )
        }
        if level != nil, code != nil { throw ValidationError("give one of --level and --code") }
        if !app, level == nil, code == nil {
            throw ValidationError("give --level FILE or --code CODE (one level), or --app (the whole game)")
        }
        try Arguments.checkPaths(["SCRIPT": script, "--level": level, "--data": data, "--screenshot": screenshot])
        if data != nil, !app { throw ValidationError("--data DIR goes with --app") }
    }

    /// Runs the replay and prints the final state; draws the last frame in a headless
    /// window when a screenshot is asked for.
    public func run() throws {
        let parsed = try loadScript()
        let size = window ?? parsed.window.map { WindowSize(width: $0.width, height: $0.height) } ?? WindowSize(width: 800, height: 600)
        let options = (width: size.width, height: size.height)
        if app {
            guard parsed.resume.isEmpty else {
                printError(
                    "\(script):\(parsed.resume.firstLine): error: 'resume' lines go with --level or --code; with --app the lines of play are the --data folder's"
                )
                throw ExitStatus.invalidData
            }
            try runApp(parsed, options: options)
            return
        }
        let playable: Level
        let name: String
        if let code {
            playable = try ShareCodeArgument.level(code)
            name = "share code \(code)"
        } else if let level {
            playable = try Arguments.level(level)
            name = level
        } else {
            throw ExitStatus.invalidData
        }
        let pack = PackEntry(title: playable.title, items: [.playable(PlayableLevel(name: name, level: playable))])
        var environment = AppEnvironment.make(
            .detached(.standard()), packs: .given([pack]), today: { nil }, language: .replay(commandLine: lang))
        // The line of play a recording's level opened on (`resume` lines).
        switch parsed.resume.progress(on: playable) {
        case .success(let progress): environment.progress = progress
        case .failure(let error):
            printError("\(script):\(error.line): error: \(error.message)")
            throw ExitStatus.invalidData
        }
        let shell = AppController(
            environment: environment, viewport: Size(width: Double(options.width), height: Double(options.height)), singleLevel: true)
        try play(parsed, on: shell, options: options)
        guard let game = shell.game else { throw ExitStatus.invalidData }
        if let warning = StatedPar.warning(for: game, file: name, solving: true) { printError(warning) }
        let session = game.scene.session
        if json {
            print(JSONOutput.level(game).printed)
        } else {
            print("board:")
            for line in session.board.lines { print("  \(line)") }
            print("moves: \(session.moves)")
            print("cleared: \(session.isCleared ? "yes" : "no")")
            print("log: \(session.log.isEmpty ? "(none)" : session.log.map(JSONOutput.describe).joined(separator: ", "))")
        }
    }

    /// The whole game, from the title screen, with its own folder for the player's files.
    private func runApp(_ parsed: InputScript, options: (width: Int, height: Int)) throws {
        let folder = data ?? Path.join(Path.temporaryFolder, "bloq-replay-\(FileSystem.randomName())")
        do {
            try FileSystem.createFolders(folder)
        } catch {
            printError("bloq: error: cannot use \(folder) as the data folder: \(Arguments.folderProblem(error, option: "--data"))")
            throw ExitStatus.cannotCreate
        }
        defer { if data == nil { FileSystem.removeTree(folder) } }
        let folders = PlayerFolders.single(folder)
        let dataRoot = try Arguments.dataFolder(nil)
        let environment = AppEnvironment.make(
            .replay(folders), packs: .shipped(dataRoot: dataRoot), today: try DateOption.today(date), language: .replay(commandLine: lang))
        let shell = AppController(
            environment: environment, viewport: Size(width: Double(options.width), height: Double(options.height)))
        try play(parsed, on: shell, options: options)
        // What `end` reports is the game at that time; then the player quits, and what the
        // game saves then is saved (a move let go lands first).
        let report = appReport(shell, root: dataRoot, folder: folder)
        for line in shell.finish() { printError("bloq: warning: \(line)") }
        print(report)
    }

    /// The state a whole-app replay reports: the JSON object, or its lines of text.
    private func appReport(_ shell: AppController, root dataRoot: String, folder: String) -> String {
        let screen = shell.top.kind
        let controls = shell.top.controls
        // A level of a pack is a file, named relative to its root; the others (the daily
        // board, "daily/YYYY-MM-DD"; a pasted code; the editor's board) by their names.
        let path = shell.game.map { game in
            shell.playScreen?.packIndex == nil ? game.level.name : relativePath(game.level.name, roots: [dataRoot, folder])
        }
        if json { return JSONOutput.app(shell, screen: screen, controls: controls, levelPath: path).printed }
        var lines = ["screen: \(screen.rawValue)"]
        if let path { lines.append("level: \(path)") }
        if let session = shell.game?.scene.session {
            lines.append("board:")
            lines += session.board.lines.map { "  \($0)" }
            lines.append("moves: \(session.moves)")
        }
        if shell.help == nil, let editor = shell.root.editorScreen { lines.append("editor: \(editor.status)") }
        lines.append("controls: \(controls.map(\.label).joined(separator: ", "))")
        let totals = shell.progress.totals
        lines.append("progress: \(totals.cleared) cleared, \(totals.stars) stars")
        return lines.joined(separator: "\n")
    }

    private func loadScript() throws -> InputScript {
        // Only a regular file, and never more than one byte past the limit.
        let bytes: [UInt8]
        switch RegularFile.read(script, limit: InputScript.maximumFileSize) {
        case .success(let contents): bytes = contents
        case .failure(.tooLarge(let size)):
            printError(InputScript.tooLarge(name: script, size: size).description)
            throw ExitStatus.invalidData
        case .failure(let failure):
            // A file-level problem is at 1:1 (as for level files); a missing script keeps
            // the script format's SCRIPT:LINE.
            printError(failure.isMissing ? "\(script):1: error: no such file" : "\(script):1:1: error: \(failure.message(noun: "script"))")
            throw failure.isMissing ? ExitStatus.missingInput : ExitStatus.invalidData
        }
        switch InputScript.parse(bytes, name: script) {
        case .success(let value): return value
        case .failure(let error):
            printError(error.description)
            throw ExitStatus.invalidData
        }
    }

    /// Runs the script on the shell through the game loop: with no window when no
    /// screenshot is asked for (SDL is not started), else in a headless window whose last
    /// frame is saved.
    private func play(_ parsed: InputScript, on shell: AppController, options: (width: Int, height: Int)) throws {
        do {
            if let screenshot {
                let window = try SDLWindow(options: WindowOptions(width: options.width, height: options.height, headless: true))
                _ = try ScriptPlatform.run(parsed, on: shell, size: options, window: window)
                try window.saveScreenshot(of: shell, to: screenshot)
            } else {
                _ = try ScriptPlatform.run(parsed, on: shell, size: options)
            }
        } catch let error as ReplayError {
            printError("\(script):\(error.line): error: \(error.message)")
            throw ExitStatus.invalidData
        } catch let failure as OutputFile.Failure {
            printError("bloq: error: cannot write the screenshot to \(failure)")
            throw ExitStatus.cannotCreate
        }
    }

    /// `path` relative to the first of `roots` it lies in.
    func relativePath(_ path: String, roots: [String]) -> String {
        let absolute = Path.standardized(path)
        for root in roots {
            let base = Path.standardized(root)
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        }
        return path
    }

}
