/// Advances animators through time. The engine never reads a clock: the render loop (or a
/// test) calls `advance(by:)` with the time that passed.
///
/// The driver keeps every active animator alive until it finishes or is stopped.
public final class AnimationDriver {
    /// Animators that are active, in the order they became active.
    private var animators: [PropertyAnimator] = []
    /// Animators that became active during `advance`; they start stepping on the next call.
    private var pending: [PropertyAnimator] = []
    private var isAdvancing = false
    private var nextSerial = 0
    /// Reused between steps so that a steady-state step allocates nothing.
    private var finished: [(time: Double, serial: Int, animator: PropertyAnimator)] = []

    /// The total time this driver has been advanced by.
    public private(set) var time: Double = 0

    public init() {}

    /// Whether any animator is running (so the render loop should keep drawing frames).
    public var hasRunningAnimators: Bool {
        animators.contains { $0.isRunning } || pending.contains { $0.isRunning }
    }

    /// The number of active animators the driver holds.
    public var activeCount: Int { animators.count + pending.count }

    /// Steps every running animator by `seconds` (ignored unless positive and finite).
    /// Completion handlers run after every animator has stepped, ordered by the exact time
    /// each animator completed within the step, then by the order they started.
    public func advance(by seconds: Double) {
        guard seconds > 0, seconds.isFinite, !isAdvancing else { return }
        isAdvancing = true
        time += seconds
        finished.removeAll(keepingCapacity: true)
        for animator in animators where animator.isRunning {
            if let used = animator.step(by: seconds) {
                finished.append((used, animator.serial, animator))
            }
        }
        finished.sort { $0.time != $1.time ? $0.time < $1.time : $0.serial < $1.serial }
        for entry in finished { entry.animator.completeAfterStep() }
        finished.removeAll(keepingCapacity: true)
        isAdvancing = false
        animators.removeAll { $0.state == .inactive }
        if !pending.isEmpty {
            animators.append(contentsOf: pending.filter { $0.state != .inactive })
            pending.removeAll()
        }
    }

    func activate(_ animator: PropertyAnimator) {
        guard !animators.contains(where: { $0 === animator }), !pending.contains(where: { $0 === animator }) else {
            return
        }
        nextSerial += 1
        animator.serial = nextSerial
        if isAdvancing { pending.append(animator) } else { animators.append(animator) }
    }

    func deactivate(_ animator: PropertyAnimator) {
        guard !isAdvancing else { return }  // swept after the step
        animators.removeAll { $0 === animator }
        pending.removeAll { $0 === animator }
    }
}
