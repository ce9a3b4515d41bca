import BloqSync
import Glibc

/// With `BLOQ_TRACE_FRAMES=1`, `bloq play` measures how long each frame's work takes
/// (docs/performance.md): the simulation (input, steps, what they call: a save, once) from
/// the frame's start to its drawing, and the drawing, and prints the longest of each as the
/// game ends. Silent and free otherwise.
public enum FrameTrace {
    static let enabled = getenv("BLOQ_TRACE_FRAMES") != nil

    private struct Figures {
        var frames = 0
        var frameStart: Double?
        var longestSimulation = 0.0
        var longestDrawing = 0.0
        var simulationFrame = 0
        var drawingFrame = 0
    }

    private static let figures = Locked(Figures())

    /// Milliseconds on the monotonic clock.
    static func now() -> Double { MonotonicClock.seconds() * 1000 }

    /// A frame begins (its input is gathered without waiting).
    static func frameBegan() {
        guard enabled else { return }
        let at = now()
        figures.withLock { $0.frameStart = $0.frameStart ?? at }
    }

    /// The frame's simulation is done and its drawing begins; returns the time, for `drawn`.
    static func drawingBegins() -> Double? {
        guard enabled else { return nil }
        let at = now()
        figures.withLock { figures in
            figures.frames += 1
            if let start = figures.frameStart, at - start > figures.longestSimulation {
                figures.longestSimulation = at - start
                figures.simulationFrame = figures.frames
            }
            figures.frameStart = nil
        }
        return at
    }

    /// The frame was drawn and presented (what waiting for the display took is not counted:
    /// `since` is taken before the present).
    static func drawn(since start: Double?, presented: Double?) {
        guard let start, let presented else { return }
        figures.withLock { figures in
            if presented - start > figures.longestDrawing {
                figures.longestDrawing = presented - start
                figures.drawingFrame = figures.frames
            }
        }
    }

    /// Prints the figures on standard error.
    public static func report() {
        guard enabled else { return }
        let line = figures.withLock { figures in
            func ms(_ value: Double) -> String { String(Int((value * 10).rounded()) / 10) + "." + String(Int((value * 10).rounded()) % 10) }
            return
                "frames: \(figures.frames) frames; the longest simulation \(ms(figures.longestSimulation)) ms (frame \(figures.simulationFrame)), the longest drawing \(ms(figures.longestDrawing)) ms (frame \(figures.drawingFrame))\n"
        }
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
