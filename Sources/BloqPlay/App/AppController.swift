import BloqEngine
import BloqGame
import BloqLocalization

/// The whole game without pixels: which screen shows, and the state the screens share
/// (packs, progress, settings, the viewport), which each screen reads as its
/// `ScreenContext`. Navigation lives here, and everything a screen asks for
/// (`ScreenRequest`) is carried out here; each screen owns its layout and commands; input
/// is routed in `AppController+Input.swift`. Live play and replays feed it the same
/// `InputEvent`s and steps; the platform draws what it says.
public final class AppController {
    /// The screen shown, under the help when the help is open. The title until the first
    /// navigation (made on first use, when the shell is whole).
    public private(set) lazy var root: Screen = .title(TitleScreen(context: context, notice: environment.startNotice))
    /// The key help, open over `root`.
    public private(set) var help: HelpScreen? {
        didSet { contextChanged() }
    }
    /// The screen on top: the one that receives input.
    public var top: any AppScreen { help ?? root.screen }

    /// What the shell was handed: packs, progress, settings, savers, the clipboard, the day.
    public let environment: AppEnvironment
    /// The packs listed; `reloadPacks()` reads them again (a level saved in the editor).
    public private(set) var packs: [PackEntry] {
        get { context.packs }
        set {
            context.packs = newValue
            contextChanged()
        }
    }
    /// The level file the game follows (`play --level FILE --watch`), if any.
    public var levelWatch: LevelWatch? { environment.levelWatch }
    /// The editor, kept while the game runs so Make comes back to the draft.
    private var editor: EditorScreen?
    /// The pack the level list showed, or a level was played from, last in this run.
    private var lastPackIndex: Int?
    /// The player's progress: the shell's own value. Play changes it through the
    /// `record…` methods, each of which hands it to the environment to save; what saving
    /// brings back (other copies' progress merged in) is merged into it as the shell steps.
    public private(set) var progress: PlayerProgress {
        get { context.progress }
        set {
            context.progress = newValue
            contextChanged()
        }
    }
    /// The latest stamp given to a record (strictly later each time: the clock may stand
    /// still, in replays or on a coarse clock).
    private var lastStamp: Double
    public var settings: Settings {
        get { context.settings }
        set {
            let old = context.settings
            guard newValue != old else { return }
            context.settings = newValue
            // Every text is looked up again from the next frame on; labels change width (the
            // screens lay themselves out again for the new context).
            if newValue.language != old.language { context.language = environment.showLanguage(newValue.language) }
            contextChanged()
            // A settings file that cannot be written is said once (a toast), not at each change,
            // and not over Settings, whose footer says it: the toast's band made its rows
            // jump from one column to two under the pointer (helper-64).
            let failure = environment.settings.save(newValue)
            if let failure, failure != settingsFailureTold, root.kind != .settings {
                // TRANSLATORS: %1 says why, and what to do ("permission denied: make ~/.config/bloq writable").
                queueNotice(tr("Your settings are not saved: %1. The ones you change apply until Bloq quits.", failure))
                settingsFailureTold = failure
            }
            if failure != context.settingsProblem {
                context.settingsProblem = failure
                contextChanged()
            }
        }
    }
    /// Saves the window's size in desktop points as the one to open at next (the game saves
    /// it as it quits too); not while fullscreen, whose windowed size is the one kept.
    public func keepWindowSize(width: Int, height: Int) {
        guard !settings.fullscreen, Settings.windowSizes.contains(width), Settings.windowSizes.contains(height) else { return }
        var kept = settings
        kept.windowWidth = width
        kept.windowHeight = height
        settings = kept
    }

    /// Shows and saves the language the player picks; picking the saved one that `--lang`
    /// hid shows it (`--lang` wins only until the player picks).
    private func pickLanguage(_ code: String) {
        guard context.language.forced != nil, code == settings.language else {
            settings.language = code
            return
        }
        context.language = environment.showLanguage(code)
        contextChanged()
    }

