/// The states of an animator, as in UIKit's `UIViewAnimatingState`.
public enum AnimatingState: Sendable, Hashable {
    /// Not started, or finished: the animations are not in progress.
    case inactive
    /// Started or paused: the animations are in progress (running or not).
    case active
    /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped
}

/// Where an animator ended, as in UIKit's `UIViewAnimatingPosition`.
public enum AnimatingPosition: Sendable, Hashable {
    case start, end, current
}

/// An interactive, interruptible animation of one progress value from 0 to 1, after
/// UIKit's `UIViewPropertyAnimator`.
///
/// Animations are closures that receive the progress after the timing curve (0 at the
/// start, 1 at the end). The animator can be started, paused, scrubbed through
/// `fractionComplete`, reversed and continued at any moment, and the value never jumps
/// (where UIKit's does, that is a UIKit bug). Time comes only from the `AnimationDriver`
/// it was created with; everything is synchronous and single-threaded.
///
/// One timeline: the animator has a single time fraction T (0 at the start, 1 at the end)
/// that moves linearly with driver time, and every animation (plain, delayed, keyframe) is
/// a function of T. Continuing, reversing, finishing at `.current` and restarting re-derive
/// T and those functions so that no value moves; only a scrub or `finishAnimation(at:)`
/// with `.start` or `.end` moves a value at once.
///
/// Time remapping (WWDC 2017, "Advanced Animations with UIKit"): pausing keeps the
/// progress; continuing on a monotonic curve finds the time at which that curve reaches the
/// progress and runs on from there; continuing on a curve that is not monotonic (springs,
/// Back), or from a progress outside 0...1 (a spring's overshoot), restarts it over the
/// remaining distance, `p0 + (1 − p0)·c(t)`, in the remaining fraction of the duration.
///
/// A call that UIKit calls a programmer error changes nothing here (and never crashes):
/// - `startAnimation()` / `startAnimation(afterDelay:)` on a stopped animator;
/// - `pauseAnimation()` on a stopped animator;
/// - `finishAnimation(at:)` on an animator that is not stopped;
/// - `continueAnimation(...)` on an animator that is not active;
/// - setting `fractionComplete` while running or stopped (or to a value that is not finite);
/// - `stopAnimation(_:)` on an inactive or stopped animator;
/// - `addAnimations` or `addKeyframe` on a stopped animator.
public final class PropertyAnimator {
    /// The time in seconds to run from start to end on the animator's curve (a physical
    /// spring's own settling time replaces it; see `TimingCurve.physicalSpring`).
    public let duration: Double
    /// The curve the animator starts on (and starts on again when reused after finishing);
    /// `continueAnimation` may replace the one in use.
    public let timingCurve: TimingCurve
    /// The driver whose `advance(by:)` moves this animator. Weak: the driver keeps its
    /// active animators alive, not the other way round.
    public private(set) weak var driver: AnimationDriver?

    /// The animator's state; see `AnimatingState`.
    public private(set) var state: AnimatingState = .inactive
    /// Whether time moves the animation (true after start or continue, false when paused).
    public private(set) var isRunning = false
    /// When true (the default), `fractionComplete` reads and sets the progress itself while
    /// paused; when false it reads and sets the time fraction along the curve.
    public var scrubsLinearly = true
    /// When true, reaching the end (or the start, reversed) pauses the animator, still
    /// active, instead of finishing; no completion runs until it finishes another way.
    public var pausesOnCompletion = false

    /// The progress last given to the animations.
    public var progress: Double { tracks[0].value }

    private var animations: [Animation] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    private var reversed = false
    private var delay: Double = 0
    /// Start order, for ordering completions within one step (set by the driver).
    var serial = 0
    /// Whether the driver holds this animator in its list (set by the driver).
    var isScheduled = false
    /// The driver's advance during which this animator was last set running from inside a
    /// callback: the driver steps it only from the next advance on.
    var resumedDuringAdvance = -1

    /// T, the time fraction of the timeline: 0 at the start, 1 at the end.
    private var time: Double = 0
    /// T per second while running (positive; `direction` gives the sign).
    private var rate: Double
    private var direction: Double = 1
    /// The curve `continueAnimation(withTimingParameters: nil, ...)` continues on.
    private var curveInUse: TimingCurve
    /// The curve the tracks were last derived on.
    private var frameCurve: TimingCurve
    /// Every value as a function of T: `tracks[0]` is the progress; delayed animations and
    /// animations added while active have one each.
    private var tracks: [Track]

