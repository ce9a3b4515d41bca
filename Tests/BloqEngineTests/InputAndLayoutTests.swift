import BloqEngine
import Testing

@Suite("Pan recognizer and board layout")
struct InputAndLayoutTests {
    @Test("translation and a velocity fitted over the last 100 ms")
    func pan() {
        var pan = PanRecognizer()
        pan.begin(at: Point(x: 0, y: 0), time: 0)
        #expect(pan.state == .began)
        // Uneven timing, constant speed of 5 units per second along x.
        for time in [0.016, 0.020, 0.051, 0.090, 0.091, 0.130] {
            pan.move(to: Point(x: 5 * time, y: 1), time: time)
        }
        #expect(pan.state == .changed)
        #expect(abs(pan.translation.x - 0.65) < 1e-12)
        #expect(abs(pan.velocity.x - 5) < 1e-9)
        pan.end(at: Point(x: 0.65, y: 1), time: 0.130)
        #expect(pan.state == .ended)
        #expect(abs(pan.velocity.x - 5) < 1e-9)
    }

    @Test("a pointer held still before release has no velocity")
    func heldStill() {
        var pan = PanRecognizer()
        pan.begin(at: .zero, time: 0)
        for step in 1...10 { pan.move(to: Point(x: Double(step) * 0.1, y: 0), time: Double(step) * 0.02) }
        pan.end(at: Point(x: 1, y: 0), time: 0.5)
        #expect(pan.velocity == .zero)
    }

    /// helper-53, Wayland with a touchscreen: the first frame after the first touch took
    /// 146 ms, and SDL stamped the flick's other motions and its lift with the one time it
    /// read them. The fit over them alone had no time to measure, so the flick had no speed.
    @Test("events that arrive together after a long frame still have the speed of their motion")
    func readTogether() {
        var pan = PanRecognizer()
        pan.begin(at: .zero, time: 10)
        pan.move(to: Point(x: 0.05, y: 0), time: 10.005)
        for x in [0.3, 0.5, 0.67] { pan.move(to: Point(x: x, y: 0), time: 10.151) }
        pan.end(at: Point(x: 0.67, y: 0), time: 10.151)
        #expect(abs(pan.velocity.x - 0.62 / 0.146) < 1e-9, "\(pan.velocity.x)")
        // After a wait longer than the samples kept, the sample before it still measures it.
        var late = PanRecognizer()
        late.begin(at: .zero, time: 0)
        for x in [1.0, 2.0] { late.move(to: Point(x: x, y: 0), time: 0.5) }
        #expect(abs(late.velocity.x - 4) < 1e-9, "\(late.velocity.x)")
    }

    @Test("a cancelled pan has no velocity")
    func cancelled() {
        var pan = PanRecognizer()
        pan.begin(at: .zero, time: 0)
        pan.move(to: Point(x: 1, y: 0), time: 0.05)
        pan.cancel()
        #expect(pan.state == .cancelled)
        #expect(pan.velocity == .zero)
    }

    @Test("the board fits the viewport, centred, and cell coordinates round-trip")
    func layout() {
        let layout = BoardLayout(viewport: Size(width: 800, height: 600), rows: 4, columns: 4)
        let board = layout.cellSize * 4
        #expect(board <= 600 - layout.header.height - layout.footer.height)
        #expect(abs(layout.origin.x + board / 2 - 400) <= 1)
        let centre = layout.pixel(for: CellPoint(row: 1, column: 2))
        #expect(layout.cellRect(row: 1, column: 2).center == centre)
        let back = layout.cellPoint(for: centre)
        #expect(abs(back.row - 1) < 1e-12 && abs(back.column - 2) < 1e-12)
        let wide = BoardLayout(viewport: Size(width: 1600, height: 400), rows: 3, columns: 16)
        #expect(wide.cellSize * 16 <= 1600 && wide.boardFrame.maxY <= wide.footer.minY)
    }
}
