import ArgumentParser
import BloqCLI
import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqLocalization
import BloqPlay

/// Every screen in every window of `LayoutAudit` (the screens LayoutTests checks in
/// English), in each language: the layout rules hold, and every screen shows the controls
/// English shows, by what they are. A long translation may shorten a label, never drop a
/// button. The language tests run it (a language is process-wide state, which the test
/// process itself must not change under its other tests).
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check every screen's layout in every window and language against English.",
        discussion: """
            Prints one line per problem (LANGUAGE WINDOW SCREEN: what), then a summary; exits 1 when there is a problem. \
            The catalogs are found as the game finds them (BLOQ_LOCALEDIR, then beside the build).
            """)

    @Option(
        help: "The languages to check, comma-separated (default: every one Bloq speaks but English).",
        transform: { text in try text.split(separator: ",").map { try LanguageOption.parse(String($0)) } })
    var lang: [String]?

    @Option(
        help:
            "The windows, comma-separated WIDTHxHEIGHT in pixels, @SCALE for a display scale (default: the audit's \(LayoutAudit.windows.count + LayoutAudit.scaled.count)).",
        transform: Layout.parseWindows)
    var window: [(size: Size, scale: Double)]?

    @Option(help: "With --window: the display's DPI, in points per inch (above 20), which sizes the buttons (about 9 mm).")
    var dpi: Double?

    func validate() throws {
        guard let dpi else { return }
        guard window != nil else { throw ValidationError("--dpi goes with --window: give the windows it is for") }
        guard dpi > 20, dpi <= 1000 else { throw ValidationError("--dpi \(dpi) is not a display's: give 21 to 1000 points per inch") }
    }

    @Flag(
        help:
            "Also fail on a label or text cut with '…' where English shows it whole, and on the play screen's key line missing where English shows it."
    )
    var words = false

    func run() throws {
        let languages = lang ?? LanguageOption.codes.filter { $0 != Language.english.code }
        let windows =
            window.map { $0.map { ($0.size, $0.scale, dpi ?? 96) } } ?? LayoutAudit.windows.map { ($0, 1, 96) } + LayoutAudit.scaled
        // English first: what every screen shows, by control; the texts it cuts ("…"); and
        // whether it shows the key line.
        var english: [String: [String]] = [:]
        var englishCuts: [String: Int] = [:]
        var englishKeys: Set<String> = []
        _ = GameLanguage.replay(commandLine: nil).show(setting: Settings.automaticLanguage, atStart: true)
        for (size, scale, dpi) in windows {
            for shot in LayoutAudit.shots(size, scale: scale, dpi: dpi) {
                let key = "\(Self.name(size, scale, dpi)) \(shot.name)"
                english[key] = LayoutAudit.controlIDs(shot)
                englishCuts[key] = Self.cut(shot).count
                if Self.showsKeyLine(shot) { englishKeys.insert(key) }
            }
        }
        var problems = 0
        var shots = 0
        for code in languages {
            let warnings = GameLanguage.replay(commandLine: code).show(setting: Settings.automaticLanguage, atStart: true).warnings
            guard warnings.isEmpty else {
                throw ValidationError("\(code): \(warnings.joined(separator: "; ")) (make mo compiles the catalogs)")
            }
            for (size, scale, dpi) in windows {
                for shot in LayoutAudit.shots(size, scale: scale, dpi: dpi) {
                    shots += 1
                    let key = "\(Self.name(size, scale, dpi)) \(shot.name)"
                    var found = LayoutAudit.problems(shot, size, scale: scale)
                    let ids = LayoutAudit.controlIDs(shot)
                    let wanted = english[key] ?? []
                    let missing = wanted.filter { !ids.contains($0) }
                    if !missing.isEmpty {
                        found.append("\(missing.count) of English's controls missing: \(missing.joined(separator: ", "))")
                    }
                    // A longer text may need more pages (Help): its paging buttons are welcome.
                    let extra = ids.filter { !wanted.contains($0) && !Self.paging.contains($0) }
                    if !extra.isEmpty { found.append("controls English does not show: \(extra.joined(separator: ", "))") }
                    // A label or text cut to fit where English shows it whole: a shorter
                    // wording, or a layout that gives it room, is wanted.
                    let cut = Self.cut(shot)
                    if words, cut.count > englishCuts[key] ?? 0 {
                        found.append("cut with '…' where English is whole: \(cut.map { "\"\($0)\"" }.joined(separator: ", "))")
                    }
                    if words, englishKeys.contains(key), shot.name.hasPrefix("play") || shot.name.hasPrefix("daily"),
                        !Self.showsKeyLine(shot)
                    {
                        found.append("the key line English shows is missing (it must wrap or move, not vanish)")
                    }
                    for line in found { print("\(code) \(key): \(line)") }
                    problems += found.count
                }
            }
        }
        print(
            "\(shots) screens in \(languages.count) languages and \(windows.count) windows against English: "
                + (problems == 0 ? "no problems" : "\(problems) problems"))
        if problems > 0 { throw ExitCode(1) }
    }

    static let paging: Set = ["previousPage", "nextPage"]

    /// The texts and labels of `shot` that end with "…": cut to fit, or ending so whole
    /// ("Thinking…"), which English shows as well (the counts are compared). The editor's
    /// fields count too: the audit's editor is a new level, whose title and pack are the
    /// language's defaults ("My level", "mine"), which English shows whole.
    static func cut(_ shot: LayoutAudit.Shot) -> [String] {
        (shot.texts + shot.controls.compactMap(\.labelBox)).map(\.text).filter { $0.hasSuffix("…") }
    }

    /// Whether `shot` shows the play screen's key line (it starts "Drag a block").
    static func showsKeyLine(_ shot: LayoutAudit.Shot) -> Bool {
        let start = tr("Drag a block")
        return shot.texts.contains { $0.text.hasPrefix(start) }
    }

    static func name(_ size: Size, _ scale: Double, _ dpi: Double) -> String {
        "\(Int(size.width))x\(Int(size.height))" + (scale == 1 ? "" : "@\(InputScript.format(scale))")
            + (dpi == 96 ? "" : " \(InputScript.format(dpi)) dpi")
    }

    static func parseWindows(_ text: String) throws -> [(size: Size, scale: Double)] {
        try text.split(separator: ",").map { part in
            let halves = part.split(separator: "@", omittingEmptySubsequences: false)
            let sides = halves[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            let scale = halves.count == 2 ? Double(halves[1]) : 1
            guard halves.count <= 2, sides.count == 2, let width = sides[0], let height = sides[1],
                [width, height].allSatisfy({ (100...10000).contains($0) }), let scale, (1...4).contains(scale)
            else {
                throw ValidationError(
                    "'\(part)' is not a window: give WIDTHxHEIGHT, each 100 to 10000 pixels, and @SCALE from 1 to 4 if you like, as in 360x640 or 720x1280@2"
                )
            }
            return (Size(width: Double(width), height: Double(height)), scale)
        }
    }
}
