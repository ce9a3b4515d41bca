import BloqEngine
import BloqGame

/// The game loop, the same for live play, replays, screenshots and benchmarks: it owns the
/// fixed-step clock (Glenn Fiedler's "Fix your timestep"), the input translation (mouse
/// and fingers become one pointer event, once, at the edge) and the recorder, over a
/// `GamePlatform` that says what time it is, what input came, and shows the frames.
///
/// Each frame: the window's geometry is read, the input due is delivered before the first
/// step at or after its time, the steps due by the platform's time are taken, and the
/// platform presents the result. When nothing moves, a platform that may sleep waits for
/// input (or a held gamepad button's next repeat), and the time it slept is skipped (it
/// counts as play time while focused).
public final class GameLoop {
    public let app: AppController
    public let platform: any GamePlatform
    public private(set) var clock: FixedStepClock
    private var translator = InputTranslator()
    private var recorder: InputRecorder?
    /// The geometry the game was last laid out for.
    private var geometry: WindowGeometry
    /// Set when the platform asked to quit (the window was closed).
    private var quitRequested = false
    /// A live window's new size in desktop points, and the platform's time it came: kept as
    /// the size to open at next once it has stood `windowSizeQuiet` ms, so that a game
    /// killed (not only one quit) opens again as large as the player left it.
    private var unkeptSize: (width: Int, height: Int, since: Double)?
    static let windowSizeQuiet = 1000.0
    /// A gap longer than this (a suspended machine) counts as a pause, not play time.
    static let longestIdlePlay = 5.0

    public init(app: AppController, platform: any GamePlatform) {
        self.app = app
        self.platform = platform
        clock = FixedStepClock(origin: platform.now)
        geometry = platform.geometry
        layOut(geometry)
    }

    /// How long the loop waits between frames while only background work goes on (a
    /// search): its answer shows within this, and nothing is drawn 60 times a second
    /// meanwhile (a 16x16 board took 30 % of a core to draw the same frame).
    public static let workPollMilliseconds = 100.0

    /// Whether the loop has ended: the player quit, the window closed, or the platform ran out.
    public var isDone: Bool { quitRequested || app.wantsQuit || platform.isFinished }

    /// Runs frames until the loop is done. A platform that sleeps when idle waits for input
    /// while nothing moves (a watched level file is looked at every 100 ms meanwhile).
    /// The window closed is the player quitting; a platform that ran out (a script's `end`,
    /// a signal) leaves the game as it is at that moment, and whoever ran the loop ends it
    /// (`AppController.finish`): a replay reports a move still in flight where it is.
    public func run() {
        while !isDone {
            keepWindowSize()
            if platform.sleepsWhenIdle, app.isAnimating, !app.isMoving {
                // Only background work: a frame (its steps deliver the answer when it is
                // due) every `workPollMilliseconds`, or at once for input.
                platform.gatherInput(waitingUpTo: min(GameLoop.workPollMilliseconds, untilPadRepeat ?? .infinity))
                frame()
                continue
            }
            guard platform.sleepsWhenIdle, !app.isAnimating else {
                frame()
                continue
            }
            // A held gamepad button's next repeat ends the wait too, and so does a window size
            // due to be kept.
            let untilSizeKept = unkeptSize.map { max(1, ($0.since + GameLoop.windowSizeQuiet - platform.now).rounded(.up)) }
            if platform.gatherInput(
                waitingUpTo: min(app.levelWatch == nil ? 1000 : 100, untilPadRepeat ?? .infinity, untilSizeKept ?? .infinity))
            {
                skipIdleTime(to: platform.nextInputTime() ?? platform.now)
                frame()
            } else {
                // No input and nothing moving: the frame on screen is still right.
                skipIdleTime(to: platform.now)
                if app.pollExternalChanges() || untilPadRepeat == 0 { frame() }
            }
        }
        if quitRequested, !app.wantsQuit { app.quit() }
    }

    /// One frame: the window's geometry, what changed outside the game, every input due
    /// delivered on the fixed-step schedule, the steps due by now, and the frame shown.
    public func frame() {
        syncGeometry(at: clock.now)
        app.pollExternalChanges()
        platform.gatherInput(waitingUpTo: 0)
        let focused = platform.isFocused
        // A held gamepad button's repeat is an input of its own, at its time, in order with
        // the platform's (so a recording's times never go back); the origin is the one the
        // clock is about to take (it moves on in a frame it cuts short).
        let now = platform.now
        let origin = clock.origin(advancingTo: now)
        func repeatDue() -> Double? {
            guard let due = translator.padRepeatDue.map({ $0 * 1000 + origin }), due <= now else { return nil }
            return due
        }
        clock.advance(
            toPlatform: now, nextEvent: { [platform.nextInputTime(), repeatDue()].compactMap { $0 }.min() },
            deliver: { time in
                if let due = repeatDue(), due < platform.nextInputTime() ?? .infinity {
                    deliver(translator.padRepeat(now: (now - origin) / 1000), at: time)
                } else {
                    deliverInput(at: time)
                }
            }, step: { app.step(FixedStepClock.step, countingPlayTime: focused) }, stop: { platform.isFinished })
        platform.present(app, sounds: app.takeSounds())
    }

