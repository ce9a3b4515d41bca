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
/// start, 1 at the end); the animator can be started, paused, scrubbed through
/// `fractionComplete`, reversed and continued at any moment, and the value never jumps.
/// Time comes only from the `AnimationDriver` it was created with.
///
/// A call that UIKit calls a programmer error changes nothing here:
/// - `startAnimation()` on a stopped animator;
/// - `pauseAnimation()` on a stopped animator;
/// - `finishAnimation(at:)` on an animator that is not stopped;
/// - `continueAnimation(...)` on an animator that is not active;
/// - setting `fractionComplete` while running or stopped;
/// - `stopAnimation(_:)` on an inactive or stopped animator.
public final class PropertyAnimator {
    /// The time in seconds to run from start to end on the animator's curve.
    public let duration: Double
    /// The curve the animator starts on; `continueAnimation` may replace the one in use.
    public let timingCurve: TimingCurve
    public let driver: AnimationDriver

    /// The animator's state; see `AnimatingState`.
    public private(set) var state: AnimatingState = .inactive
    /// Whether time moves the animation (true after start or continue, false when paused).
    public private(set) var isRunning = false
    /// When true, `fractionComplete` reads and sets the progress itself while paused; when
    /// false, it reads and sets the time fraction along the curve.
    public var scrubsLinearly = true
    /// When true, reaching the end pauses the animator (still active) instead of finishing;
    /// no completion runs until it is finished some other way.
    public var pausesOnCompletion = false

    /// The progress last given to the animations.
    public private(set) var progress: Double = 0

    private var animations: [(Double) -> Void] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    /// The curve in use and the time fraction along it.
    private var curve: TimingCurve
    private var timeFraction: Double = 0
    /// Time fraction per second while running.
    private var rate: Double
    private var delay: Double = 0
    private var reversed = false
    /// Start order, for ordering completions within one step (set by the driver).
    var serial = 0

    /// Makes an inactive animator. A duration that is not positive and finite becomes 0
    /// (the animation completes on the next step).
    public init(duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver) {
        self.duration = duration > 0 && duration.isFinite ? duration : 0
        self.timingCurve = curve
        self.curve = curve
        self.driver = driver
        self.rate = self.duration > 0 ? 1 / self.duration : .infinity
    }

    /// Makes an inactive animator with one animation already added.
    public convenience init(
        duration: Double, curve: TimingCurve = .easeInOut, driver: AnimationDriver,
        animations: @escaping (Double) -> Void
    ) {
        self.init(duration: duration, curve: curve, driver: driver)
        addAnimations(animations)
    }

    /// Runs the animation backwards (toward the start) when true. Changing it never moves
    /// the value: a running animator turns around where it is.
    public var isReversed: Bool {
        get { reversed }
        set { reversed = newValue }
    }

    /// How far the animation has come, 0 at the start to 1 at the end, whatever
    /// `isReversed` says. Setting it while paused (or inactive, which makes the animator
    /// active and paused) scrubs; it never completes the animation. Ignored while running.
    public var fractionComplete: Double {
        get { scrubsLinearly ? progress : timeFraction }
        set {
            guard newValue.isFinite, !isRunning, state != .stopped else { return }
            if state == .inactive { activate() }
            let fraction = min(max(newValue, 0), 1)
            if scrubsLinearly {
                progress = fraction
                timeFraction = curve.isMonotonic ? curve.timeFraction(forProgress: fraction) : fraction
            } else {
                timeFraction = fraction
                progress = curve.progress(at: fraction)
            }
            apply()
        }
    }

    /// Adds an animation; it receives the progress (0...1) whenever the value changes.
    public func addAnimations(_ animation: @escaping (Double) -> Void) {
        animations.append(animation)
    }

    /// Adds a completion; it receives where the animator ended: `.end`, `.start` (after
    /// running reversed) or the position passed to `finishAnimation(at:)`.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or, when paused, resumes) the animation from where it is.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animation after `delay` seconds of driver time.
    public func startAnimation(afterDelay delay: Double) {
        switch state {
        case .stopped:
            return
        case .inactive:
            activate()
            self.delay = max(delay.isFinite ? delay : 0, 0)
            rate = remainingRate(remaining: nil)
            isRunning = true
        case .active:
            guard !isRunning else { return }
            self.delay = max(delay.isFinite ? delay : 0, 0)
            continueAnimation(withTimingParameters: nil, durationFactor: 0)
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
    }

    /// Continues an active animation from its current progress, on `timing` (or the curve
    /// in use when nil). The progress is mapped back onto the curve, so the value does not
    /// jump. With `durationFactor` 0 the remaining time is the curve's remaining fraction of
    /// `duration`; with d > 0 it is d × `duration`.
    public func continueAnimation(withTimingParameters timing: TimingCurve?, durationFactor: Double) {
        guard state == .active else { return }
        if let timing { curve = timing }
        timeFraction = curve.isMonotonic ? curve.timeFraction(forProgress: progress) : timeFraction
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
        rate = remainingRate(remaining: factor > 0 ? factor * duration : nil)
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
            driver.deactivate(self)
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator at `position` (the value moves there at once) and runs
    /// the completions with that position.
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
        let target = reversed ? 0.0 : 1.0
        let remainingTime = abs(target - timeFraction) / rate
        if remainingTime <= available + 1e-9 || !remainingTime.isFinite {
            timeFraction = target
            progress = target
            apply()
            return used + (remainingTime.isFinite ? min(remainingTime, available) : 0)
        }
        timeFraction += (reversed ? -rate : rate) * available
        progress = curve.progress(at: timeFraction)
        apply()
        return nil
    }

    /// Called by the driver after the step in which the animator reached its end.
    func completeAfterStep() {
        guard state == .active, isRunning else { return }
        if pausesOnCompletion {
            isRunning = false
            return
        }
        finish(at: reversed ? .start : .end)
    }

    // MARK: Private

    private func activate() {
        state = .active
        driver.activate(self)
    }

    private func finish(at position: AnimatingPosition) {
        isRunning = false
        state = .inactive
        driver.deactivate(self)
        for completion in completions { completion(position) }
    }

    /// The time-fraction rate that covers what is left in `remaining` seconds (or, when nil,
    /// at the curve's own pace over `duration`).
    private func remainingRate(remaining: Double?) -> Double {
        guard let remaining else { return duration > 0 ? 1 / duration : .infinity }
        let distance = reversed ? timeFraction : 1 - timeFraction
        guard remaining > 0, distance > 0 else { return .infinity }
        return distance / remaining
    }

    private func apply() {
        for animation in animations { animation(progress) }
    }
}
