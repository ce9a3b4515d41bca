import BloqEngine
import Testing

@Suite("Long-press recognizer")
struct LongPressTests {
    @Test("nothing grows during a person's tap (0.35 s); then progress is time past it over 0.6 s, or the pressure")
    func progress() {
        var press = LongPressRecognizer()
        press.begin(at: .zero, time: 1.0)
        press.update(time: 1.3)
        #expect(press.progress == 0 && press.isTap)
        press.update(time: 1.65)
        #expect(!press.isTap)
        #expect(abs(press.progress - 0.5) < 1e-12)
        press.update(time: 1.8, pressure: 0.8)
        // 0.45 s past the tap: the ramp is over, the pressure counts whole.
        #expect(press.progress == 0.8)
        press.update(time: 1.85, pressure: 0.2)
        #expect(abs(press.progress - (0.5 / 0.6)) < 1e-12)
        press.update(time: 1.95)
        #expect(press.state == .completed && press.progress == 1)
    }

    @Test("a reported pressure comes in over 0.15 s past the tap: the card never jumps")
    func pressureRamps() {
        var firm = LongPressRecognizer()
        firm.begin(at: .zero, time: 0, pressure: 0.9)
        firm.update(time: 0.34, pressure: 0.9)
        // Still a tap: even a firm press shows nothing yet.
        #expect(firm.progress == 0 && firm.isTap)
        var press = LongPressRecognizer()
        press.begin(at: .zero, time: 0, pressure: 0.9)
        var last = 0.0
        for step in 1...60 {
            press.update(time: Double(step) / 120, pressure: 0.9)
            #expect(press.progress - last <= 0.9 / 0.15 / 120 + 1e-9)
            last = press.progress
        }
        #expect(last == 0.9)
    }

    @Test("presses of a person's length, 40 to 350 ms, are taps; 360 ms is a hold")
    func tapLengths() {
        for milliseconds in [40, 80, 110, 150, 200, 250, 300, 350] {
            var press = LongPressRecognizer()
            press.begin(at: .zero, time: 10)
            press.update(time: 10 + Double(milliseconds) / 1000)
            #expect(press.isTap, "a press of \(milliseconds) ms")
        }
        var hold = LongPressRecognizer()
        hold.begin(at: .zero, time: 10)
        hold.update(time: 10.36)
        #expect(!hold.isTap && hold.progress > 0)
    }

    @Test("lifting early or wandering away cancels; full pressure completes once the tap is over")
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
        #expect(pressed.state == .holding)
        pressed.update(time: 0.5, pressure: 1)
        #expect(pressed.state == .completed)
    }
}