    /// One value as a function of T: `from + (to − from)·curve(λ)` with
    /// λ = (T − t0) / (t1 − t0) clamped to 0...1 (t1 < t0 runs the other way in T).
    private struct Track {
        /// Where the value starts on the home timeline: 0 for the progress, the delay for a
        /// delayed animation, the time it was added for one added while active.
        let home: Double
        /// The value rests at 0 for every T at or before this (it has not begun).
        var start: Double
        var from: Double
        var to: Double
        var t0: Double
        var t1: Double
        var evaluator: CurveEvaluator
        /// The curve itself from 0 (at t0) to 1 (at t1): it serves either direction.
        var isCurve: Bool
        /// The value last given to the animation.
        var value: Double

        func value(at time: Double) -> Double {
            let span = t1 - t0
            let lambda = abs(span) < 1e-12 ? (time >= t1 ? 1 : 0) : (time - t0) / span
            if !(lambda > 0) { return from }
            if lambda >= 1 { return to }
            return from + (to - from) * evaluator.progress(at: lambda)
        }
    }

    private struct Animation {
        var body: (Double) -> Void
        var kind: Kind
    }

    private enum Kind {
        /// Receives the progress.
        case progress
        /// Receives its own stretch of the progress.
        case keyframe(start: Double, length: Double)
        /// Receives `tracks[index]`.
        case track(Int)
    }

    /// Makes an inactive animator. A duration that is not positive and finite becomes 0
    /// (the animation completes on the first step).
    public init(duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver) {
        let duration = duration > 0 && duration.isFinite ? duration : 0
        self.duration = duration
        self.timingCurve = curve
        self.driver = driver
        curveInUse = curve
        frameCurve = curve
        let rate = PropertyAnimator.homeRate(curve, duration: duration)
        self.rate = rate
        tracks = [PropertyAnimator.curveTrack(home: 0, t0: 0, t1: 1, curve: curve, rate: rate, at: 0)]
    }

    /// Makes an inactive animator with one animation already added.
    public convenience init(
        duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver,
        animations: @escaping (Double) -> Void
    ) {
        self.init(duration: duration, curve: curve, driver: driver)
        addAnimations(animations)
    }

    // MARK: Reading and scrubbing

