import BloqEngine

/// Measures the engine's cost per frame: many running animators advanced by one step.
public enum AnimatorBenchmark {
    public struct Result: Sendable {
        /// Median wall time of one `advance(by:)` in milliseconds.
        public var medianStepMilliseconds: Double
        /// Heap allocations per step in steady state (after warm-up); nil without a counter.
        public var allocationsPerStep: Double?
        /// Allocations counted while the animators were made: proof the counter counts.
        public var setupAllocations: UInt64?
    }

    /// Starts `count` animators on a mix of curves (each writing its value into a buffer,
    /// as a block's position would be) and spread over their timelines, warms up, then
    /// times `steps` steps of 1/120 s. `allocations`, when given, tells the heap
    /// allocations made so far (BloqDev bench-alloc: the interposed malloc's count; the
    /// game's binary has no counter).
    public static func run(count: Int = 10_000, steps: Int = 600, allocations: (() -> UInt64)? = nil) -> Result {
        let driver = AnimationDriver()
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        values.initialize(repeating: 0)
        defer { values.deallocate() }
        let curves: [TimingCurve] = [
            .easeInOut, .easeOut, .linear, .easeIn(.cubic), .spring(dampingRatio: 0.7, initialVelocity: 0),
            .cubicBezier(0.2, 0.8, 0.3, 1),
        ]
        let setupStart = allocations?()
        var animators: [PropertyAnimator] = []
        animators.reserveCapacity(count)
        for index in 0..<count {
            // Long durations keep every animator running through the measurement.
            let animator = PropertyAnimator(duration: 1000 + Double(index % 7), curve: curves[index % curves.count], driver: driver)
            let slot = values.baseAddress! + index
            animator.addAnimations { slot.pointee = $0 }
            // Spread the animators over their curves, as a real scene's would be.
            animator.fractionComplete = Double(index % 97) / 100
            animator.startAnimation()
            animators.append(animator)
        }
        let setupAllocations = allocations.flatMap { count in setupStart.map { count() - $0 } }
        let step = 1.0 / 120
        for _ in 0..<60 { driver.advance(by: step) }
        var times: [Double] = []
        times.reserveCapacity(steps)
        let before = allocations?()
        for _ in 0..<steps {
            let start = BenchClock.now()
            driver.advance(by: step)
            times.append(BenchClock.now() - start)
        }
        let made = allocations.flatMap { count in before.map { count() - $0 } }
        return Result(
            medianStepMilliseconds: BenchClock.median(times) * 1000, allocationsPerStep: made.map { Double($0) / Double(steps) },
            setupAllocations: setupAllocations)
    }
}