    /// Runs frames while `condition` holds, at most `limit` of them (screenshots settling a
    /// screen; a platform that steps once a frame takes one step each).
    public func run(while condition: () -> Bool, limit: Int) {
        var frames = 0
        while frames < limit, !isDone, condition() {
            frame()
            frames += 1
        }
    }

    // MARK: Recording

    /// Starts recording what the player does as an input script (`bloq play --record`).
    public func startRecording() {
        recorder = InputRecorder(window: geometry.desktopPointSize)
    }

    /// The recorded script, ended now (nil when not recording).
    public func recordedScript() -> InputScript? {
        recorder?.script(endingAt: clock.now)
    }

    /// The level the recording follows (nil: no level had input), and whether it is one of
    /// a pack's.
    public var recordedLevel: (level: PlayableLevel, inPack: Bool)? {
        recorder.flatMap { recorder in recorder.level.map { ($0, recorder.levelIsInPack) } }
    }

    // MARK: Private

    /// Takes the next input and hands it to the shell, translated, at `time` (ms of
    /// simulated time).
    private func deliverInput(at time: Double) {
        guard let raw = platform.takeInput() else { return }
        deliver(translator.translate(raw, time: time / 1000), at: time)
    }

    /// Hands translated input to the shell at `time` (ms of simulated time); a held key's
    /// or gamepad button's repeat only where its command repeats.
    private func deliver(_ inputs: [InputTranslator.Translated], at time: Double) {
        for translated in inputs {
            switch translated {
            // The window's close button: as Ctrl+Q, told first when progress waits unsaved.
            case .quit: if app.confirmsQuit() { quitRequested = true }
            case .windowChanged: syncGeometry(at: time)
            case .input(let input):
                recorder?.record(input, at: time, app: app)
                app.handle(input)
            case .repeated(let input):
                guard app.repeatsWhenHeld(input) else {
                    // A gamepad button whose command does not repeat (A, B) is held on for
                    // nothing: the loop stops waking for it.
                    if case .gamepad = input { translator.endPadRepeats() }
                    continue
                }
                recorder?.record(input, at: time, app: app)
                app.handle(input)
            }
        }
    }

    /// Lays the game out again when the window changed (a size in points, a scale, a
    /// display); the output size can change with no event (fullscreen with no window
    /// manager), so every frame looks.
    private func syncGeometry(at time: Double) {
        let now = platform.geometry
        guard now != geometry else { return }
        if now.points != geometry.points {
            let size = now.desktopPointSize
            recorder?.recordResize(width: size.width, height: size.height, at: time)
            // A window a person sizes (a script's sizes are not the player's to keep).
            if platform.sleepsWhenIdle { unkeptSize = (size.width, size.height, platform.now) }
        }
        geometry = now
        layOut(now)
    }

    /// Keeps the window's size once it has stood still (not at every step of a drag).
    private func keepWindowSize() {
        guard let size = unkeptSize, platform.now - size.since >= GameLoop.windowSizeQuiet else { return }
        unkeptSize = nil
        app.keepWindowSize(width: size.width, height: size.height)
    }

    private func layOut(_ geometry: WindowGeometry) {
        translator.output = geometry.output
        translator.scale = geometry.scale
        // Buttons at least about 9 mm across on the display.
        app.display(
            minimumButtonSize: Metrics.minimumButtonSize(dpi: geometry.dpi, scale: geometry.layoutScale), scale: geometry.layoutScale)
        if geometry.output != app.viewport { app.handle(.resized(geometry.output)) }
    }

    /// Milliseconds of the platform's time until the held gamepad button's repeat is due (0
    /// when it is), nil when none is held.
    private var untilPadRepeat: Double? {
        // Whole milliseconds, as the platform waits: a wait of 0.3 ms would return at once
        // and spin until the due time came.
        translator.padRepeatDue.map { max(0, ($0 * 1000 + clock.origin - platform.now).rounded(.up)) }
    }

    private func skipIdleTime(to platformTime: Double) {
        let skipped = clock.skip(toPlatform: platformTime)
        if skipped < GameLoop.longestIdlePlay { app.idle(skipped, focused: platform.isFocused) }
    }
}
