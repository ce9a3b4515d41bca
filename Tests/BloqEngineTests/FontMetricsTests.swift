import BloqEngine
import Testing

@Suite("Font metrics find every character they hold")
struct FontMetricsTests {
    @Test("runs given out of order are measured with their own advances (a run out of place once hid later characters)")
    func runsOutOfOrder() {
        let font = FontMetrics(
            unitsPerEm: 1000, ascent: 800, descent: 200, missing: 500, codePoints: [65...66, 10003...10003, 9679...9679, 67...67],
            advances: [601, 602, 703, 704, 605])
        #expect(font.advance("A") == 601)
        #expect(font.advance("B") == 602)
        #expect(font.advance("C") == 605)
        #expect(font.advance("✓") == 703)
        #expect(font.advance("●") == 704)
        #expect(font.advance("Z") == 500)
    }

    @Test("the game's faces measure their symbols (colour-blind marks, check and cross) as drawn, not as missing")
    func symbolsOfTheFaces() {
        for font in [FontMetrics.interSemiBold, .interMedium, .dejaVuSansBold] {
            for symbol in "●▲■◆✓✗" {
                let scalar = symbol.unicodeScalars.first ?? " "
                #expect(font.advance(scalar) != font.missing, "\(symbol) in a face with unitsPerEm \(font.unitsPerEm)")
            }
        }
    }
}