    public private(set) var metrics: Metrics {
        get { context.metrics }
        set { change(\.metrics, to: newValue) }
    }
    /// What the desktop prefers (its settings portal, followed live); no preference in
    /// replays and screenshots.
    public internal(set) var systemAppearance: SystemAppearance {
        get { context.systemAppearance }
        set { change(\.systemAppearance, to: newValue) }
    }
    /// The appearance in force: the settings' choices, the system's where they follow it.
    public var appearance: Appearance { Appearance(settings: settings, system: systemAppearance) }
    /// When true (level-mode replays, `play --level`), the play screen never leaves its level.
    public let isSingleLevel: Bool
    /// Animations of the screens themselves (transitions, previews, shakes, confetti).
    public let driver = AnimationDriver()
    public let router = PointerRouter()
    public let commands = CommandTable.standard
    /// Whether the focus ring shows: after a key or gamepad press, until the next press of
    /// a pointer (the focus itself is kept either way, so Enter always has a target).
    public internal(set) var showsFocus = false
    /// Set when the player asked to quit.
    public private(set) var wantsQuit = false
    /// Seconds since the packs' folders were last looked at.
    private var sincePackCheck = 0.0
    /// The packs' folders changed; the packs are read again when no level is on screen.
    private var packsStale = false
    /// How often the packs' folders are looked at, in seconds.
    static let packCheckInterval = 1.0
    /// A toast shown over any screen (what saving has to say), and the seconds it has left.
    public private(set) var toast: (text: String, remaining: Double)? {
        didSet {
            if toast?.text != oldValue?.text {
                toastInShellBand = false
                toastIsUrgent = false
            }
        }
    }
    /// The toast must show now, in the shell's band if the screen has no place for it, even
    /// where the screen would rather keep the room (the Cleared card's): a quit's warning
    /// waited unseen behind the card, and the quit seemed to do nothing.
    private var toastIsUrgent = false
    /// The toast is in the shell's band till it goes, while the screen shown can spare the
    /// room (`AppScreen.spares`): the screen had no place for it whole (a Cleared card over
    /// the play screen's band, the stuck banner in it, the editor's own notice, or a band too
    /// small for the sentence). Kept, so that the screen, laid out again in the smaller area,
    /// cannot take it back and give it away each frame (`placeToast`).
    private var toastInShellBand = false
    /// How long a toast shows.
    public static let toastSeconds = 6.0
    private var sounds: [SoundCue] = []
    /// The daily boards made so far (one a day, made once), by day.
    public private(set) var dailyBoards: [DailyDate: DailyBoard] {
        get { context.dailyBoards }
        set { change(\.dailyBoards, to: newValue) }
    }
    /// Days whose board could not be made (the recipe found none).
    public private(set) var dailyFailures: Set<DailyDate> {
        get { context.dailyFailures }
        set { change(\.dailyFailures, to: newValue) }
    }
    /// Makes daily boards off the render thread (at once, answered at a fixed step, in
    /// replays).
    private let dailyJobs: BackgroundJobs<DailyDate, DailyBoard?>
    /// Pasted codes' levels being solved for their par and saved (`saveShared`), off the
    /// render thread: the save may wait for another copy's lock.
    private var sharedJobs: BackgroundJobs<SharedImport, String>?
    private var dailyRequested: Set<DailyDate> = []

    /// - Parameters:
    ///   - environment: what the shell is handed (`AppEnvironment.make` builds it).
    ///   - viewport: the window's size in pixels.
    ///   - singleLevel: open `packs[0]`'s first level and never leave it.
    public init(environment: AppEnvironment, viewport: Size, singleLevel: Bool = false) {
        self.environment = environment
        lastStamp = environment.progress.latestMoment
        isSingleLevel = singleLevel
        // No time limit: the day's board must be everyone's (a request no longer wanted is
        // still stopped, and its answer dropped).
        dailyJobs = BackgroundJobs(mode: environment.solverMode) { DailyBoard.make(for: $0, stop: $1) }
        if let saveShared = environment.levelSaver?.saveShared {
            sharedJobs = BackgroundJobs(mode: environment.solverMode, seconds: SharedImport.liveSeconds) { $0.save(saveShared, stop: $1) }
        }
        context = ScreenContext(
            metrics: Metrics(viewport: viewport), inputMode: environment.inputMode, toast: nil, settings: environment.settings.initial,
            systemAppearance: .none, progress: environment.progress, packs: environment.packs, today: environment.today(),
            dailyBoards: [:], dailyFailures: [], watchedPath: environment.levelWatch?.path,
            isSingleLevel: singleLevel, clipboard: environment.clipboard, lineToWatch: environment.lineToWatch,
            solverMode: environment.solverMode, version: environment.version, settingsPath: environment.settings.path,
            settingsProblem: environment.settings.problem,
            canSaveLevels: environment.levelSaver != nil, languageChoices: environment.languageChoices, language: environment.language,
            commands: commands,
            driver: driver)
        if singleLevel { openLevel(pack: 0, level: 0) }
        if let watch = environment.levelWatch, let level = packs.first?.playable.first { watch.begin(with: level.level) }
    }

    // MARK: What the screens read, and what they ask for

    /// What the screens read of the shell now (`ScreenContext`), handed to the screens
    /// shown as it changes: the one store of the state they share (the shell's `packs`,
    /// `progress`, `settings`, `metrics`… read and write it).
    public private(set) var context: ScreenContext

    /// Sets one part of the context; the screens get the new context when it changed.
    private func change<Value: Equatable>(_ part: WritableKeyPath<ScreenContext, Value>, to value: Value) {
        guard context[keyPath: part] != value else { return }
        context[keyPath: part] = value
        contextChanged()
    }
    /// Whether what the context holds changed since it was last handed out.
    private var contextStale = false

    /// Something the context holds changed: the screens shown get the new context at once
    /// (they make their layouts again only when next asked for them).
    private func contextChanged() {
        contextStale = true
        handOutContext()
    }

