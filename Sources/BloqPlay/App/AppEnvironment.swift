import BloqGame
import BloqLocalization

/// Everything the shell needs from outside itself, made once and handed to
/// `AppController.init` (isowords' `AppEnvironment`): the packs and how to read them again,
/// the player's progress and settings, saving the editor's levels, the clipboard, the day,
/// the version, and how the solver runs. The shell reads no file, clock or clipboard of
/// its own. `AppEnvironment.make` (BloqCLI) builds the live and the replay variants;
/// tests build theirs here.
public struct AppEnvironment {
    /// The packs listed when the game starts.
    public var packs: [PackEntry]
    /// Reads the packs again (a level saved in the editor, a pack added to the data
    /// folders); nil: they never change (a level or a folder given on the command line).
    public var reloadPacks: (() -> [PackEntry])?
    /// Whether the packs' folders changed since it was last asked (a pack imported with
    /// `bloq import`, a level copied in, while the game runs); nil: nobody looks.
    public var packsChanged: (() -> Bool)?
    /// The player's progress as the game opens with it. The shell owns it from then on.
    public var progress: PlayerProgress
    /// Where the shell hands its progress after every change, returning at once (BloqFiles'
    /// `SaveService`); nil: it lives in memory only (screenshots, tests).
    public var saveProgress: ((PlayerProgress, SaveUrgency) -> Void)?
    /// What saving has to say (the progress as saved, merged with other copies'; notices),
    /// taken as the shell steps.
    public var takeSaveEvents: () -> [SaveEvent]
    /// Why progress waits unsaved (the last save failed: a read-only folder, a full disk),
    /// in the player's language; nil: nothing waits, or it is being written.
    public var unsavedProgress: () -> String?
    /// The time now in seconds since 1970, for stamping records (the rules never read a
    /// clock).
    public var now: () -> Double
    /// The settings as the game opens with them, and where a change goes.
    public var settings: SettingsStorage
    /// Saves a level the editor made; nil: this game cannot save levels.
    public var levelSaver: LevelSaver?
    /// The clipboard Copy code and Paste code use.
    public var clipboard: Clipboard
    /// The day it is for the daily board (UTC), asked each time it matters, so a game left
    /// open past midnight offers the new day's board; nil: no daily board.
    public var today: () -> DailyDate?
    /// The version the About screen shows.
    public var version: String
    /// How the solver answers: on a thread (live), or at a fixed step (replays, tests).
    public var solverMode: SolverService.Mode
    /// A line the title screen shows once (a damaged progress file, say).
    public var startNotice: String?
    /// Finishes saving as the game ends (the line of play flushed, the journal merged);
    /// returns lines for standard error.
    public var finish: () -> [String]
    /// Shows the game in the language a changed `Settings.language` names ("auto" or a
    /// code) from the next text looked up on (`tr`), and says which shows. The language the
    /// game starts in is set before the shell is made (`AppEnvironment.make`).
    public var showLanguage: (String) -> ShownLanguage
    /// The language the game starts in.
    public var language = ShownLanguage()
    /// The input the player is expected to use until they use one (GAME.md, "Every
    /// function by every hand"): touch where the machine has a touchscreen, else the
    /// keyboard and mouse. The last input used decides from then on.
    public var inputMode: InputMode = .keyboard
    /// A solve code's line for a single level (`bloq play --code S1…`): offered to watch.
    public var lineToWatch: [Move]?
    /// The file the first level follows (`play --level FILE --watch`): each version that
    /// loads replaces it; one with errors leaves it, with the errors shown over it.
    public var levelWatch: LevelWatch?
    /// What Settings' Language row offers, in order: Automatic, English, then the languages
    /// whose catalog this installation has (a build outside make has none: English only).
    public var languageChoices: [String] = Settings.languageChoices

    public init(
        packs: [PackEntry], reloadPacks: (() -> [PackEntry])? = nil, packsChanged: (() -> Bool)? = nil,
        progress: PlayerProgress = PlayerProgress(), saveProgress: ((PlayerProgress, SaveUrgency) -> Void)? = nil,
        takeSaveEvents: @escaping () -> [SaveEvent] = { [] }, unsavedProgress: @escaping () -> String? = { nil },
        now: @escaping () -> Double = { 0 },
        settings: SettingsStorage = SettingsStorage(), levelSaver: LevelSaver? = nil, clipboard: Clipboard = .inMemory(),
        today: @escaping () -> DailyDate? = { nil }, version: String = "", solverMode: SolverService.Mode = .deterministic,
        startNotice: String? = nil,
        finish: @escaping () -> [String] = { [] }, showLanguage: @escaping (String) -> ShownLanguage = { _ in ShownLanguage() }
    ) {
        self.packs = packs
        self.reloadPacks = reloadPacks
        self.packsChanged = packsChanged
        self.progress = progress
        self.saveProgress = saveProgress
        self.takeSaveEvents = takeSaveEvents
        self.unsavedProgress = unsavedProgress
        self.now = now
        self.settings = settings
        self.levelSaver = levelSaver
        self.clipboard = clipboard
        self.today = today
        self.version = version
        self.solverMode = solverMode
        self.startNotice = startNotice
        self.finish = finish
        self.showLanguage = showLanguage
    }
}

