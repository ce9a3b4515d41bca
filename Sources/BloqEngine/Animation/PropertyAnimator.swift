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
/// Time remapping (WWDC 2017, "Advanced Animations with UIKit"): pausing keeps the
/// progress; continuing on a monotonic curve finds the time at which that curve reaches the
/// progress and runs on from there; continuing on a curve that is not monotonic (springs,
/// Back) restarts it over the remaining distance, `p0 + (1 − p0)·c(t)`.
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
    /// The curve the animator starts on; `continueAnimation` may replace the one in use.
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
    public private(set) var progress: Double = 0

    private var animations: [Animation] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    private var reversed = false
    private var delay: Double = 0
    /// Start order, for ordering completions within one step (set by the driver).
    var serial = 0
    /// Whether the driver holds this animator in its list (set by the driver).
    var isScheduled = false

    /// The stretch of motion in progress: `progress = base + (target − base)·curve(τ)`.
    private struct Segment {
        let curve: TimingCurve
        let base: Double
        let target: Double
        /// The time scale a duration spring is fitted to, in seconds.
        let springDuration: Double
        /// True for a restart onto a curve that is not monotonic: τ only runs forward.
        let isRestart: Bool
        /// The curve's coefficients, worked out once for the whole segment.
        private let evaluator: CurveEvaluator

        init(curve: TimingCurve, base: Double, target: Double, springDuration: Double, isRestart: Bool) {
            self.curve = curve
            self.base = base
            self.target = target
            self.springDuration = springDuration
            self.isRestart = isRestart
            let span = target - base
            evaluator = curve.evaluator(duration: springDuration, velocityScale: abs(span) < 1e-12 ? 1 : 1 / span)
        }

        func value(at tau: Double) -> Double {
            let span = target - base
            if abs(span) < 1e-12 { return target }
            return base + span * evaluator.progress(at: tau)
        }

        /// The same stretch on another curve.
        func with(curve: TimingCurve) -> Segment {
            Segment(curve: curve, base: base, target: target, springDuration: springDuration, isRestart: isRestart)
        }
    }

    private var segment: Segment
    /// τ, the time fraction along the segment's curve.
    private var timeFraction: Double = 0
    /// τ per second while running (always positive; `direction` gives the sign).
    private var rate: Double
    private var direction: Double = 1

    private struct Animation {
        var body: (Double) -> Void
        /// The point of the animator's timeline (0...1) where this animation starts.
        var start: Double
        /// How much of the timeline it lasts (keyframes); nil: to the end, on the curve.
        var length: Double?
    }

    /// Makes an inactive animator. A duration that is not positive and finite becomes 0
    /// (the animation completes on the first step).
    public init(duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver) {
        let duration = duration > 0 && duration.isFinite ? duration : 0
        self.duration = duration
        self.timingCurve = curve
        self.driver = driver
        let effective = curve.settlingDuration ?? duration
        segment = Segment(curve: curve, base: 0, target: 1, springDuration: max(effective, 1e-9), isRestart: false)
        rate = effective > 0 ? 1 / effective : .infinity
    }

    /// Makes an inactive animator with one animation already added.
    public convenience init(
        duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver,
        animations: @escaping (Double) -> Void
    ) {
        self.init(duration: duration, curve: curve, driver: driver)
        addAnimations(animations)
    }

    /// The seconds a full run takes on the curve in use.
    private var effectiveDuration: Double { segment.curve.settlingDuration ?? duration }

    // MARK: Reading and scrubbing

    /// Runs the animation backwards (toward the start) when true. Changing it never moves
    /// the value: a running animator turns around where it is (a spring keeps its speed).
    /// Set on an inactive animator, the first start runs from the end to the start.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            guard isRunning else { return }
            if segment.isRestart {
                // Re-aim a restarted curve at the other end from where it is, moving as fast.
                let velocity = currentVelocity()
                restart(over: max(effectiveDuration * abs((reversed ? 0 : 1) - progress), 1e-3), velocity: velocity)
            } else {
                direction = reversed ? -1 : 1
            }
        }
    }

    /// How far the animation has come, 0 at the start to 1 at the end, whatever
    /// `isReversed` is (UIKit flips it; this does not). While paused it equals the
    /// progress last given to the animations (scrubsLinearly) or the time fraction.
    /// Setting it while paused scrubs (an inactive animator becomes active and paused) and
    /// never completes; while running or stopped it is ignored.
    public var fractionComplete: Double {
        get { scrubsLinearly || segment.isRestart ? progress : timelinePosition }
        set {
            guard newValue.isFinite, !isRunning, state != .stopped else { return }
            if state == .inactive { activate() }
            let fraction = min(max(newValue, 0), 1)
            let curve = segment.curve
            segment = Segment(curve: curve, base: 0, target: 1, springDuration: segment.springDuration, isRestart: false)
            if scrubsLinearly || !curve.isMonotonic {
                progress = fraction
                timeFraction = curve.timeFraction(forProgress: fraction)
            } else {
                timeFraction = fraction
                progress = curve.progress(at: fraction, duration: segment.springDuration)
            }
            apply()
        }
    }

    /// Where the animator is on its 0...1 timeline: the time fraction on a monotonic
    /// segment, the progress on a restarted one (delayed animations and keyframes use it).
    private var timelinePosition: Double {
        segment.isRestart ? min(max(progress, 0), 1) : timeFraction
    }

    // MARK: Adding animations

    /// Adds an animation; it receives the progress (0...1) whenever the value changes.
    /// Added to an animator that is already active, it receives the current progress at once.
    public func addAnimations(_ animation: @escaping (Double) -> Void) {
        guard state != .stopped else { return }
        animations.append(Animation(body: animation, start: 0, length: nil))
        if state == .active { animation(progress) }
    }

    /// Adds an animation that starts after `delayFactor` times the remaining duration
    /// (0...1; UIKit's rule) and then runs on the animator's curve to the end, reaching 1
    /// when the animator does. Before its start it holds 0.
    public func addAnimations(_ animation: @escaping (Double) -> Void, delayFactor: Double) {
        guard state != .stopped else { return }
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        let now = state == .inactive ? (reversed ? 1 : 0) : timelinePosition
        let entry = Animation(body: animation, start: now + factor * (1 - now), length: nil)
        animations.append(entry)
        if state == .active { run(entry) }
    }

    /// Adds a keyframe, as `UIView.addKeyframe(withRelativeStartTime:relativeDuration:)`:
    /// `animation` receives its own progress, 0 until the animator's progress reaches
    /// `relativeStartTime`, rising linearly to 1 over `relativeDuration`, then 1. Keyframes
    /// follow the animator's curve and scrub with it.
    public func addKeyframe(relativeStartTime: Double, relativeDuration: Double, animation: @escaping (Double) -> Void) {
        guard state != .stopped else { return }
        let start = relativeStartTime.isFinite ? min(max(relativeStartTime, 0), 1) : 0
        let length = relativeDuration.isFinite ? min(max(relativeDuration, 0), 1 - start) : 0
        let entry = Animation(body: animation, start: start, length: length)
        animations.append(entry)
        if state == .active { run(entry) }
    }

    /// Adds a completion; it receives where the animator ended: `.end`, `.start` (after
    /// running reversed) or the position passed to `finishAnimation(at:)`. Once it has
    /// finished (or stopped without finishing) an animator lets go of its animations and
    /// completions, as UIKit's does.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Controlling

    /// Starts (or, when paused, resumes) the animation from where it is.
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
            if reversed {
                if segment.curve.isMonotonic {
                    timeFraction = 1
                    progress = 1
                    direction = -1
                } else {
                    progress = 1
                    restart(over: effectiveDuration, velocity: 0)
                }
            } else {
                direction = 1
                if !segment.curve.isMonotonic, progress > 0 { restart(over: effectiveDuration, velocity: 0) }
            }
            rate = remainingRate(over: nil)
            self.delay = wait
            isRunning = true
            apply()
        case .active:
            guard !isRunning else { return }
            continueAnimation(withTimingParameters: nil, durationFactor: 0)
            self.delay = wait
        }
    }

    /// Pauses a running animation where it is (an inactive animator becomes active and
    /// paused). The value does not move.
    public func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive: activate()
        case .active: break
        }
        isRunning = false
        delay = 0
    }

    /// Continues an active animation from its current progress, on `timing` (or the curve
    /// in use when nil). The value does not jump. On a monotonic curve the progress maps
    /// back to the time where the curve reaches it; with `durationFactor` 0 the remaining
    /// time is the curve's remaining fraction of `duration`, with d > 0 it is d × `duration`.
    /// A curve that is not monotonic restarts over the remaining distance and takes the
    /// whole `duration` (or d × `duration`); a physical spring takes its own settling time.
    public func continueAnimation(withTimingParameters timing: TimingCurve?, durationFactor: Double) {
        guard state == .active else { return }
        let curve = timing ?? segment.curve
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
        if curve.isMonotonic {
            segment = Segment(curve: curve, base: 0, target: 1, springDuration: max(effectiveDuration, 1e-9), isRestart: false)
            timeFraction = curve.timeFraction(forProgress: progress)
            direction = reversed ? -1 : 1
            rate = remainingRate(over: factor > 0 ? factor * duration : nil)
        } else {
            segment = segment.with(curve: curve)
            let physical = curve.settlingDuration
            let time = physical ?? (factor > 0 ? factor * duration : duration)
            restart(over: time, velocity: nil)
        }
        delay = 0
        isRunning = true
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
            animations.removeAll()
            completions.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator at `position` (the value moves there at once: finishing
    /// is the one way to jump, and it is asked for) and runs the completions with it.
    public func finishAnimation(at position: AnimatingPosition) {
        guard state == .stopped else { return }
        switch position {
        case .start:
            progress = 0
            timeFraction = 0
        case .end:
            progress = 1
            timeFraction = 1
        case .current:
            break
        }
        segment = Segment(curve: segment.curve, base: 0, target: 1, springDuration: segment.springDuration, isRestart: false)
        apply()
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
        let remainingTime = abs(end - timeFraction) / rate
        if !(remainingTime > available + 1e-9) {
            timeFraction = end
            progress = segment.isRestart ? segment.target : end
            apply()
            return used + (remainingTime.isFinite ? min(remainingTime, available) : 0)
        }
        timeFraction += direction * rate * available
        progress = segment.value(at: timeFraction)
        apply()
        return nil
    }

    /// Called by a driver that goes away: the animator stops where it is, no completion
    /// runs, and its blocks are let go.
    func detachFromDriver() {
        isRunning = false
        state = .inactive
        animations.removeAll()
        completions.removeAll()
    }

    /// Called by the driver after the step in which the animator reached its end.
    func completeAfterStep() {
        guard state == .active, isRunning else { return }
        if pausesOnCompletion {
            isRunning = false
            return
        }
        finish(at: progress >= 0.5 ? .end : .start)
    }

    // MARK: Private

    private func activate() {
        state = .active
        driver?.activate(self)
    }

    private func finish(at position: AnimatingPosition) {
        isRunning = false
        state = .inactive
        driver?.deactivate(self)
        let done = completions
        // Like UIKit, a finished animator lets go of its blocks (which also breaks any
        // reference cycle through them); new ones may be added to run it again.
        animations.removeAll()
        completions.removeAll()
        for completion in done { completion(position) }
    }

    /// Restarts the curve in use from the current progress toward the end `isReversed`
    /// points at, over `time` seconds; a spring starts at `velocity` (whole distances per
    /// second) or, when nil, at the curve's own initial velocity.
    private func restart(over time: Double, velocity: Double?) {
        var curve = segment.curve
        if let velocity { curve = curve.withInitialVelocity(velocity) }
        let seconds = time.isFinite && time > 0 ? time : 0
        segment = Segment(
            curve: curve, base: progress, target: reversed ? 0 : 1, springDuration: max(seconds, 1e-9),
            isRestart: !curve.isMonotonic)
        timeFraction = 0
        direction = 1
        rate = seconds > 0 ? 1 / seconds : .infinity
    }

    /// The current speed of the value in whole distances per second (for re-aiming).
    private func currentVelocity() -> Double {
        guard isRunning, rate.isFinite else { return 0 }
        let h = 1e-4
        let a = segment.value(at: max(timeFraction - h, 0))
        let b = segment.value(at: min(timeFraction + h, 1))
        let dt = (min(timeFraction + h, 1) - max(timeFraction - h, 0)) / rate
        return dt > 0 ? (b - a) / dt * direction : 0
    }

    /// The τ rate that covers what is left in `remaining` seconds, or at the curve's own
    /// pace over the duration when nil.
    private func remainingRate(over remaining: Double?) -> Double {
        guard let remaining else { return effectiveDuration > 0 ? 1 / effectiveDuration : .infinity }
        let distance = direction < 0 ? timeFraction : 1 - timeFraction
        guard remaining > 0, distance > 0 else { return .infinity }
        return distance / remaining
    }

    private func apply() {
        for index in animations.indices { run(animations[index]) }
    }

    private func run(_ animation: Animation) {
        if animation.start == 0, animation.length == nil {
            animation.body(progress)
            return
        }
        if let length = animation.length {
            // Keyframes run on the animator's progress (and so on its curve).
            let local = length > 0 ? (progress - animation.start) / length : (progress >= animation.start ? 1 : 0)
            animation.body(min(max(local, 0), 1))
            return
        }
        // Delayed animations run on their own stretch of the timeline, on the curve.
        let span = 1 - animation.start
        let local = span > 0 ? (timelinePosition - animation.start) / span : 1
        let clamped = min(max(local, 0), 1)
        animation.body(segment.isRestart ? clamped : segment.curve.progress(at: clamped, duration: segment.springDuration))
    }
}