    /// Hands the screens shown the context as it is now, when it changed.
    private func handOutContext() {
        guard contextStale, !handingOut else { return }
        contextStale = false
        handingOut = true
        defer { handingOut = false }
        context.generation += 1
        root.screen.context = context
        help?.context = context
        // A screen given the context may change the shell's state (the play screen places
        // its board): once more, then.
        if contextStale {
            handingOut = false
            handOutContext()
        }
    }

    /// Whether the context is being handed out now (a change meanwhile waits for the end).
    private var handingOut = false

    /// Carries out what the screens shown asked for, handing out the context as it
    /// changes, until they ask for nothing more.
    func settle() {
        placeToast()
        // Each request is carried out once; a screen asking again and again (a bug) is cut
        // off rather than looping.
        for _ in 0..<64 {
            handOutContext()
            let requests = root.screen.takeRequests() + (help?.takeRequests() ?? [])
            if requests.isEmpty { return }
            for request in requests { carryOut(request) }
        }
    }

    private func carryOut(_ request: ScreenRequest) {
        switch request {
        case .back: back()
        case .quit: requestQuit()
        case .showLevels(let pack, let level): showLevels(pack: pack, level: level)
        case .showSettings: showSettings()
        case .showAbout: showAbout()
        case .showStatistics: showStatistics()
        case .showDaily: showDaily()
        case .showEditor(let level): showEditor(copyOf: level)
        case .showHelp: showHelp()
        case .dismissHelp: dismissHelp()
        case .continuePlaying(let packs): continuePlaying(among: packs)
        case .openLevel(let pack, let level): openLevel(pack: pack, level: level)
        case .playCode(let level, let line): play(level, line: line)
        case .saveShared(let level, let code): saveShared(level, code: code)
        case .playDaily(let board): show(.play(PlayScreen(context: context, source: .daily(board))))
        case .tryDraft(let level, let editor): show(.play(PlayScreen(context: context, source: .trial(level, editor: editor))))
        case .sound(let cue): play(cue)
        case .changeSettings(let changed): settings = changed
        case .pickLanguage(let code): pickLanguage(code)
        case .saveLevel(let text, let title, let pack, let replacing): saveLevel(text, title: title, pack: pack, replacing: replacing)
        case .recordClear(let clear):
            progress.record(clear, at: stamp())
            environment.saveProgress?(progress, .now)
        case .recordLine(let level, let line, let leaving): recordLine(level, line, leaving: leaving)
        case .keepDraft(var draft):
            draft.savedAt = stamp()
            progress.editorDraft = draft
            environment.saveProgress?(progress, .soon)
        }
    }

    /// Saves a pasted code's level in the pack `shared`, as `bloq import` does: its par from
    /// the solver, off the render thread; a toast says where it went.
    private func saveShared(_ level: Level, code: String) {
        _ = sharedJobs?.request(SharedImport(level: level, code: code))
    }

    /// Saves the editor's level file, and tells the editor how it went; the packs are read
    /// again, so the level is listed.
    private func saveLevel(_ text: String, title: String, pack: String, replacing: String?) {
        // The editor asks only when the game can save (`ScreenContext.canSaveLevels`).
        guard let saver = environment.levelSaver else { return }
        let result = Result { try saver.save(text, title, pack, replacing) }
        if case .success = result { reloadPacks() }
        editor?.levelSaved(result, pack: pack)
    }

    // MARK: Shared state

    /// The window's size (screens lay out in `metrics.viewport`, which leaves out the
    /// gamepad's band).
    public var viewport: Size { metrics.window }

    /// What the player plays with, by the last input used (a key or a mouse press: the
    /// keyboard; a finger: touch; a button: the gamepad). Texts that name keys or a mouse
    /// show only in `.keyboard`; with a gamepad the shell keeps a band along the bottom
    /// that says what its buttons do on the screen shown.
    public private(set) var inputMode: InputMode {
        get { context.inputMode }
        set { change(\.inputMode, to: newValue) }
    }

    /// Where the mouse rests with no button held (output pixels), nil when it left the
    /// window or a finger played since: `hoveredControl`.
    var hoverPoint: Point?

    /// The last press: the second of a double-click whose first changed what lies under it
    /// is no press (`owner(for:)`).
    var lastPress: LastPress?
    /// Pointers whose press was such an echo, until they are lifted: their events are
    /// ignored (`swallows`).
    var echoPointers: Set<PointerID> = []

    /// Whether the last input came from a gamepad.
    public var usesGamepad: Bool { inputMode == .gamepad }

    /// Switches what the player plays with (the gamepad's band comes and goes with it).
    func use(_ mode: InputMode) {
        guard mode != inputMode else { return }
        let padChanged = (mode == .gamepad) != (inputMode == .gamepad)
        inputMode = mode
        if padChanged { fitLayoutArea() }
    }

    /// The gamepad's line for the screen shown, when a gamepad is used.
    public var padHint: String? {
        guard usesGamepad else { return nil }
        return commands.padHint(for: top.commandContexts, replacing: root.playScreen?.backWord.map { (.back, $0) })
    }

    /// The band the gamepad's line takes at the bottom of the window: as many lines as the
    /// longest needs, three at most (320x480).
    private var padBandHeight: Double {
        guard usesGamepad else { return 0 }
        return (Typesetter.height(lines: padBandLines, px: metrics.type.caption) + metrics.margin * 1.5).rounded(.up)
    }

