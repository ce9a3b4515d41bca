/// A composed animation, described as a value and played by a `MotionPlayer`: Kinieta's
/// chains (seed 003) with sequences (`then`), parallel groups, waits, delays, repeats and
/// yoyos. A motion is a pure function of time, so a player can scrub, pause and reverse it.
///
/// ```swift
/// let motion = Motion.tween(0.5, .easeInOut(.cubic)) { x = 250 * $0 }
///     .then(.wait(0.5))
///     .then(.tween(0.5, .easeOut(.back)) { x = 250 - 176 * $0 })
///     .again(times: 2)
/// MotionPlayer(motion, driver: driver).start { finished in ... }
/// ```
public struct Motion {
    indirect enum Node {
        case tween(duration: Double, curve: TimingCurve, update: (Double) -> Void)
        case wait(Double)
        case sequence([Node])
        case group([Node])
        case repeated(Node, times: Int)
        case yoyo(Node, times: Int)
    }

    /// How many times a repeat counts as forever (a player of an endless motion restarts
    /// itself instead of holding an infinite timeline).
    public static let forever = Int.max

    let node: Node

    init(_ node: Node) { self.node = node }

    /// A value animated from 0 to 1 over `duration` seconds on `curve`; `update` receives it.
    public static func tween(_ duration: Double, _ curve: TimingCurve = .easeInOut(.quad), update: @escaping (Double) -> Void) -> Motion {
        Motion(.tween(duration: sanitized(duration), curve: curve, update: update))
    }

    /// A pause of `seconds` in a sequence.
    public static func wait(_ seconds: Double) -> Motion { Motion(.wait(sanitized(seconds))) }

    /// Motions one after the other.
    public static func sequence(_ motions: [Motion]) -> Motion { Motion(.sequence(motions.map(\.node))) }

    /// Motions at the same time; the group lasts as long as the longest.
    public static func group(_ motions: [Motion]) -> Motion { Motion(.group(motions.map(\.node))) }

    /// This motion, then `next` (Kinieta's `then`).
    public func then(_ next: Motion) -> Motion {
        if case .sequence(let nodes) = node { return Motion(.sequence(nodes + [next.node])) }
        return Motion(.sequence([node, next.node]))
    }

    /// This motion and `other` together (Kinieta's `parallel`).
    public func parallel(with other: Motion) -> Motion {
        if case .group(let nodes) = node { return Motion(.group(nodes + [other.node])) }
        return Motion(.group([node, other.node]))
    }

    /// This motion after a delay of `seconds`.
    public func delayed(by seconds: Double) -> Motion { Motion.wait(seconds).then(self) }

    /// This motion played `times` more times after the first (Kinieta's `again`);
    /// `Motion.forever` repeats without end.
    public func again(times: Int = 1) -> Motion {
        Motion(.repeated(node, times: times >= Motion.forever - 1 ? Motion.forever : max(times, 0) + 1))
    }

    /// Forward then backward, `times` round trips (`Motion.forever` for endless).
    public func yoyo(times: Int = 1) -> Motion {
        Motion(.yoyo(node, times: times >= Motion.forever ? Motion.forever : max(times, 1)))
    }

    /// The length of one play in seconds (`.infinity` for an endless repeat).
    public var duration: Double { Motion.duration(of: node) }

    static func duration(of node: Node) -> Double {
        switch node {
        case .tween(let duration, _, _): return duration
        case .wait(let seconds): return seconds
        case .sequence(let nodes): return nodes.reduce(0) { $0 + duration(of: $1) }
        case .group(let nodes): return nodes.map(duration(of:)).max() ?? 0
        case .repeated(let inner, let times):
            return times == forever ? .infinity : duration(of: inner) * Double(times)
        case .yoyo(let inner, let times):
            return times == forever ? .infinity : duration(of: inner) * 2 * Double(times)
        }
    }

    /// Sets every tween to its value at `time` seconds. In a sequence, the parts that have
    /// not begun are set to their start first (last part first), then the parts that are
    /// over to their end, then the current part: so scrubbing either way restores every
    /// value, a large step never skips an end value, and where parts animate the same
    /// property the current part wins.
    func apply(at time: Double) { Motion.apply(node, at: time) }

    static func apply(_ node: Node, at time: Double) {
        switch node {
        case .tween(let duration, let curve, let update):
            let time = max(time, 0)
            update(duration > 0 ? curve.progress(at: min(time / duration, 1), duration: duration) : 1)
        case .wait:
            return
        case .sequence(let nodes):
            var starts: [Double] = []
            var start = 0.0
            for child in nodes {
                starts.append(start)
                start += duration(of: child)
            }
            let current = starts.lastIndex { $0 <= time } ?? -1
            for index in nodes.indices.reversed() where index > current { apply(nodes[index], at: 0) }
            for index in nodes.indices where index <= current { apply(nodes[index], at: time - starts[index]) }
        case .group(let nodes):
            for child in nodes { apply(child, at: time) }
        case .repeated(let inner, let times):
            let length = duration(of: inner)
            guard length > 0 else { return apply(inner, at: time) }
            let lap = min((time / length).rounded(.down), Double(times - 1))
            apply(inner, at: time - lap * length)
        case .yoyo(let inner, let times):
            let length = duration(of: inner)
            guard length > 0 else { return apply(inner, at: time) }
            let trip = min((time / (2 * length)).rounded(.down), Double(times - 1))
            let within = time - trip * 2 * length
            apply(inner, at: within <= length ? within : max(2 * length - within, 0))
        }
    }

