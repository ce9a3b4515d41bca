import BloqEngine
import Testing

@Suite("Long-press recognizer")
struct LongPressTests {
    @Test("progress is hold time over 0.6 s, or the pressure when that is higher")
    func progress() {
        var press = LongPressRecognizer()
        press.begin(at: .zero, time: 1.0)
        press.update(time: 1.3)
        #expect(abs(press.progress - 0.5) < 1e-12)
        press.update(time: 1.35, pressure: 0.8)
        #expect(press.progress == 0.8)
        press.update(time: 1.5, pressure: 0.2)
        #expect(abs(press.progress - (0.5 / 0.6)) < 1e-12)
        press.update(time: 1.6)
        #expect(press.state == .completed && press.progress == 1)
    }

    @Test("lifting early or wandering away cancels; full pressure completes at once")
    func cancels() {
        var early = LongPressRecognizer()
        early.begin(at: .zero, time: 0)
        early.end(time: 0.3)
        #expect(early.state == .cancelled && early.progress == 0)

        var wander = LongPressRecognizer()
        wander.begin(at: .zero, time: 0)
        wander.update(at: Point(x: 6, y: 6), time: 0.1)
        #expect(wander.state == .holding)
        wander.update(at: Point(x: 9, y: 9), time: 0.2)
        #expect(wander.state == .cancelled)

        var pressed = LongPressRecognizer()
        pressed.begin(at: .zero, time: 0, pressure: 1)
        #expect(pressed.state == .completed)
    }
}
