import BloqEngine
import BloqGame

/// What a screen reads of the shell: its state as a value, handed to the screen shown
/// (`AppScreen.context`) each time any of it changes. A screen reads nothing else of the
/// shell; what it wants done it asks for (`ScreenRequest`).
public struct ScreenContext {
    /// The sizes it lays itself out by.
    public var metrics: Metrics
    /// What the player plays with (texts name keys only for the keyboard).
    public var inputMode: InputMode
    /// The shell's toast (what saving says) while the screen is to place it (nil while the
    /// shell's own band has it): a screen with a band for it keeps the band free
    /// (`AppScreen.toastBand`), and the shell sets the words there.
    public var toast: String?
    public var settings: Settings
    /// What the desktop prefers, for the settings that follow it.
    public var systemAppearance: SystemAppearance
    /// The player's progress as the shell holds it now.
    public var progress: PlayerProgress
    public var packs: [PackEntry]
    /// The day it is, for the daily board (nil: no daily board here).
    public var today: DailyDate?
    /// The daily boards made so far, and the days whose board could not be made.
    public var dailyBoards: [DailyDate: DailyBoard]
    public var dailyFailures: Set<DailyDate>
    /// The file the level follows (`play --level FILE --watch`), if any.
    public var watchedPath: String?
    /// What that file's last saved version has wrong (errors, or the solver's word on its
    /// par), which the play screen's message band says.
    public var watchReport: LevelWatch.Report? = nil
    /// When true (level-mode replays, `play --level`), the play screen never leaves its level.
    public var isSingleLevel: Bool
    /// The clipboard, to read a pasted code from.
    public var clipboard: Clipboard
    /// A solve code's line to offer on the level (`play --code S1…`).
    public var lineToWatch: [Move]?
    public var solverMode: SolverService.Mode
    public var version: String
    /// Where settings are saved, as Settings tells the player (nil: nowhere).
    public var settingsPath: String?
    /// Why they are not saved now (the last save failed, or none can be made), in the
    /// player's language with what to do; nil: they are.
    public var settingsProblem: String?
    /// Whether levels the editor makes can be saved.
    public var canSaveLevels: Bool
    /// What Settings' Language row offers (`AppEnvironment.languageChoices`).
    public var languageChoices: [String]
    /// The language shown now (`AppEnvironment.language`).
    public var language: ShownLanguage
    public let commands: CommandTable
    /// Runs the screens' own animations (transitions, previews, shakes).
    public let driver: AnimationDriver
    /// Counts the contexts handed out: a screen's layout is made again only for a new one
    /// (or a change of its own).
    public internal(set) var generation = 0

    /// The appearance in force: the settings' choices, the system's where they follow it.
    public var appearance: Appearance { Appearance(settings: settings, system: systemAppearance) }

    /// The window's size (screens lay out in `metrics.viewport`, which leaves out the
    /// shell's bands).
    public var window: Size { metrics.window }

    /// Days in a row with the daily board cleared, up to today.
    public var dailyStreak: Int { today.map(progress.dailyStreak(asOf:)) ?? 0 }

    /// Whether level `level` of pack `pack` may be opened (locked levels may not).
    public func isOpen(pack: Int, level: Int) -> Bool {
        guard packs.indices.contains(pack) else { return false }
        let open = progress.unlocked(packs[pack])
        return open.indices.contains(level) ? open[level] : true
    }
}

/// The language the game shows, as Settings' Language row says it.
public struct ShownLanguage: Equatable, Sendable {
    /// The language of the first catalog shown, as asked for ("de", "de_AT"); English
    /// ("en") when there is none.
    public var code: String
    /// `--lang` while it wins over the language setting (from the start until the player
    /// picks a language); the row shows it in the setting's place.
    public var forced: String?

    public init(code: String = Language.english.code, forced: String? = nil) {
        self.code = code
        self.forced = forced
    }
    /// What the row stands for when the setting is `setting`: the setting, or `forced`.
    public func choice(setting: String) -> String { forced ?? setting }

    /// What the row says when the setting is `setting`: the language's name in itself
    /// ("Deutsch"), or "Automatic (Deutsch)" (`SettingsScreen.languageName`).
    public func rowText(setting: String) -> String { SettingsScreen.languageName(choice(setting: setting), shown: code) }
}

