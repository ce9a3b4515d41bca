/// A transition driven by a gesture, after UIKit's `UIPercentDrivenInteractiveTransition`
/// (seed 002): the gesture reports `update(_:)` while it moves, then the caller decides by
/// the gesture's velocity to `finish()` or `cancel()`, and the rest plays on its own.
public final class InteractiveTransition {
    /// Speeds the remaining part up (above 1) or slows it (below 1) after the gesture.
    public var completionSpeed = 1.0
    /// The curve the remaining part plays on after the gesture.
    public var completionCurve: TimingCurve = .easeOut
    /// The percent the transition is at, 0...1.
    public var percentComplete: Double { animator.fractionComplete }
    /// Whether the gesture still drives it (false once finish or cancel was called).
    public private(set) var isInteractive = true

    private let animator: PropertyAnimator

    /// - Parameters:
    ///   - duration: how long the whole transition takes when it plays on its own.
    ///   - update: receives the transition's progress (0 = where it started, 1 = done).
    ///   - completion: true when it finished, false when it was cancelled back to the start.
    public init(
        duration: Double, driver: AnimationDriver, update: @escaping (Double) -> Void,
        completion: @escaping (Bool) -> Void
    ) {
        animator = PropertyAnimator(duration: duration, curve: .linear, driver: driver)
        animator.addAnimations(update)
        animator.addCompletion { completion($0 == .end) }
        animator.pauseAnimation()
    }

    /// Moves the transition to `percent` (clamped to 0...1) while the gesture drives it.
    public func update(_ percent: Double) {
        guard isInteractive else { return }
        animator.fractionComplete = percent
    }

    /// Plays the rest of the transition to its end.
    public func finish() { complete(reversed: false) }

    /// Plays the transition back to its start.
    public func cancel() { complete(reversed: true) }

    private func complete(reversed: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        animator.isReversed = reversed
        let left = reversed ? animator.fractionComplete : 1 - animator.fractionComplete
        let speed = completionSpeed.isFinite && completionSpeed > 0 ? completionSpeed : 1
        animator.continueAnimation(withTimingParameters: completionCurve, durationFactor: max(left / speed, 1e-6))
    }
}
