import BloqGame
import Testing

@testable import BloqEngine

/// The seeded random-operation test: any sequence of operations on an animator with a plain
/// animation, a delayed one, a keyframe and animations added while it runs never makes a
/// value jump. Only a scrub or `finishAnimation(at: .start/.end)` may move a value at once;
/// every other operation moves none, and a 1/120 s step moves each value by no more than the
/// steepest slope of the curve it runs on allows.
///
/// The bound is worked out in the timeline's own time fraction T (read as `fractionComplete`,
/// which is T whenever `scrubsLinearly` is false or the animator runs), so it holds whatever
/// the rate: a value on curve c over a stretch of the timeline covering a distance d in a
/// length L of T changes by at most S(c) · (d / L) · |ΔT| in a step, where S(c) is c's
/// steepest slope. The stretches follow from the documented rules (docs/animation.md):
/// - a value in progress on a monotonic curve runs on along it over [w0, 1] with
///   w0 = (T − u) / (1 − u), u the time at which the curve reaches the value: d / L = (1 − u) / (1 − T);
/// - otherwise it restarts from its value v toward the end E over [T, E]: d / L = |E − v| / |E − T|;
/// - one that has not begun stays at 0 until T reaches its start s, then runs over [s, 1]:
///   seen first moving in a step ending at T₂, s ≤ T₂, so d / L ≤ 1 / (1 − T₂);
/// - an operation that keeps the curve may keep a value's stretch, so its old bound stays.
/// A spring's steepest slope comes from its energy, which damping never raises: restarted
/// with normalised stiffness κ (radians per unit of its own time fraction) and initial slope
/// g₀ (per unit T), |dv/dT| ≤ √(g₀² + (κ · d / L)²). A keyframe moves by at most the
/// progress's bound divided by its length.
@Suite("PropertyAnimator: continuity under random operations")
struct AnimatorContinuityTests {
    static let curves: [TimingCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.2, 0.9, 0.3, 0.1), .easeInOut(.back), .easeOut(.back),
        .easeOut(.expo), .easeIn(.sine), .spring(dampingRatio: 0.6, initialVelocity: 0), .spring(dampingRatio: 1, initialVelocity: 2),
        .spring(dampingRatio: 0.3, initialVelocity: 0), .spring(dampingRatio: 1.5, initialVelocity: -1),
        .glide(initialVelocity: 0.6, arrivalSlope: 1.2), .glide(initialVelocity: 5, arrivalSlope: 0),
    ]

    @Test(
        "any sequence of pauses, continues, reversals, scrubs, additions, finishes, restarts and steps never makes a value jump",
        arguments: 0..<200)
    func randomContinuity(seed: UInt64) {
        var run = RandomRun(seed: seed)
        run.play()
    }

    @Test("the slope bounds are tight enough to see a delayed value jump in one step")
    func boundsCatchJumps() {
        // A delayed value of 0.5 jumping to 0.742 in one 1/120 s step of a 1 s animator: the
        // bound for a value in progress on a spring restarted at T = 0.75 is far below that.
        let bound = RandomRun.slopeBound(
            curve: .spring(dampingRatio: 0.8, initialVelocity: 0), distanceOverLength: 0.5 / 0.25, initialSlope: 0)
        #expect(bound * (1.0 / 120) < 0.242)
        // Ease-out, the steepest Bézier here at its start, for a whole-timeline value.
        #expect(RandomRun.slope(of: .easeOut) * (1.0 / 120) < 0.02)
    }
}

/// One seeded run: the animator, the values it drives, and the bookkeeping of the bounds.
struct RandomRun {
    let seed: UInt64
    var random: SeededGenerator
    let driver = AnimationDriver()
    let animator: PropertyAnimator
    let duration: Double
    let box = Box()
    /// What the test knows of each value (index-aligned with `box.values`).
    var tracked: [Tracked] = []
    /// The curve `continueAnimation(nil)` uses; the curve the values were last derived on.
    var curveInUse: TimingCurve
    var frameCurve: TimingCurve
    /// T per second, by the documented rules (checked against every step).
    var rate: Double
    var restarts = 0

    final class Box {
        var values: [Double] = []
    }