    /// The lines of the gamepad's band: the most any screen's line takes wrapped (one
    /// height as screens change), three at most.
    private var padBandLines: Int {
        let px = metrics.type.caption
        let width = metrics.window.width - metrics.margin * 2
        let contexts: [[CommandContext]] = [
            [.play, .anywhere], [.cleared, .play, .anywhere], [.editor, .menu, .anywhere], [.levels, .menu, .anywhere],
        ]
        // The play screen's line says where B goes back to ("B editor" from a try).
        let back = PlayScreen.backWords
        let samples =
            contexts.map { commands.padHint(for: $0) }
            + [back.editor, back.menu].map { commands.padHint(for: [.play, .anywhere], replacing: (.back, $0)) }
        let lines = samples.map { Typesetter.font.wrap(Typesetter.bindingItems($0, px: px, width: width), px: px, width: width).count }
        return min(lines.max() ?? 1, 3)
    }

    /// The gamepad's line as laid out in its band (nil when no gamepad is used), broken
    /// between items, never inside one ("B levels" whole).
    public var padHintTexts: [TextBox] {
        guard let text = padHint else { return [] }
        let top = metrics.viewport.height + toastBandHeight
        let band = Rect(x: metrics.margin, y: top, width: metrics.window.width - metrics.margin * 2, height: metrics.window.height - top)
        let bound = Typesetter.bindingItems(text, px: metrics.type.caption, width: band.width)
        return Typesetter.unbound(
            Typesetter.paragraph(bound, px: metrics.type.caption, in: band, role: .secondary, maximumLines: padBandLines, centred: true))
    }

    /// Whether the toast shows in a band the shell keeps: the title, the list, the play
    /// screen and the editor (its status line) give it a place in their own layouts; the
    /// other screens and the help do not.
    private var toastInBand: Bool {
        guard toast != nil else { return false }
        if help != nil || toastInShellBand { return true }
        switch root.kind {
        // The preview card covers the list's band.
        case .levels: return root.levelList?.preview?.isOpen == true
        case .title, .play, .editor: return false
        case .settings, .about, .daily, .help, .statistics: return true
        }
    }

    /// The toast's size and lines in its band: up to three at the body size, else up to
    /// four at the caption's (the rest ends in an ellipsis).
    private var toastSetting: (px: Double, lines: Int)? {
        guard toastInBand, let text = toast?.text else { return nil }
        return toastSetting(text)
    }

    /// Made once per text and window (the metrics less the screens' area, which the band
    /// itself sets).
    private func toastSetting(_ text: String) -> (px: Double, lines: Int) {
        var window = metrics
        window.viewport = Size(width: 0, height: 0)
        return settingMemo.value(for: SettingKey(text: text, metrics: window)) { wrapToast(text) }
    }

    private struct SettingKey: Equatable {
        var text: String
        var metrics: Metrics
    }
    private var settingMemo = Memo<SettingKey, (px: Double, lines: Int)>()

    private func wrapToast(_ text: String) -> (px: Double, lines: Int) {
        let width = metrics.window.width - metrics.margin * 4
        let body = Typesetter.font.wrap(text, px: metrics.type.body, width: width).count
        if body <= 3 { return (metrics.type.body, body) }
        let caption = Typesetter.font.wrap(text, px: metrics.type.caption, width: width).count
        return (metrics.type.caption, min(caption, Typesetter.noticeLines(in: metrics.window.height, px: metrics.type.caption, least: 4)))
    }

    /// The toast's band above the gamepad's (0 when the screen shows the toast itself).
    private var toastBandHeight: Double { toastSetting.map(bandHeight) ?? 0 }

    private func bandHeight(_ setting: (px: Double, lines: Int)) -> Double {
        (Typesetter.height(lines: setting.lines, px: setting.px) + metrics.margin * 2).rounded(.up)
    }

    /// The toast as laid out now, the one place it is: in the shell's band, or in the
    /// place the screen shown keeps for it (`AppScreen.toastBand`). Made once per change of
    /// the text, the metrics and the place (the loop asks at each step whether it shows).
    public var toastTexts: [TextBox] {
        guard let text = toast?.text else { return [] }
        let inBand = toastInBand
        let key = ToastKey(text: text, metrics: metrics, inShellBand: inBand, screenBand: inBand ? nil : top.toastBand)
        return toastMemo.value(for: key) { layOutToast(text, inShellBand: inBand) }
    }

    private struct ToastKey: Equatable {
        var text: String
        var metrics: Metrics
        var inShellBand: Bool
        var screenBand: Rect?
    }
    private var toastMemo = Memo<ToastKey, [TextBox]>()
    /// How many times the toast has been wrapped or laid out (the tests count them).
    var toastLayoutsMade: Int { toastMemo.made + settingMemo.made }

