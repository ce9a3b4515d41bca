import ArgumentParser
import BloqCLI
import BloqFiles
import BloqGame
import BloqLocalization
import BloqPlay

/// The game's words as a language set-up gives them: `GameLanguage` (the catalogs found as
/// the game finds them, `--lang`, the setting, the environment) set as the game sets it at
/// start, then changed as a pick in Settings changes it, and each text looked up with `tr`
/// after each step. The language tests run it (a language is process-wide state, which
/// the test process itself must not change under its other tests).
struct Words: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print texts translated as the game would show them, at start and after each change of the language setting.",
        discussion: """
            One line a text and step: STEP<tab>TRANSLATION, STEP being "start" or the setting picked. \
            A text SINGULAR|PLURAL#N is looked up as a plural, for the count N.
            """)

    @Flag(help: "Set up as a replay does (auto is English), not as a live game (auto is the environment's language).")
    var replay = false

    @Option(help: "As bloq's --lang.", transform: LanguageOption.parse)
    var lang: String?

    @Option(help: "The saved language setting at start (auto or a code).")
    var setting = Settings.automaticLanguage

    @Option(help: "A language setting picked later (repeatable: one change each, in order).")
    var then: [String] = []

    @Flag(help: "After each step's texts, print STEP<tab>row<tab>TEXT: what Settings' Language row says then.")
    var row = false

    @Option(help: "A folder of player files (progress.json, settings.json): print STEP<tab>notice<tab>TEXT, the title's notice.")
    var files: String?

    @Argument(help: "The texts (msgids).")
    var texts: [String]

    func run() throws {
        let language = replay ? GameLanguage.replay(commandLine: lang) : GameLanguage.live(commandLine: lang)
        let steps = [("start", setting, true)] + then.map { ($0, $0, false) }
        // Read as the game reads them, before a language is chosen.
        let opened = files.map { PlayerFolders.single($0).open(saving: .inline) }
        for warning in opened?.warnings ?? [] { printError("BloqDev: warning: \(warning)") }
        for (name, value, atStart) in steps {
            let (warnings, shown) = language.show(setting: value, atStart: atStart)
            for warning in warnings { printError("BloqDev: warning: \(warning)") }
            for text in texts { print("\(name)\t\(Self.lookUp(text))") }
            if row { print("\(name)\trow\t\(shown.rowText(setting: value))") }
            if let notice = opened?.notice { print("\(name)\tnotice\t\(notice)") }
        }
    }

    /// `text`'s translation; "SINGULAR|PLURAL#N" is the plural form for N, its %1 filled with N.
    static func lookUp(_ text: String) -> String {
        let parts = text.split(separator: "|", maxSplits: 1).map(String.init)
        guard parts.count == 2, let mark = parts[1].lastIndex(of: "#"), let count = Int(parts[1][parts[1].index(after: mark)...]) else {
            return tr(text)
        }
        return tr(parts[0], String(parts[1][..<mark]), count: count, "\(count)")
    }
}