    /// Runs the animation backwards (toward the start) when true. Changing it never moves
    /// the value: a running animator turns around where it is, at the same pace (a spring
    /// keeps its speed). Set on an inactive animator, the first start runs from the end to
    /// the start.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            guard isRunning else { return }
            retime(onto: curveInUse, durationFactor: 0, keepingRate: true, progressVelocity: .measured, carryingVelocity: true)
        }
    }

    /// How far the animation has come, 0 at the start to 1 at the end, whatever
    /// `isReversed` is (UIKit flips it; this does not). Read while the animator is running,
    /// it is the fraction of its timing elapsed (UIKit's reading): after continuing an
    /// ease-out scrubbed linearly to 0.5 it reads 0.3425. While paused it equals the
    /// progress last given to the animations (scrubsLinearly) or the time fraction.
    /// Setting it while paused scrubs (an inactive animator becomes active and paused) and
    /// never completes; while running or stopped it is ignored.
    public var fractionComplete: Double {
        get { isRunning || !scrubsLinearly ? time : progress }
        set {
            guard newValue.isFinite, !isRunning, state != .stopped else { return }
            if state == .inactive {
                activate()
                resetToHome()
            }
            let fraction = min(max(newValue, 0), 1)
            let curve = curveInUse
            frameCurve = curve
            rate = PropertyAnimator.homeRate(curve, duration: duration)
            // A curve that is not monotonic always scrubs linearly: its progress is the fraction.
            let linear = scrubsLinearly || !curve.isMonotonic
            time = curve.isMonotonic && scrubsLinearly ? curve.timeFraction(forProgress: fraction) : fraction
            for index in tracks.indices { tracks[index] = homeTrack(tracks[index].home, curve: curve) }
            if linear {
                tracks[0] = PropertyAnimator.curveTrack(
                    home: 0, t0: 0, t1: 1, curve: curve.isMonotonic ? curve : .linear, rate: rate, at: time)
                tracks[0].value = fraction
            }
            apply()
        }
    }

    // MARK: Adding animations

    /// Adds an animation; it receives the progress (0...1) whenever the value changes.
    /// Added to an animator that is already active, it runs over the rest of the timeline:
    /// it receives 0 at once and 1 when the animator reaches its end (UIKit's rule).
    public func addAnimations(_ animation: @escaping (Double) -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds an animation that starts after `delayFactor` times the remaining duration
    /// (0...1; UIKit's rule) and then runs on the animator's curve to the end, reaching 1
    /// when the animator does. Before its start it holds 0.
    public func addAnimations(_ animation: @escaping (Double) -> Void, delayFactor: Double) {
        guard state != .stopped else { return }
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        guard state == .active else {
            if factor == 0 {
                animations.append(Animation(body: animation, kind: .progress))
            } else {
                tracks.append(homeTrack(factor, curve: curveInUse))
                animations.append(Animation(body: animation, kind: .track(tracks.count - 1)))
            }
            return
        }
        let index = addTrack(home: time + factor * (1 - time))
        animations.append(Animation(body: animation, kind: .track(index)))
        animation(tracks[index].value)
    }

    /// Adds a keyframe, as `UIView.addKeyframe(withRelativeStartTime:relativeDuration:)`:
    /// `animation` receives its own progress, 0 until the animator's progress reaches
    /// `relativeStartTime`, rising linearly to 1 over `relativeDuration`, then 1. Keyframes
    /// follow the animator's curve and scrub with it.
    public func addKeyframe(relativeStartTime: Double, relativeDuration: Double, animation: @escaping (Double) -> Void) {
        guard state != .stopped else { return }
        let start = relativeStartTime.isFinite ? min(max(relativeStartTime, 0), 1) : 0
        let length = relativeDuration.isFinite ? min(max(relativeDuration, 0), 1 - start) : 0
        let entry = Animation(body: animation, kind: .keyframe(start: start, length: length))
        animations.append(entry)
        if state == .active { animation(value(of: entry.kind)) }
    }

    /// Adds a completion; it receives where the animator ended: `.end`, `.start` (after
    /// running reversed) or the position passed to `finishAnimation(at:)`. Once it has
    /// finished (or stopped without finishing) an animator lets go of its animations and
    /// completions, as UIKit's does; it can then be given new ones and started again.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Controlling

    /// Starts (or, when paused, resumes) the animation from where it is. An inactive
    /// animator (new, or finished) starts from the start, or from the end when reversed,
    /// on `timingCurve` over `duration`.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animation after `delay` seconds of driver time (or resumes a paused one
    /// after it).
    public func startAnimation(afterDelay delay: Double) {
        let wait = delay.isFinite ? max(delay, 0) : 0
        switch state {
        case .stopped:
            return
        case .inactive:
            activate()
            resetToHome()
            apply()
            // Reversed, a spring leaves the end from rest rather than at its own velocity.
            retime(
                onto: curveInUse, durationFactor: 0, keepingRate: false, progressVelocity: reversed ? .zero : .curve,
                carryingVelocity: false)
            self.delay = wait
            beginRunning()
        case .active:
            guard !isRunning else { return }
            continueAnimation(withTimingParameters: nil, durationFactor: 0)
            self.delay = wait
        }
    }

    /// Pauses a running animation where it is (an inactive animator becomes active and
    /// paused at its start, or its end when reversed). The value does not move.
    public func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive:
            activate()
            resetToHome()
        case .active: break
        }
        isRunning = false
        delay = 0
    }

    /// Continues an active animation from its current progress, on `timing` (or the curve
    /// in use when nil). No value jumps. On a monotonic curve the progress maps back to the
    /// time where the curve reaches it; with `durationFactor` 0 the remaining time is the
    /// curve's remaining fraction of `duration`, with d > 0 it is d × `duration`. A curve
    /// that is not monotonic (or a progress outside 0...1) restarts over the remaining
    /// distance, taking that remaining fraction of `duration` (or d × `duration`); a
    /// physical spring takes its own settling time.
    public func continueAnimation(withTimingParameters timing: TimingCurve?, durationFactor: Double) {
        guard state == .active else { return }
        let curve = timing ?? curveInUse
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
        curveInUse = curve
        retime(onto: curve, durationFactor: factor, keepingRate: false, progressVelocity: .curve, carryingVelocity: isRunning)
        delay = 0
        beginRunning()
    }

    /// Stops the animation where it is. With `withoutFinishing` true the animator becomes
    /// inactive at once and no completion runs; otherwise it becomes `.stopped` and waits
    /// for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        isRunning = false
        if withoutFinishing {
            state = .inactive
            driver?.deactivate(self)
            letGo()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator at `position` and runs the completions with it. At
    /// `.start` or `.end` every value moves there at once (finishing is the one way to
    /// jump, and it is asked for); at `.current` nothing moves.
    public func finishAnimation(at position: AnimatingPosition) {
        guard state == .stopped else { return }
        switch position {
        case .start: jump(to: 0)
        case .end: jump(to: 1)
        case .current: break
        }
        finish(at: position)
    }

    // MARK: Driven by AnimationDriver

    /// Steps a running animator. Returns the time within the step at which it completed,
    /// or nil if it has not.
    func step(by seconds: Double) -> Double? {
        var available = seconds
        var used = 0.0
        if delay > 0 {
            if available <= delay {
                delay -= available
                return nil
            }
            used = delay
            available -= delay
            delay = 0
        }
        let end = direction > 0 ? 1.0 : 0.0
        let remainingTime = abs(end - time) / rate
        if !(remainingTime > available + 1e-9) {
            // Every value reaches its end with the animator.
            jump(to: end)
            return used + (remainingTime.isFinite ? min(remainingTime, available) : 0)
        }
        time += direction * rate * available
        let now = time
        // No callback runs in here, so the buffer is safe to hold (and a step allocates nothing).
        tracks.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index].value = buffer[index].value(at: now) }
        }
        apply()
        return nil
    }

    /// Called by a driver that goes away: the animator stops where it is, no completion
    /// runs, and its blocks are let go.
    func detachFromDriver() {
        isRunning = false
        state = .inactive
        letGo()
    }

    /// Called by the driver after the step in which the animator reached its end (a
    /// callback of another animator may have turned it around since: then it runs on).
    func completeAfterStep() {
        guard state == .active, isRunning else { return }
        let position: AnimatingPosition
        if direction > 0, time >= 1 {
            position = .end
        } else if direction < 0, time <= 0 {
            position = .start
        } else {
            return
        }
        if pausesOnCompletion {
            isRunning = false
            return
        }
        finish(at: position)
    }

    // MARK: Private

    private func activate() {
        state = .active
        driver?.activate(self)
    }

    /// Sets the animator running; from inside a driver callback it begins on the next advance.
    private func beginRunning() {
        if !isRunning, let driver, driver.isInsideAdvance { resumedDuringAdvance = driver.advanceCount }
        isRunning = true
    }

    private func finish(at position: AnimatingPosition) {
        isRunning = false
        state = .inactive
        driver?.deactivate(self)
        let done = completions
        // Like UIKit, a finished animator lets go of its blocks (which also breaks any
        // reference cycle through them); new ones may be added to run it again.
        letGo()
        for completion in done { completion(position) }
    }

    private func letGo() {
        animations.removeAll()
        completions.removeAll()
        if tracks.count > 1 { tracks.removeSubrange(1...) }
    }

    /// Every value at 0 or 1 at once (a finish at `.start` or `.end`).
    private func jump(to end: Double) {
        time = end
        for index in tracks.indices { tracks[index].value = end }
        apply()
    }

    /// The timeline as it is before any run: T at the start (the end when reversed), every
    /// track on its own stretch of `timingCurve`, at the pace of `duration`.
    private func resetToHome() {
        curveInUse = timingCurve
        frameCurve = timingCurve
        rate = PropertyAnimator.homeRate(timingCurve, duration: duration)
        time = reversed ? 1 : 0
        direction = reversed ? -1 : 1
        for index in tracks.indices { tracks[index] = homeTrack(tracks[index].home, curve: timingCurve) }
    }

    /// A track on its home stretch `home...1` of `curve`, at the current T. Delayed
    /// animations start from rest; only the progress takes a spring's own initial velocity.
    private func homeTrack(_ home: Double, curve: TimingCurve) -> Track {
        PropertyAnimator.curveTrack(
            home: home, t0: home, t1: 1, curve: home > 0 ? curve.withInitialVelocity(0) : curve, rate: rate, at: time)
    }

    /// Adds the track of an animation added while active, resting at 0 until `home`.
    private func addTrack(home: Double) -> Int {
        let waiting = Track(
            home: home, start: home, from: 0, to: 0, t0: 0, t1: 1, evaluator: .linear, isCurve: false, value: 0)
        tracks.append(
            retimed(waiting, from: time, to: time, end: direction > 0 ? 1 : 0, curve: frameCurve, identity: false, velocity: 0))
        return tracks.count - 1
    }

    private enum ProgressVelocity {
        /// The curve's own initial velocity (a spring given to `continueAnimation`).
        case curve
        /// The progress's velocity now (turning around).
        case measured
        case zero
    }

    /// Re-derives T and every track for running on `curve` toward the end `isReversed`
    /// points at, without moving any value. T becomes the time at which `curve` reaches the
    /// progress (monotonic curve, progress in 0...1); a restart keeps T, so it takes the
    /// remaining fraction of the timing. Then each track: one that has not begun keeps its
    /// start; one in progress on a monotonic curve runs on along `curve` over the stretch
    /// [w0, 1] that passes through its value at T; otherwise it restarts from its value
    /// over [T, end], toward the end. So every stretch ahead ends where the animator does.
    private func retime(
        onto curve: TimingCurve, durationFactor factor: Double, keepingRate: Bool, progressVelocity: ProgressVelocity,
        carryingVelocity: Bool
    ) {
        let end: Double = reversed ? 0 : 1
        let p = tracks[0].value
        let old = time
        let (oldRate, oldDirection) = (rate, direction)
        let identity =
            curve == frameCurve && curve.isMonotonic && tracks[0].isCurve && tracks[0].t0 == 0 && tracks[0].t1 == 1
        let new: Double
        if identity {
            new = old
        } else if curve.isMonotonic, p >= 0, p <= 1 {
            new = curve.timeFraction(forProgress: p)
        } else if abs(end - old) > 1e-12 || abs(end - p) <= 1e-12 {
            // A restart keeps T: it takes the remaining fraction of the timing.
            new = old
        } else {
            // At the end of the timeline with the progress away from it: as far from the
            // end as the progress is.
            new = min(max(end == 1 ? 1 - abs(1 - p) : abs(p), 0), 1)
        }
        let distance = abs(end - new)
        if let settling = curve.settlingDuration {
            rate = distance > 0 && settling > 0 ? distance / settling : .infinity
        } else if keepingRate {
            // Turning around keeps the pace.
        } else if factor > 0 {
            rate = distance > 0 && duration > 0 ? distance / (factor * duration) : .infinity
        } else {
            rate = duration > 0 ? 1 / duration : .infinity
        }
        for index in tracks.indices {
            let track = tracks[index]
            let velocity: Double?
            if index == 0 {
                switch progressVelocity {
                case .curve: velocity = nil
                case .zero: velocity = 0
                case .measured: velocity = velocityOf(track, time: old, rate: oldRate, direction: oldDirection)
                }
            } else {
                velocity = carryingVelocity ? velocityOf(track, time: old, rate: oldRate, direction: oldDirection) : 0
            }
            tracks[index] = retimed(track, from: old, to: new, end: end, curve: curve, identity: identity, velocity: velocity)
        }
        frameCurve = curve
        time = new
        direction = reversed ? -1 : 1
    }

    /// `track` re-derived for T moving from `old` to `new`, heading for `end` on `curve`,
    /// with its value unchanged; `velocity` (value per second) starts a restarted spring
    /// (nil: the curve's own).
    private func retimed(
        _ track: Track, from old: Double, to new: Double, end: Double, curve: TimingCurve, identity: Bool, velocity: Double?
    ) -> Track {
        if identity && track.isCurve { return track }
        let value = track.value
        let waiting = value == 0 && old <= track.start
        if curve.isMonotonic, value >= 0, value <= 1 {
            if waiting {
                return PropertyAnimator.curveTrack(home: track.home, t0: max(track.start, new), t1: 1, curve: curve, rate: rate, at: new)
            }
            // The stretch [w0, 1] along which `curve` passes through the value at T, so it
            // runs on along the curve and ends with the animator. A value further along its
            // curve than T allows (u > T) restarts instead.
            let u = curve.timeFraction(forProgress: value)
            if u < 1, new >= u {
                let w0 = (new - u) / (1 - u)
                if 1 - w0 > 1e-12 {
                    var derived = PropertyAnimator.curveTrack(home: track.home, t0: w0, t1: 1, curve: curve, rate: rate, at: new)
                    if abs(derived.value - value) < 1e-9 {
                        derived.value = value
                        return derived
                    }
                }
                return PropertyAnimator.constantTrack(home: track.home, start: track.start, value: value)
            }
        }
        if end == 1 {
            if waiting {
                let start = max(track.start, new)
                return PropertyAnimator.restartTrack(
                    home: track.home, start: start, from: 0, to: 1, t0: start, t1: 1, curve: curve, velocity: velocity, rate: rate)
            }
            return PropertyAnimator.restartTrack(
                home: track.home, start: track.start, from: value, to: 1, t0: new, t1: 1, curve: curve, velocity: velocity, rate: rate)
        }
        if waiting { return PropertyAnimator.constantTrack(home: track.home, start: track.start, value: 0) }
        return PropertyAnimator.restartTrack(
            home: track.home, start: 0, from: value, to: 0, t0: new, t1: 0, curve: curve, velocity: velocity, rate: rate)
    }

    /// The value's speed (per second) at T = `time` while running, for re-aiming a spring:
    /// 0 outside its stretch (not begun, or arrived), else a central difference kept inside
    /// the stretch (a curve may step at its very ends, as Penner's Expo does by 1e-3).
    private func velocityOf(_ track: Track, time: Double, rate: Double, direction: Double) -> Double {
        guard isRunning, delay <= 0, rate.isFinite, rate > 0, abs(track.t1 - track.t0) > 1e-12 else { return 0 }
        let low = min(track.t0, track.t1)
        let high = max(track.t0, track.t1)
        guard time > low, time < high else { return 0 }
        let h = min(1e-6, (time - low) / 2, (high - time) / 2)
        guard h > 0 else { return 0 }
        return (track.value(at: time + h) - track.value(at: time - h)) / (2 * h) * rate * direction
    }

    private static func homeRate(_ curve: TimingCurve, duration: Double) -> Double {
        let seconds = curve.settlingDuration ?? duration
        return seconds > 0 ? 1 / seconds : .infinity
    }

    /// `curve` itself from 0 at `t0` to 1 at `t1`, valued at T = `time`.
    private static func curveTrack(home: Double, t0: Double, t1: Double, curve: TimingCurve, rate: Double, at time: Double) -> Track {
        let seconds = max(abs(t1 - t0) / rate, 1e-9)
        var track = Track(
            home: home, start: min(t0, t1), from: 0, to: 1, t0: t0, t1: t1,
            evaluator: curve.evaluator(duration: seconds, velocityScale: 1), isCurve: true, value: 0)
        track.value = track.value(at: time)
        return track
    }

    /// `curve` restarted from `from` at `t0` to `to` at `t1`, starting at `velocity` (value
    /// per second; nil: the curve's own). An empty stretch holds the value instead.
    private static func restartTrack(
        home: Double, start: Double, from: Double, to: Double, t0: Double, t1: Double, curve: TimingCurve, velocity: Double?,
        rate: Double
    ) -> Track {
        guard abs(t1 - t0) > 1e-12 else { return constantTrack(home: home, start: start, value: from) }
        let span = to - from
        let seconds = max(abs(t1 - t0) / rate, 1e-9)
        let moving = velocity.map { curve.withInitialVelocity($0) } ?? curve
        return Track(
            home: home, start: start, from: from, to: to, t0: t0, t1: t1,
            evaluator: moving.evaluator(duration: seconds, velocityScale: abs(span) < 1e-12 ? 1 : 1 / span), isCurve: false,
            value: from)
    }

    private static func constantTrack(home: Double, start: Double, value: Double) -> Track {
        Track(home: home, start: start, from: value, to: value, t0: 0, t1: 1, evaluator: .linear, isCurve: false, value: value)
    }

    /// Gives every animation its value.
    private func apply() {
        // By index, re-reading the count: a callback may add animations or finish the animator.
        var index = 0
        while index < animations.count {
            let animation = animations[index]
            animation.body(value(of: animation.kind))
            index += 1
        }
    }

    private func value(of kind: Kind) -> Double {
        switch kind {
        case .progress:
            return tracks[0].value
        case .keyframe(let start, let length):
            // Keyframes run on the animator's progress (and so on its curve).
            let progress = tracks[0].value
            let local = length > 0 ? (progress - start) / length : (progress >= start ? 1 : 0)
            return min(max(local, 0), 1)
        case .track(let index):
            return index < tracks.count ? tracks[index].value : 0
        }
    }
}