    private func layOutToast(_ text: String, inShellBand: Bool) -> [TextBox] {
        if inShellBand {
            let setting = toastSetting(text)
            let band = Rect(
                x: metrics.margin * 2, y: metrics.viewport.height + metrics.margin, width: metrics.window.width - metrics.margin * 4,
                height: bandHeight(setting) - metrics.margin * 2)
            return Typesetter.paragraph(text, px: setting.px, in: band, role: .plain, maximumLines: setting.lines, centred: true)
        }
        guard let band = top.toastBand else { return [] }
        let px = metrics.type.caption
        return Typesetter.paragraph(
            text, px: px, in: band, role: .plain, maximumLines: Typesetter.lines(in: band.height, px: px), centred: true)
    }

    /// A toast is on screen, its time running (one no screen has a place for waits).
    private var toastShows: Bool { toast != nil && !toastTexts.isEmpty }

    /// The toast's band (nil when it shows on the screen itself, or no toast shows).
    public var toastBand: Rect? {
        let height = toastBandHeight
        guard height > 0 else { return nil }
        return Rect(x: 0, y: metrics.viewport.height, width: metrics.window.width, height: height)
    }

    /// Sets the screens' area: the window less the toast's band and the gamepad's.
    func fitLayoutArea() {
        let area = Size(width: metrics.window.width, height: max(metrics.window.height - padBandHeight - toastBandHeight, 1))
        guard area != metrics.viewport else { return }
        metrics.viewport = area
    }

    /// The display's measures, set by the platform at once: the smallest button side in
    /// pixels (about 9 mm) and the output pixels per point (the smallest text and cells
    /// follow it), snapped to 120ths as Wayland's fractional scales are (SDL's ratio of
    /// 1274 pixels to 849 points is 1.5).
    public func display(minimumButtonSize: Double, scale: Double) {
        var changed = metrics
        changed.minimumButtonSize = minimumButtonSize
        changed.scale = scale.isFinite && scale > 0 ? (scale * 120).rounded() / 120 : 1
        metrics = changed
        settle()
    }

    func resize(_ size: Size) {
        guard size != metrics.window else { return }
        metrics.window = size
        metrics.viewport = size
        fitLayoutArea()
    }

    /// Reads the packs again (levels saved meanwhile appear in the list).
    public func reloadPacks() {
        guard let reload = environment.reloadPacks else { return }
        let shown = root.levelList.flatMap { $0.currentPack?.title }
        packs = reload()
        packsStale = false
        packsReread = true
        handOutContext()
        root.levelList?.packsChanged(showing: shown)
    }

    /// Looks at the packs' folders now and then: a pack imported or a level added while
    /// the game runs is listed without a restart. A level being played keeps its pack
    /// until the player leaves it (the list is read again then).
    private func checkPacks(after seconds: Double) {
        sincePackCheck += seconds
        if sincePackCheck >= AppController.packCheckInterval, let changed = environment.packsChanged {
            sincePackCheck = 0
            if changed() { packsStale = true }
        }
        if packsStale, root.playScreen == nil { reloadPacks() }
    }

    /// Whether the packs were read again since `pollExternalChanges` last said so.
    private var packsReread = false

    /// Looks at what changes outside the game (the watched level file, and the packs read
    /// again while the loop slept: levels copied into a pack's folder); returns whether
    /// anything changed, so a loop that sleeps knows to draw.
    @discardableResult
    public func pollExternalChanges() -> Bool {
        let reread = packsReread
        packsReread = false
        guard let watch = levelWatch else { return reread }
        let before = watch.report
        guard let level = watch.poll() else { return reread || watch.report != before }
        let reloaded = PlayableLevel(name: watch.path, level: level)
        packs = [PackEntry(title: level.title, items: [.playable(reloaded)])]
        // On the board the new version opens at once; elsewhere (the list, the title) it
        // is there when the player opens it.
        if case .pack = playScreen?.source { show(.play(PlayScreen(context: screenContext, source: .pack(0, 0)))) }
        settle()
        return true
    }

    /// What the game last put on the clipboard in this run (the app JSON's `"clipboard"`).
    public var lastCopied: String? { environment.clipboard.lastCopied }

    /// The layout of the board shown (the level played, or the editor's grid), if any.
    public var boardLayout: BoardLayout? {
        switch root {
        case .play(let play): play.game.layout
        case .editor(let editor): editor.gridLayout
        case .title, .levels, .settings, .about, .daily, .statistics: nil
        }
    }

    /// The play screen, when a level is open.
    public var playScreen: PlayScreen? { root.playScreen }

    /// Whether a level is being played: the board of a level not yet cleared is shown. A
    /// live window keeps the screen awake then (while input keeps coming: `SDLPlatform`).
    public var isPlayingLevel: Bool { playScreen.map { !$0.game.scene.session.isCleared } ?? false }

    /// The box of the text field being typed in, in window pixels, or nil when none is: a
    /// live window turns text input (and so an on-screen keyboard) on only then.
    public var textInputRect: Rect? { top.wantsTextInput ? top.textInputRect : nil }
    /// The level being played, when one is open.
    public var game: GameController? { playScreen?.game }

    /// Queues a sound (played only when sound is on).
    public func play(_ cue: SoundCue) { sounds.append(cue) }

