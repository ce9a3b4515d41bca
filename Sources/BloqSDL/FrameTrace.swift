import BloqSync
import Glibc

/// With `BLOQ_TRACE_FRAMES=1`, `bloq play` measures how long each frame's work takes
/// (docs/performance.md): the simulation (input, steps, what they call: a save, once) from
/// the frame's start to its drawing, and the drawing, and prints the longest of each and of
/// the two together as the game ends. The first frame, which makes every texture and opens
/// every font, is reported apart: it is start-up, with no frame before it to be late on.
/// Silent and free otherwise.
public enum FrameTrace {
    static let enabled = getenv("BLOQ_TRACE_FRAMES") != nil

    private struct Figures {
        var frames = 0
        var frameStart: Double?
        var longestSimulation = 0.0
        var longestDrawing = 0.0
        var simulationFrame = 0
        var drawingFrame = 0
        /// The simulation of the frame being drawn.
        var simulation = 0.0
        var first = 0.0
        var longest = 0.0
        var longestFrame = 0
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
            figures.simulation = figures.frameStart.map { at - $0 } ?? 0
            if figures.frames > 1, figures.simulation > figures.longestSimulation {
                figures.longestSimulation = figures.simulation
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
            let drawing = presented - start
            guard figures.frames > 1 else {
                figures.first = figures.simulation + drawing
                return
            }
            if drawing > figures.longestDrawing {
                figures.longestDrawing = drawing
                figures.drawingFrame = figures.frames
            }
            if figures.simulation + drawing > figures.longest {
                figures.longest = figures.simulation + drawing
                figures.longestFrame = figures.frames
            }
        }
    }

    /// Prints the figures on standard error.
    public static func report() {
        guard enabled else { return }
        let line = figures.withLock { figures in
            func ms(_ value: Double) -> String { String(Int((value * 10).rounded()) / 10) + "." + String(Int((value * 10).rounded()) % 10) }
            return
                "frames: \(figures.frames) frames; the first \(ms(figures.first)) ms; after it the longest simulation "
                + "\(ms(figures.longestSimulation)) ms (frame \(figures.simulationFrame)), the longest drawing "
                + "\(ms(figures.longestDrawing)) ms (frame \(figures.drawingFrame)), the longest frame \(ms(figures.longest)) ms "
                + "(frame \(figures.longestFrame))\n"
        }
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
