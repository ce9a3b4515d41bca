import BloqGame
import BloqLocalization

/// `bloq play --level FILE --watch`: the level on screen follows its file. The platform
/// says when the file changed and reads it; a version that loads replaces the level shown
/// (a fresh board), one with errors leaves the last good board and shows the errors over
/// it, in `bloq validate`'s words and places. A version that loads is then checked by the
/// solver off the render thread (unsolvable, a wrong par), and what the check finds is
/// shown over the new board the same way.
public final class LevelWatch {
    /// The file, as given on the command line (diagnostics name it so, as validate does).
    public let path: String
    /// What the screen shows over the board, when there is something to say.
    public private(set) var report: Report?
    /// Versions loaded since the watch began (the first level not counted).
    public private(set) var reloads = 0
    private let changed: () -> Bool
    private let load: () -> Result<Level, LevelLoadError>
    private let judge: BackgroundJobs<Level, [Diagnostic]>?
    private var shown: Level?

    /// The lines shown over the board.
    public struct Report: Equatable, Sendable {
        /// The first line, in words.
        public var heading: String
        /// Diagnostics, one a line, as `bloq validate` prints them.
        public var lines: [String]
        /// Whether the board is the last good version (the file has errors), rather than
        /// the file's own.
        public var keepsLastGood: Bool
        /// The file watched, as given.
        var path: String

        /// What the play screen's message band says: the heading, then each diagnostic on a
        /// line of its own (run together, one error's end read as the next one's start), the
        /// file by its name as the heading names it (its path is on standard error, and too
        /// long for the band).
        public var sentence: String {
            let name = LevelWatch.fileName(path)
            let named = lines.map { $0.hasPrefix(path + ":") ? name + $0.dropFirst(path.count) : $0 }
            return ([heading] + named).joined(separator: "\n")
        }
    }

    /// A watched file's name, as the game's words name it ("draft.bloq").
    public static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// - Parameters:
    ///   - changed: whether the file changed since the last call (the platform's watcher).
    ///   - load: reads and parses the file.
    ///   - check: what the solver says against a level that loads (nil: no check); it
    ///     should stop when its `SearchStop` asks.
    ///   - seconds: the wall time one check may take in live play.
    public init(
        path: String, changed: @escaping () -> Bool, load: @escaping () -> Result<Level, LevelLoadError>,
        check: (@Sendable (Level, SearchStop) -> [Diagnostic])?, seconds: Double? = LevelWatch.checkSeconds, mode: BackgroundMode
    ) {
        self.path = path
        self.changed = changed
        self.load = load
        judge = check.map { BackgroundJobs(mode: mode, seconds: seconds, work: $0) }
    }

    /// The wall time one solver check of a saved version may take in live play.
    public static let checkSeconds = 10.0

    /// Starts from the level shown at first: its warnings, and the solver's check.
    func begin(with level: Level) {
        accept(level)
    }

    /// When the file changed: the new level to show, if the new version loads. Either way
    /// the report says what there is to say.
    func poll() -> Level? {
        guard changed() else { return nil }
        switch load() {
        case .success(let level):
            reloads += 1
            accept(level)
            return level
        case .failure(let error):
            judge?.cancelAll()
            report = Report(
                heading: tr(
                    "%1 has errors: the board is the last good version. Fix the file and save it.", Self.fileName(path)),
                lines: error.diagnostics.map(\.description), keepsLastGood: true, path: path)
            return nil
        }
    }

    private func accept(_ level: Level) {
        shown = level
        report = level.warnings.isEmpty ? nil : warningsReport(level.warnings)
        judge?.cancelAll()
        _ = judge?.request(level)
    }

    private func warningsReport(_ diagnostics: [Diagnostic]) -> Report {
        let errors = diagnostics.contains { $0.severity == .error }
        return Report(
            heading: errors ? tr("bloq validate finds this level invalid:") : tr("bloq validate warns:"),
            lines: Diagnostic.sorted(diagnostics).map(\.description), keepsLastGood: false, path: path)
    }

    /// Advances the solver's check by one simulation step.
    func step() {
        guard let judge else { return }
        for answer in judge.step() where answer.input == shown {
            let all = answer.input.warnings + answer.output
            report = all.isEmpty ? nil : warningsReport(all)
        }
    }

    /// Whether the solver's check is running.
    var isBusy: Bool { judge?.isBusy ?? false }
}