    /// The sounds due since the last call.
    public func takeSounds() -> [SoundCue] {
        defer { sounds.removeAll() }
        return settings.sound ? sounds : []
    }

    /// Whether a pointer holds the control `id` down (drawn pressed).
    public func isPressed(_ id: ControlID) -> Bool {
        router.boundOwners.contains { ($0 as? any ControlHolder)?.heldControl == id }
    }

    /// The control the mouse rests over with no button held, if it is enabled (a desktop's
    /// hover); nil from a finger's press until the mouse moves again, while a press is held,
    /// or with the pointer outside.
    public var hoveredControl: ControlID? {
        guard let hoverPoint, router.boundOwners.isEmpty else { return nil }
        guard let hit = top.controls.first(where: { $0.rect.contains(hoverPoint) }), hit.isEnabled else { return nil }
        return hit.id
    }

    // MARK: Time

    /// Whether anything moves, or background work is awaited (the loop may sleep when not).
    public var isAnimating: Bool {
        driver.hasRunningAnimators || root.screen.isAnimating || (help?.isAnimating ?? false) || (levelWatch?.isBusy ?? false)
            || dailyJobs.isBusy || (sharedJobs?.isBusy ?? false) || toastShows
    }

    /// Whether anything moves, not only background work awaited (a search, the day's
    /// board, --watch's check): while it is only that, the loop looks for the answer ten
    /// times a second instead of drawing 60 frames a second that show the same picture.
    public var isMoving: Bool {
        driver.hasRunningAnimators || root.screen.isMoving || (help?.isAnimating ?? false) || toastShows
    }

    /// Advances everything by one simulation step; the step counts as play time on the
    /// play screen unless the window is out of focus (`countingPlayTime` false).
    public func step(_ seconds: Double, countingPlayTime: Bool = true) {
        today = environment.today()
        defer { settle() }
        ageToast(seconds)
        checkPacks(after: seconds)
        for answer in dailyJobs.step() {
            if let board = answer.output { dailyBoards[answer.input] = board } else { dailyFailures.insert(answer.input) }
        }
        for answer in sharedJobs?.step() ?? [] {
            queueNotice(answer.output)
            reloadPacks()
        }
        driver.advance(by: seconds)
        levelWatch?.step()
        change(\.watchReport, to: levelWatch?.report)
        root.screen.step(seconds)
        // The help covers the board: its time is not play.
        if countingPlayTime, help == nil { playScreen?.countPlayTime(seconds, idle: false) }
    }

    /// Time that passed with nothing to simulate (the loop slept waiting for input): with
    /// the window focused it counts as play time on the play screen all the same, and ages
    /// the toast. Focused or not, the packs' folders are looked at (levels copied in from a
    /// file manager, the game beside it).
    public func idle(_ seconds: Double, focused: Bool = true) {
        defer { settle() }
        if focused { ageToast(seconds) }
        checkPacks(after: seconds)
        if focused, help == nil { playScreen?.countPlayTime(seconds, idle: true) }
    }

    /// What saving had to say and the toast has not shown yet, oldest first.
    private var saveNotices: [String] = []

    /// The settings' failure a toast told (Settings' footer says it too, known at start or not).
    private var settingsFailureTold: String?

    /// Queues a toast's sentence, unless it shows or waits already (a save retried, or a
    /// setting that fails again, says the same again).
    private func queueNotice(_ text: String) {
        guard text != toast?.text, !saveNotices.contains(text) else { return }
        saveNotices.append(text)
    }

    /// Takes what saving had to say: the progress as saved (other copies' merged in) joins
    /// the shell's, notices wait for the toast.
    private func takeSaveEvents() {
        for event in environment.takeSaveEvents() {
            switch event {
            case .saved(let saved): progress.merge(saved)
            case .notice(let text): queueNotice(text)
            }
        }
    }

    // MARK: Recording play

    /// The time now for a record, strictly later than any stamp given before, so the line
    /// left last is the newest even when the clock stands still.
    private func stamp() -> Double {
        lastStamp = max(environment.now(), lastStamp + 0.001)
        return lastStamp
    }

    /// Records the line of play on `level` (nil: nothing left to resume, as
    /// `GameController.unfinishedLine` says), stamped now, so a clear or a give-up recorded
    /// later ends it wherever copies of the progress meet. After a move it is saved soon
    /// (moves in quick succession make one write); as the player leaves, at once.
    func recordLine(_ level: PlayableLevel, _ line: UnfinishedLine?, leaving: Bool) {
        let id = level.level.board.identity
        guard line != nil || progress.unfinished[id] != nil else { return }
        let moment = stamp()
        var stamped = line
        stamped?.savedAt = moment
        progress.setUnfinished(level: id, stamped, at: moment)
        environment.saveProgress?(progress, leaving ? .now : .soon)
    }