/// What the player is playing with, as the last input said: the texts that name controls
/// follow it (key names and mouse words for the keyboard and mouse, gestures for touch,
/// buttons for a gamepad).
public enum InputMode: String, Hashable, Sendable {
    /// A keyboard, a mouse, or both (a mouse press counts as this).
    case keyboard
    /// A touchscreen: SDL's finger events.
    case touch
    case gamepad
}

/// The settings the game starts with, and where changes are kept.
public struct SettingsStorage {
    /// The settings read at start.
    public var initial: Settings
    /// Keeps a changed value (writes settings.json); called on every change. Returns why it
    /// could not be kept, in the player's language with what to do ("permission denied:
    /// make ~/.config/bloq writable"; nil: saved).
    public var save: (Settings) -> String?
    /// Where they are saved, as the Settings screen tells the player; nil: nowhere.
    public var path: String?
    /// Why no save can be made, known at start (a link to what is not Bloq's, a folder
    /// that cannot be written into), in the words of `save`'s answer.
    public var problem: String?

    public init(
        initial: Settings = Settings(), path: String? = nil, problem: String? = nil, save: @escaping (Settings) -> String? = { _ in nil }
    ) {
        self.initial = initial
        self.path = path
        self.problem = problem
        self.save = save
    }
}

/// Saves a level the editor made, or a pasted code's, into the player's packs.
public struct LevelSaver {
    /// (level text, title, pack name, the file saved before and to replace when it is
    /// still in that pack) → the new file's path. Throws with a reason a player can read.
    public var save: (_ text: String, _ title: String, _ pack: String, _ replacing: String?) throws -> String
    /// (level text, its board's identity, title) → a pasted code's level saved in the pack
    /// `shared`, unless one with that grid is among the player's levels already (as `bloq
    /// import` does, under the lock progress saves take). Called off the render thread: it
    /// may wait for the lock. Throws with a reason a player can read.
    public var saveShared: (@Sendable (_ text: String, _ identity: String, _ title: String) throws -> SharedLevelSave)?

    public init(
        save: @escaping (_ text: String, _ title: String, _ pack: String, _ replacing: String?) throws -> String,
        saveShared: (@Sendable (_ text: String, _ identity: String, _ title: String) throws -> SharedLevelSave)? = nil
    ) {
        self.save = save
        self.saveShared = saveShared
    }

    /// A saved level file's pack and name, as a toast names it ("shared/001-velvet-meadow.bloq").
    static func shortName(_ path: String) -> String { path.split(separator: "/").suffix(2).joined(separator: "/") }
}

/// What became of a pasted code's level: saved as a new file, or found among the player's
/// levels already (the paths).
public enum SharedLevelSave: Equatable, Sendable {
    case saved(String)
    case existing(String)
}

/// A clipboard: the desktop's (the platform's), or one of the game's own. Screens copy and
/// paste through it themselves: what they say depends on whether the copy was taken.
public struct Clipboard {
    private let set: (String) -> Bool
    private let get: () -> Reading
    private let copied = TextBox()

    /// What reading the clipboard gave.
    public enum Reading: Equatable, Sendable {
        case text(String)
        case empty
        /// The program that holds the clipboard did not give its text in time (stopped, or
        /// busy): on Wayland the game asks it through a pipe.
        case unanswered
    }

    /// `copy` puts the text on the clipboard and says whether it is there; `read` reads it.
    public init(copy: @escaping (String) -> Bool, read: @escaping () -> Reading) {
        self.set = copy
        self.get = read
    }

    /// A clipboard whose reading is text or nothing.
    public init(copy: @escaping (String) -> Bool, paste: @escaping () -> String?) {
        self.init(copy: copy, read: { paste().map(Reading.text) ?? .empty })
    }

    /// Puts `text` on the clipboard; false when the desktop did not take it (the platform
    /// said why on stderr).
    public func copy(_ text: String) -> Bool {
        guard set(text) else { return false }
        copied.text = text
        return true
    }

    /// The clipboard's text, nil when it holds none (or gave none in time).
    public func paste() -> String? {
        if case .text(let text) = get() { text } else { nil }
    }

    /// The clipboard's text, or why there is none.
    public func read() -> Reading { get() }

    /// What the game last put on the clipboard in this run (the app JSON's `"clipboard"`).
    public var lastCopied: String? { copied.text }

    /// What a screen says when a copy was not taken.
    public static var notCopied: String {
        // TRANSLATORS: shown after Copy code or Share when the desktop refused the text.
        tr("Not copied: click or tap the game, then try again")
    }

    /// A clipboard that lives in the game, for games with no desktop (replays, tests),
    /// holding `text` to start with.
    public static func inMemory(holding text: String? = nil) -> Clipboard {
        let box = TextBox()
        box.text = text
        return Clipboard(
            copy: {
                box.text = $0
                return true
            }, paste: { box.text })
    }

    private final class TextBox {
        var text: String?
    }
}