    static func sanitized(_ seconds: Double) -> Double { seconds.isFinite ? max(seconds, 0) : 0 }
}

/// Plays a `Motion` on an `AnimationDriver` through a linear `PropertyAnimator`, so a
/// composition can be paused, scrubbed (`animator.fractionComplete`) and reversed like any
/// animator. An endless motion plays its timeline one lap at a time, each lap carrying on
/// from where the last ended: an opening before the endless part plays once, and the
/// endless part keeps its phase.
public final class MotionPlayer {
    /// The motion this player plays.
    public let motion: Motion
    /// The animator that carries the motion's timeline (one lap of an endless motion).
    public private(set) var animator: PropertyAnimator
    /// Weak: a player must not keep a discarded scene's driver (and its animators) alive.
    private weak var driver: AnimationDriver?
    private let lap: Double
    /// Where on the motion's timeline the current lap begins, in seconds.
    private var lapStart = 0.0
    private var onFinish: ((Bool) -> Void)?

    /// Prepares `motion` on `driver`; nothing moves until `start(completion:)`.
    public init(_ motion: Motion, driver: AnimationDriver) {
        self.motion = motion
        self.driver = driver
        let total = motion.duration
        lap = total.isFinite ? total : MotionPlayer.lapLength(of: motion.node)
        animator = PropertyAnimator(duration: lap, curve: .linear, driver: driver)
    }

    /// Starts playing; `completion` runs once with true when the motion reached its end
    /// (never, for an endless one, unless it is stopped) or false when it was stopped or
    /// returned to its start reversed.
    public func start(completion: ((Bool) -> Void)? = nil) {
        onFinish = completion
        configure(animator)
        animator.startAnimation()
    }

    /// Stops the motion where it is; the completion runs with false.
    public func stop() {
        animator.stopAnimation(true)
        end(finished: false)
    }

    private func end(finished: Bool) {
        let finish = onFinish
        onFinish = nil
        finish?(finished)
    }

    private func configure(_ animator: PropertyAnimator) {
        let lap = self.lap
        let motion = self.motion
        let start = lapStart
        animator.addAnimations { progress in motion.apply(at: start + progress * lap) }
        // The completion holds the player: callers often drop it, and the driver keeps the
        // running animator (and so the player) alive until it finishes.
        animator.addCompletion { position in
            if !self.motion.duration.isFinite, position == .end, let driver = self.driver {
                // The next lap is the next stretch of the same timeline, not a replay.
                self.lapStart = start + lap
                let next = PropertyAnimator(duration: lap, curve: .linear, driver: driver)
                self.animator = next
                self.configure(next)
                next.startAnimation()
                return
            }
            self.end(finished: position == .end)
        }
    }

    /// The length of each lap of an endless motion: its longest finite part or repeated
    /// part (at least 1 ms). Laps follow one another on the motion's own timeline.
    static func lapLength(of node: Motion.Node) -> Double {
        switch node {
        case .repeated(let inner, _): return max(Motion.duration(of: inner), 1e-3)
        case .yoyo(let inner, _): return max(2 * Motion.duration(of: inner), 1e-3)
        case .sequence(let nodes), .group(let nodes):
            return nodes.map { Motion.duration(of: $0).isFinite ? Motion.duration(of: $0) : lapLength(of: $0) }.max() ?? 1e-3
        default: return max(Motion.duration(of: node), 1e-3)
        }
    }
}

/// Several animators with one common completion (Kinieta's `Engine.group`): it runs once
/// when the last of them completes, with true if every one ended at `.end`.
public final class AnimatorGroup {
    /// The animators of the group, in the order given.
    public let animators: [PropertyAnimator]
    private var remaining: Int
    private var allAtEnd = true
    private var completion: ((Bool) -> Void)?

    /// Groups `animators` (adding a completion to each); `completion` runs once, after the
    /// last one completes (at once for an empty group).
    public init(_ animators: [PropertyAnimator], completion: @escaping (Bool) -> Void) {
        self.animators = animators
        remaining = animators.count
        self.completion = completion
        for animator in animators {
            animator.addCompletion { [weak self] position in self?.finished(position) }
        }
        if animators.isEmpty { finishGroup() }
    }

    /// Starts every animator of the group.
    public func startAnimation() {
        for animator in animators { animator.startAnimation() }
    }

    private func finished(_ position: AnimatingPosition) {
        if position != .end { allAtEnd = false }
        remaining -= 1
        if remaining == 0 { finishGroup() }
    }

    private func finishGroup() {
        let done = completion
        completion = nil
        done?(allAtEnd)
    }
}