    /// Shows what saving has to say, one toast at a time, each for `toastSeconds`.
    private func ageToast(_ seconds: Double) {
        takeSaveEvents()
        // A toast no screen shows waits (a save's notice is never spent unseen).
        if let shown = toast, toastShows {
            toast = shown.remaining > seconds ? (shown.text, shown.remaining - seconds) : nil
        }
        if toast == nil, let text = saveNotices.first {
            saveNotices.removeFirst()
            toast = (text, AppController.toastSeconds)
        }
        placeToast()
    }

    /// Puts the toast in the shell's band when the screen shown has no place for it whole
    /// and can spare the room, and sets the screens' area: the band comes and goes with the
    /// toast, and with the screen shown and what it shows (a Cleared card needs the height).
    private func placeToast() {
        if let text = toast?.text {
            var wanted = toastInShellBand
            if !toastInBand {
                // The screen's place for it, as the screen lays it out.
                change(\.toast, to: text)
                wanted = !top.holds(text, px: metrics.type.caption)
            }
            toastInShellBand = wanted && (toastIsUrgent || top.spares(bandHeight(toastSetting(text)) + padBandHeight, of: metrics.window))
        }
        // A screen keeps a place for the toast only while the shell's band does not have it.
        change(\.toast, to: toastInBand ? nil : toast?.text)
        fitLayoutArea()
    }

    /// Every text on the screen now: the top screen's, and its controls' labels.
    public var shownTexts: [TextBox] { top.texts + top.controls.compactMap(\.labelBox) + toastTexts + padHintTexts }

    /// The board's box on screen (the level played, or the editor's grid), if one shows.
    public var boardRect: Rect? { help == nil ? boardLayout?.boardFrame : nil }

    /// The banners and toasts shown now: the screen's, then the shell's toast.
    public var notices: [String] { top.notices + (toast.map { [$0.text] } ?? []) }

    // MARK: Navigation

    /// Replaces the screen: the old one saves what it must, pointers it owned are
    /// cancelled, and the help closes.
    func show(_ screen: Screen) {
        switch root {
        case .levels(let list): lastPackIndex = list.packIndex
        case .play(let play): lastPackIndex = play.packIndex ?? lastPackIndex
        case .title, .settings, .about, .editor, .daily, .statistics: break
        }
        let leaving = root.screen
        leaving.willLeave()
        router.cancelAll()
        help = nil
        root = screen
        // What the screen left asked for as it went (its line of play kept) is still done;
        // a screen kept for later (the editor) comes back with nothing asked of old.
        for request in leaving.takeRequests() { carryOut(request) }
        _ = screen.screen.takeRequests()
        screen.screen.context = screenContext
    }

    /// The context as it is now, handed out first if it changed (for a screen being made).
    private var screenContext: ScreenContext {
        handOutContext()
        return context
    }

    public func showTitle() { show(.title(TitleScreen(context: screenContext))) }

    /// The title, back from screen `kind`: the focus on the button that led there, so a
    /// keyboard player goes on from where they were.
    private func showTitle(focusing kind: ScreenKind) {
        let title = TitleScreen(context: screenContext)
        title.focus = TitleScreen.button(leadingTo: kind) ?? title.focus
        show(.title(title))
    }

    /// The level list, on `pack` when given, at the page of `level`. Else on the pack
    /// shown or played last: in this run, or as the progress tells (the newest clear or
    /// unfinished line), so a player back at the expert levels finds them at once.
    public func showLevels(pack: Int? = nil, level: Int? = nil) {
        let packIndex =
            pack ?? playScreen?.packIndex ?? root.levelList?.packIndex ?? lastPackIndex ?? progress.latestPack(in: packs) ?? 0
        show(.levels(LevelListScreen(context: screenContext, pack: packIndex, showing: level ?? (playScreen?.levelIndex))))
    }

    public func showSettings() { show(.settings(SettingsScreen(context: screenContext))) }

    /// The level editor: on a copy of `level` when given, else on the draft of last time,
    /// this run's or one kept in the progress (or an empty 4x4 grid).
    public func showEditor(copyOf level: PlayableLevel? = nil) {
        let screen: EditorScreen
        if let editor {
            screen = editor
        } else {
            let kept = progress.editorDraft
            let title = EditorScreen.placeholder(.title)
            let restored = kept?.levelDraft(placeholder: title)
            screen = EditorScreen(
                context: screenContext, draft: restored ?? LevelDraft(title: title), pack: kept?.pack,
                savedFile: restored == nil ? nil : kept?.savedFile)
            editor = screen
        }
        // Into the editor of last time as one edit, so Undo brings back its draft; titled as
        // the player read it (a shipped level's title in the language shown).
        if let level { screen.edit(copy: LevelDraft(board: level.level.board, title: level.level.localizedTitle)) }
        show(.editor(screen))
    }

    /// Plays a level that is in no pack (a pasted share code); back returns to the list. A
    /// solve code's `line`, when it clears the level, is offered to watch.
    public func play(_ level: PlayableLevel, line: [Move]? = nil) {
        show(.play(PlayScreen(context: screenContext, source: .code(level, line: line))))
    }

    public func showAbout() { show(.about(AboutScreen(context: screenContext))) }

    public func showStatistics() { show(.statistics(StatisticsScreen(context: screenContext))) }

