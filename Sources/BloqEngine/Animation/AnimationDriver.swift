/// Advances animators through time. The engine never reads a clock: the render loop (or a
/// test) calls `advance(by:)` with the time that passed.
///
/// The driver keeps every active animator alive until it finishes or is stopped.
/// - Complexity: `advance(by:)` is O(n) in the active animators and allocates nothing in
///   steady state; starting or stopping an animator is O(1) (stopped ones are swept lazily).
public final class AnimationDriver {
    /// Animators that became active, in the order they did (inactive ones await a sweep).
    private var animators: [PropertyAnimator] = []
    /// Animators that became active during `advance`; they start stepping on the next call.
    private var pending: [PropertyAnimator] = []
    private var isAdvancing = false
    private var needsSweep = false
    private var nextSerial = 0
    /// Reused between steps so that a steady-state step allocates nothing.
    private var finished: [(time: Double, serial: Int, animator: PropertyAnimator)] = []

    /// The total time this driver has been advanced by.
    public private(set) var time: Double = 0
    /// How many advances have begun; an animator set running during advance n waits for n + 1.
    private(set) var advanceCount = 0
    /// Whether `advance(by:)` is running (so callbacks are running inside it).
    var isInsideAdvance: Bool { isAdvancing }

    /// Makes a driver at time 0 with no animators.
    public init() {}

    /// A driver that goes away stops its animators (no completions run), so nothing they
    /// hold outlives it.
    deinit {
        for animator in animators + pending { animator.detachFromDriver() }
    }

    /// Whether any animator is running (so the render loop should keep drawing frames).
    public var hasRunningAnimators: Bool {
        animators.contains { $0.isRunning } || pending.contains { $0.isRunning }
    }

    /// The number of active (or stopped, awaiting finish) animators the driver holds.
    public var activeCount: Int {
        animators.reduce(0) { $0 + ($1.state == .inactive ? 0 : 1) } + pending.reduce(0) { $0 + ($1.state == .inactive ? 0 : 1) }
    }

    /// Steps every running animator by `seconds` (ignored unless positive and finite, and
    /// when called from inside a callback of this driver). Completion handlers run after
    /// every animator has stepped, ordered by the exact time each animator completed within
    /// the step, then by the order they started; animators started, resumed or continued
    /// from a pause by a callback begin stepping on the next call.
    public func advance(by seconds: Double) {
        guard seconds > 0, seconds.isFinite, !isAdvancing else { return }
        sweep()
        isAdvancing = true
        advanceCount += 1
        time += seconds
        finished.removeAll(keepingCapacity: true)
        // Which animators step is settled as the step begins: one set running by a callback
        // during it (even one the driver already holds, paused) waits for the next advance.
        for animator in animators where animator.isRunning && animator.resumedDuringAdvance != advanceCount {
            if let used = animator.step(by: seconds) {
                finished.append((used, animator.serial, animator))
            }
        }
        if finished.count > 1 {
            finished.sort { $0.time != $1.time ? $0.time < $1.time : $0.serial < $1.serial }
        }
        for entry in finished { entry.animator.completeAfterStep() }
        finished.removeAll(keepingCapacity: true)
        isAdvancing = false
        if !pending.isEmpty {
            animators.append(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }
        sweep()
    }

    func activate(_ animator: PropertyAnimator) {
        nextSerial += 1
        animator.serial = nextSerial
        guard !animator.isScheduled else { return }
        animator.isScheduled = true
        if isAdvancing { pending.append(animator) } else { animators.append(animator) }
    }

    func deactivate(_ animator: PropertyAnimator) {
        needsSweep = true
    }

    /// Drops the animators that became inactive (they may be reactivated later).
    private func sweep() {
        guard needsSweep, !isAdvancing else { return }
        needsSweep = false
        animators.removeAll { animator in
            guard animator.state == .inactive else { return false }
            animator.isScheduled = false
            return true
        }
    }
}