    struct Tracked {
        enum Kind: Equatable {
            case progress
            case delayed
            case keyframe(start: Double, length: Double)
        }
        var kind: Kind
        /// Where it starts on the home timeline (its delay).
        var home: Double
        /// Its largest |dv/dT| on the current stretch; nil: at rest at 0, not yet begun.
        var slope: Double?
        var live = true
    }

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
        duration = 0.5 + random.unit() * 1.5
        let curve = AnimatorContinuityTests.curves[random.below(AnimatorContinuityTests.curves.count)]
        animator = PropertyAnimator(duration: duration, curve: curve, driver: driver)
        animator.scrubsLinearly = random.below(2) == 0
        animator.pausesOnCompletion = random.below(4) == 0
        curveInUse = curve
        frameCurve = curve
        rate = 1 / duration
        addInitialAnimations()
        if random.below(3) == 0 { animator.isReversed = true }
        start()
    }

    // MARK: Reading

    /// T, whatever `scrubsLinearly` is.
    var timeFraction: Double {
        let linear = animator.scrubsLinearly
        animator.scrubsLinearly = false
        defer { animator.scrubsLinearly = linear }
        return animator.fractionComplete
    }

    var end: Double { animator.isReversed ? 0 : 1 }

    // MARK: The run

    mutating func play() {
        for _ in 0..<500 {
            if animator.state == .inactive {
                guard restarts < 3 else { return }
                restart()
                continue
            }
            let before = box.values
            var movesAllowed = false
            switch random.below(16) {
            case 0: animator.pauseAnimation()
            case 1: continueOn()
            case 2: reverse()
            case 3:
                if animator.isRunning {
                    animator.startAnimation()  // running: nothing to do
                } else {
                    continueOn(curve: nil, factor: 0, viaStart: true)
                }
            case 4: addWhileActive()
            case 5:
                guard !animator.isRunning, animator.state == .active else { continue }
                scrub()
                movesAllowed = true
            case 6:
                movesAllowed = finish()
            default:
                step()
                continue
            }
            guard !movesAllowed else { continue }
            for index in before.indices where tracked[index].live {
                #expect(
                    box.values[index] == before[index],
                    "seed \(seed): an operation moved value \(index): \(before[index]) -> \(box.values[index])")
            }
        }
    }

    mutating func step() {
        let t1 = timeFraction
        let running = animator.isRunning
        let before = box.values
        let dt = 1.0 / 120
        driver.advance(by: dt)
        let completed = animator.state == .inactive || (running && !animator.isRunning)
        let t2 = completed ? (animator.state == .inactive ? lastEnd : timeFraction) : timeFraction
        let deltaT = abs(t2 - t1)
        guard running else {
            for index in before.indices where tracked[index].live {
                #expect(box.values[index] == before[index], "seed \(seed): a paused animator moved value \(index)")
            }
            return
        }
        if !completed {
            #expect(abs(deltaT - rate * dt) <= 1e-9 * max(1, rate), "seed \(seed): T moved \(deltaT), expected \(rate * dt)")
        }
        // The progress first: keyframes are bounded through it.
        var progressSlope = 0.0
        for index in before.indices where tracked[index].live {
            let change = abs(box.values[index] - before[index])
            var bound: Double
            switch tracked[index].kind {
            case .keyframe(_, let length):
                bound = progressSlope / length * deltaT
            case .progress, .delayed:
                if let slope = tracked[index].slope {
                    bound = slope * deltaT
                } else if change == 0 {
                    bound = 0
                } else {
                    // It began during this step, at some s <= T2.
                    let slope =
                        tracked[index].kind == .delayed && end == 1
                        ? RandomRun.slopeBound(curve: frameCurve, distanceOverLength: 1 / max(1 - t2, 1e-12), initialSlope: 0)
                        : .infinity
                    tracked[index].slope = slope
                    bound = slope * deltaT
                }
                if tracked[index].kind == .progress { progressSlope = tracked[index].slope ?? 0 }
            }
            #expect(
                change <= bound * (1 + 1e-9) + 1e-9,
                "seed \(seed): a step moved value \(index) (\(tracked[index].kind)) by \(change), bound \(bound) (T \(t1) -> \(t2))")
        }
    }

    /// The end the last step reached (when it completed).
    var lastEnd: Double { animator.progress >= 0.5 ? 1 : 0 }

    // MARK: Operations

    mutating func continueOn() {
        let curve = random.below(3) == 0 ? nil : AnimatorContinuityTests.curves[random.below(AnimatorContinuityTests.curves.count)]
        let factor = random.below(2) == 0 ? 0 : 0.5 + random.unit() * 1.5
        continueOn(curve: curve, factor: factor, viaStart: false)
    }

    mutating func continueOn(curve: TimingCurve?, factor: Double, viaStart: Bool) {
        let oldRate = rate
        let wasRunning = animator.isRunning
        if viaStart {
            animator.startAnimation()
        } else {
            animator.continueAnimation(withTimingParameters: curve, durationFactor: factor)
        }
        let used = curve ?? curveInUse
        curveInUse = used
        let t = timeFraction
        let distance = abs(end - t)
        rate = factor > 0 ? (distance > 0 ? distance / (factor * duration) : .infinity) : 1 / duration
        // The progress starts at the curve's own velocity; others at their own (if running) or rest.
        var givenSlope = 0.0
        if case .spring(_, let velocity) = used { givenSlope = abs(velocity) / rate }
        derive(on: used, at: t, progressSlope: givenSlope, carriedScale: wasRunning ? oldRate / rate : 0)
    }

    mutating func reverse() {
        animator.isReversed.toggle()
        guard animator.isRunning else { return }
        // Turning around keeps the pace; a spring keeps each value's speed.
        derive(on: curveInUse, at: timeFraction, progressSlope: nil, carriedScale: 1)
    }

    /// Re-derives every value's bound after an operation that set the animator running at
    /// T = `t` on `curve`. `progressSlope`: the progress's initial |dv/dT| (nil: carried over,
    /// like the others); `carriedScale`: how a carried speed converts (0: values start at rest).
    mutating func derive(on curve: TimingCurve, at t: Double, progressSlope: Double?, carriedScale: Double) {
        let sameFrame = curve == frameCurve && curve.isMonotonic
        for index in tracked.indices where tracked[index].live {
            if case .keyframe = tracked[index].kind { continue }
            let value = box.values[index]
            let previous = tracked[index].slope
            let isProgress = tracked[index].kind == .progress
            if !isProgress, value == 0 {
                // At rest at 0: forward it waits for its start; backward it stays there.
                tracked[index].slope = end == 1 ? nil : 0
                continue
            }
            let initialSlope = isProgress ? (progressSlope ?? (previous ?? 0) * carriedScale) : (previous ?? 0) * carriedScale
            var slope = 0.0
            // Restarted toward the end.
            let remaining = abs(end - t)
            if remaining > 0 {
                slope = RandomRun.slopeBound(curve: curve, distanceOverLength: abs(end - value) / remaining, initialSlope: initialSlope)
            }
            // Running on along a monotonic curve.
            if curve.isMonotonic, value >= 0, value <= 1 {
                let u = curve.timeFraction(forProgress: value)
                if u < 1, u <= t + 1e-9, t < 1 {
                    slope = max(slope, RandomRun.slope(of: curve) * (1 - u) / (1 - t))
                }
            }
            if sameFrame, let previous { slope = max(slope, previous) }
            tracked[index].slope = slope
        }
        frameCurve = curve
    }

    mutating func addWhileActive() {
        guard animator.state == .active, box.values.count < 8 else { return }
        let t = timeFraction
        guard t <= 0.6 else { return }
        let factor = random.below(2) == 0 ? 0 : random.unit() * 0.5
        let index = box.values.count
        box.values.append(-1)
        tracked.append(Tracked(kind: .delayed, home: t + factor * (1 - t), slope: end == 1 ? nil : 0))
        let box = self.box
        if factor == 0 && random.below(2) == 0 {
            animator.addAnimations { box.values[index] = $0 }
        } else {
            animator.addAnimations({ box.values[index] = $0 }, delayFactor: factor)
        }
        #expect(box.values[index] == 0, "seed \(seed): an animation added while active starts at 0, got \(box.values[index])")
    }

    mutating func scrub() {
        animator.fractionComplete = random.unit() * 0.95
        homeBounds(curve: curveInUse)
        frameCurve = curveInUse
        rate = 1 / duration
    }

    /// Stops and finishes at a random position; returns whether values may move.
    mutating func finish() -> Bool {
        guard animator.state == .active else { return false }
        animator.stopAnimation(false)
        let positions: [AnimatingPosition] = [.current, .start, .end]
        let position = positions[random.below(3)]
        animator.finishAnimation(at: position)
        return position != .current
    }

    /// Reuses the finished animator: new animations, started again.
    mutating func restart() {
        restarts += 1
        box.values = []
        tracked = []
        addInitialAnimations()
        if random.below(3) == 0 { animator.isReversed.toggle() }
        start()
    }

    mutating func addInitialAnimations() {
        let box = self.box
        box.values = [0, 0, 0]
        let delay = random.unit() * 0.5
        let keyStart = random.unit() * 0.5
        let keyLength = 0.25 + random.unit() * 0.25
        tracked = [
            Tracked(kind: .progress, home: 0), Tracked(kind: .delayed, home: delay),
            Tracked(kind: .keyframe(start: keyStart, length: keyLength), home: 0),
        ]
        animator.addAnimations { box.values[0] = $0 }
        animator.addAnimations({ box.values[1] = $0 }, delayFactor: delay)
        animator.addKeyframe(relativeStartTime: keyStart, relativeDuration: keyLength) { box.values[2] = $0 }
    }

    /// Starts an inactive animator: its timeline is at home.
    mutating func start() {
        let curve = animator.timingCurve
        animator.startAnimation()
        #expect(timeFraction == (animator.isReversed ? 1 : 0), "seed \(seed): a started animator starts at its start")
        curveInUse = curve
        rate = 1 / duration
        homeBounds(curve: curve)
        frameCurve = curve
        if !curve.isMonotonic {
            // A spring or Back restarts from the home values toward the end.
            var givenSlope = 0.0
            if case .spring(_, let velocity) = curve, end == 1 { givenSlope = abs(velocity) / rate }
            derive(on: curve, at: timeFraction, progressSlope: givenSlope, carriedScale: 0)
        }
    }

    /// Every value on its home stretch [home, 1] of `curve`: the progress at the curve's own
    /// velocity (or on the identity, scrubbed on a curve that is not monotonic), the others
    /// from rest.
    mutating func homeBounds(curve: TimingCurve) {
        for index in tracked.indices {
            if case .keyframe = tracked[index].kind { continue }
            let home = tracked[index].home
            let isProgress = tracked[index].kind == .progress
            var initialSlope = 0.0
            if isProgress, case .spring(_, let velocity) = curve { initialSlope = abs(velocity) / rate }
            var slope =
                home < 1 ? RandomRun.slopeBound(curve: curve, distanceOverLength: 1 / (1 - home), initialSlope: initialSlope) : .infinity
            if isProgress, !curve.isMonotonic { slope = max(slope, 1) }
            tracked[index].slope = slope
        }
    }

    // MARK: Curves

    /// The steepest |dc/dλ| of a curve that is a function of its time fraction alone, by
    /// sampling (differences never exceed the true slope; 5 % on top covers the sampling).
    static func slope(of curve: TimingCurve) -> Double {
        steepestSlopes[curve] ?? sampledSlope(of: curve)
    }

    /// Every listed curve's slope, sampled once for all runs.
    static let steepestSlopes = Dictionary(
        uniqueKeysWithValues: AnimatorContinuityTests.curves.map { ($0, sampledSlope(of: $0)) })

    static func sampledSlope(of curve: TimingCurve) -> Double {
        let count = 20_000
        var steepest = 0.0
        var previous = curve.progress(at: 0)
        for step in 1...count {
            let value = curve.progress(at: Double(step) / Double(count))
            steepest = max(steepest, abs(value - previous) * Double(count))
            previous = value
        }
        return steepest * 1.05 + 1e-3
    }

    /// The largest |dv/dT| of a value on `curve` covering `distanceOverLength` (distance per
    /// unit of T). For a spring: √(g₀² + (κ · d / L)²), with κ its stiffness in its own time
    /// fraction (the largest for any initial slope up to g₀; nil: the curve's own velocity
    /// over the whole timeline).
    static func slopeBound(curve: TimingCurve, distanceOverLength: Double, initialSlope: Double?) -> Double {
        // A glide keeps both its slopes within 3 whole distances per whole stretch, and a
        // monotonic cubic with such end slopes never rises faster than that.
        if case .glide = curve { return max(3 * distanceOverLength, initialSlope ?? 0) * (1 + 1e-9) }
        guard case .spring(let ratio, let velocity) = curve else { return slope(of: curve) * distanceOverLength }
        guard distanceOverLength > 0 else { return initialSlope ?? 0 }
        let g0 = initialSlope ?? abs(velocity)
        // Normalised initial velocity in the spring's own time fraction: g0 / (d / L).
        let nu = g0 / distanceOverLength
        let kappa = max(
            Spring(dampingRatio: ratio, initialVelocity: nu, duration: 1).omega,
            Spring(dampingRatio: ratio, initialVelocity: -nu, duration: 1).omega)
        return (g0 * g0 + kappa * kappa * distanceOverLength * distanceOverLength).squareRoot() * (1 + 1e-9)
    }
}