    // MARK: The daily board

    /// The day it is now, for the daily board (nil: no daily board here); looked at again
    /// each step, so a game left open past midnight offers the new day's board.
    public private(set) var today: DailyDate? {
        get { context.today }
        set { change(\.today, to: newValue) }
    }

    /// Starts making the board of `day` off the render thread, unless it is made or on its
    /// way. Live play asks for today's at start, so Daily opens at once.
    public func prepareDaily(_ day: DailyDate) {
        guard dailyBoards[day] == nil, !dailyFailures.contains(day), !dailyRequested.contains(day) else { return }
        dailyRequested.insert(day)
        _ = dailyJobs.request(day)
    }

    /// Opens today's board: at once when it is made, else the Daily screen thinks until it
    /// is (and then opens it).
    public func showDaily() {
        guard let today else { return }
        if let board = dailyBoards[today] {
            show(.play(PlayScreen(context: screenContext, source: .daily(board))))
        } else {
            prepareDaily(today)
            show(.daily(DailyScreen(context: screenContext, date: today)))
        }
    }

    /// Days in a row with the daily board cleared, up to today (0 without progress or a date).
    public var dailyStreak: Int { context.dailyStreak }

    public func showHelp() {
        guard help == nil else { return }
        router.cancelAll()
        help = HelpScreen(context: screenContext)
    }

    func dismissHelp() {
        router.cancelAll()
        help = nil
    }

    /// Opens a level of a pack on the play screen (when the pack has it, and it is open).
    /// Returns false when it cannot be opened.
    @discardableResult
    public func openLevel(pack: Int, level: Int) -> Bool {
        guard packs.indices.contains(pack), packs[pack].playable.indices.contains(level), isOpen(pack: pack, level: level)
        else { return false }
        show(.play(PlayScreen(context: screenContext, source: .pack(pack, level))))
        return true
    }

    /// Opens what Continue stands for in `packs` (all packs from the title).
    public func continuePlaying(among packIndices: [Int]? = nil) {
        let indices = packIndices ?? Array(packs.indices)
        let chosen = indices.map { packs[$0] }
        let target = progress.continueTarget(in: chosen) ?? chosen.firstIndex { !$0.playable.isEmpty }.map { ($0, 0) }
        guard let target else { return }
        openLevel(pack: indices[target.pack], level: target.level)
    }

    /// Whether level `level` of pack `pack` may be opened (locked levels may not).
    public func isOpen(pack: Int, level: Int) -> Bool { screenContext.isOpen(pack: pack, level: level) }

    /// Goes back a screen: play → levels → title → quit. The help closes first.
    public func back() {
        if help != nil {
            dismissHelp()
            return
        }
        switch root {
        case .play(let play):
            guard !isSingleLevel else { return }
            switch play.source {
            case .trial(_, let editor): show(.editor(editor))
            case .daily: showTitle(focusing: .daily)
            case .pack, .code: showLevels()
            }
        case .levels, .settings, .about, .editor, .daily, .statistics: showTitle(focusing: root.kind)
        case .title(let title):
            // Back from the title is the way out, shown first: Escape (or B) puts the focus on
            // Quit, and quits from there. A burst of Escapes on the way back from a level
            // stops at the title, not at the desktop.
            if showsFocus, title.focus == .quit {
                requestQuit()
            } else {
                title.focus = .quit
                showsFocus = true
            }
        }
    }

    /// A quit the player asks for (Ctrl+Q, Quit, Escape on Quit, the window's close
    /// button): the game ends, unless `confirmsQuit` says first why it should not.
    public func requestQuit() {
        if confirmsQuit() { quit() }
    }

    /// Whether a quit the player asks for may end the game: not the first while progress
    /// waits unsaved (a read-only folder, a full disk), which says why and that the next
    /// quit ends the game and loses it. helper-64: only standard error said so as the game
    /// ended, which a game started from the desktop's menu never shows. A quit signal asks
    /// nothing (`finish`).
    public func confirmsQuit() -> Bool {
        guard let reason = environment.unsavedProgress() else { return true }
        // TRANSLATORS: %1 says why, and what to do ("permission denied: make ~/.local/share/bloq writable").
        let warning = tr("Your progress since the last save cannot be saved: %1. Quit again to quit anyway, and lose it.", reason)
        guard toast?.text != warning else { return true }
        toast = (warning, AppController.toastSeconds)
        toastIsUrgent = true
        placeToast()
        return false
    }

    public func quit() {
        root.screen.willLeave()
        wantsQuit = true
        for request in root.screen.takeRequests() {
            // What the screen asks as the game ends (its line kept, a clear that landed as
            // it quit) is done; nothing else.
            switch request {
            case .recordLine, .recordClear: carryOut(request)
            default: break
            }
        }
    }

    /// Ends the game: quits if the player has not (what the screen must save is saved),
    /// then finishes saving (the line of play flushed, the journal merged). Returns lines
    /// for standard error.
    public func finish() -> [String] {
        if !wantsQuit { quit() }
        return environment.finish()
    }
}