/// What a screen asks the shell to do, carried out in order once the screen's call has
/// returned (by `AppController`). A request from a screen no longer shown is dropped.
public enum ScreenRequest {
    case back
    case quit
    /// The level list, on a pack and at the page of a level when given.
    case showLevels(pack: Int? = nil, level: Int? = nil)
    case showSettings
    case showAbout
    case showStatistics
    /// Today's board (the Daily screen first while it is made).
    case showDaily
    /// The editor, on a copy of a level when given.
    case showEditor(copyOf: PlayableLevel?)
    case showHelp
    case dismissHelp
    /// Where Continue stands for, among some packs (all when nil).
    case continuePlaying(among: [Int]?)
    case openLevel(pack: Int, level: Int)
    /// A level in no pack (a pasted code), and a line that clears it, to watch.
    case playCode(PlayableLevel, line: [Move]?)
    /// A pasted code's level (and the code), to save in the player's pack `shared`.
    case saveShared(Level, code: String)
    case playDaily(DailyBoard)
    /// The editor's board, tried in place; back returns to the editor.
    case tryDraft(PlayableLevel, editor: EditorScreen)
    case sound(SoundCue)
    case changeSettings(Settings)
    /// The player picks a language ("auto" or a code): it shows and is saved, also when it
    /// is the saved one that `--lang` hid.
    case pickLanguage(String)
    /// A level file from the editor: text, title, pack and the file it replaces; the shell
    /// tells the editor how it went (`EditorScreen.levelSaved`).
    case saveLevel(text: String, title: String, pack: String, replacing: String?)
    case recordClear(ClearRecord)
    /// The line of play on a level (nil: nothing left to resume); saved soon, or at once
    /// as the player leaves.
    case recordLine(PlayableLevel, UnfinishedLine?, leaving: Bool)
    /// The editor's draft changed: kept in the progress (stamped by the shell), saved soon.
    case keepDraft(EditorDraft)
}

/// A clear to record: the level (the daily board of `day`, when given), how it went, and
/// whether it counts in the statistics (not a clear redone along its line).
public struct ClearRecord {
    public var level: PlayableLevel
    public var day: DailyDate?
    public var stars: Int
    public var moves: Int
    public var time: Double
    public var usedHint = false
    public var showedSolution = false
    public var tallied = true
}

extension PlayerProgress {
    /// Records `clear`, stamped `moment`: the best stars, moves and time are kept, the
    /// unfinished line goes.
    public mutating func record(_ clear: ClearRecord, at moment: Double) {
        let id = clear.level.level.board.identity
        if let day = clear.day {
            recordDailyClear(
                day: day, level: id, stars: clear.stars, moves: clear.moves, time: clear.time, at: moment, usedHint: clear.usedHint,
                showedSolution: clear.showedSolution, tallied: clear.tallied)
        } else {
            recordClear(
                level: id, stars: clear.stars, moves: clear.moves, time: clear.time, at: moment, usedHint: clear.usedHint,
                showedSolution: clear.showedSolution, tallied: clear.tallied)
        }
    }
}

/// What every screen keeps: the context it reads and the requests it has made.
open class ShellScreen {
    /// What the screen reads of the shell; set by the shell whenever it changes.
    public internal(set) var context: ScreenContext {
        didSet { contextChanged() }
    }
    /// The requests made since the shell last took them.
    private var outbox: [ScreenRequest] = []

    init(context: ScreenContext) { self.context = context }

    /// Asks the shell for something (after the call that asks returns).
    func ask(_ request: ScreenRequest) { outbox.append(request) }

    /// The requests made so far, oldest first; the outbox is empty after.
    func takeRequests() -> [ScreenRequest] {
        defer { outbox.removeAll() }
        return outbox
    }

    /// The context changed: a screen with screens of its own passes it on.
    func contextChanged() {}
}

/// A value made once for each key: a screen's layout, made again only when what it is
/// made from (the context's generation and the screen's own state) changes.
struct Memo<Key: Equatable, Value> {
    private var stored: (key: Key, value: Value)?
    /// How many values it has made (the tests count layouts made).
    private(set) var made = 0

    mutating func value(for key: Key, _ make: () -> Value) -> Value {
        if let stored, stored.key == key { return stored.value }
        let value = make()
        stored = (key, value)
        made += 1
        return value
    }
}
