import BloqEngine
import BloqPlay
import Testing

/// The text wrapper and the label fitter measure each character once (a catalog of
/// 200,000-character strings kept a screenshot at full CPU for over 12 minutes, cutting a
/// label one character at a time and measuring the whole label again each time). Their
/// answers are those of the plain algorithms they replaced, checked here on short texts
/// against those algorithms; how long a long text takes is a child process's question
/// (`TextBoundProcessTests`).
@Suite("Text layout: linear in the text, the same lines and cuts as before")
struct TextBoundTests {
    let font = Typesetter.font

    /// The plain cut: one character off at a time, measured whole.
    func plainFitted(_ text: String, px: Double, width: Double, keepingEnd: Bool) -> String {
        guard font.boxWidth(text, px: px) > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty {
            if keepingEnd { kept = kept.dropFirst() } else { kept = kept.dropLast() }
            let candidate = keepingEnd ? "…" + String(kept) : String(kept) + "…"
            if font.boxWidth(candidate, px: px) <= width { return candidate }
        }
        return "…"
    }

    /// The plain wrap: each candidate line measured whole.
    func plainWrap(_ text: String, px: Double, width: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            func fits(_ candidate: String) -> Bool { font.boxWidth(candidate, px: px) <= width }
            for word in paragraph.split(separator: " ").map(String.init) {
                let candidate = current.isEmpty ? word : current + " " + word
                if fits(candidate) {
                    current = candidate
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = ""
                for character in word {
                    if !current.isEmpty, !fits(current + String(character)) {
                        lines.append(current)
                        current = ""
                    }
                    current.append(character)
                }
            }
            lines.append(current)
        }
        return lines
    }

    static let samples = [
        "", "Play", "Undo and redo", "Schiebe einen Block. Bring Farben zusammen. Räum das Feld leer.",
        "Ищу подсказку… Не удалось прочитать 5 записей прогресса", "a/very/long/path/without/any/spaces/at/all/levels/easy/001.bloq",
        "e\u{301}e\u{301}e\u{301} combining marks, and two\nparagraphs", "  spaces  at  both  ends  ", "W",
    ]

    @Test("cuts to a width: the same as cutting one character at a time", arguments: [40.0, 90.0, 200.0, 3.0])
    func fitted(width: Double) {
        for text in Self.samples {
            for keepingEnd in [false, true] {
                #expect(
                    Typesetter.fitted(text, px: 16, width: width, keepingEnd: keepingEnd)
                        == plainFitted(text, px: 16, width: width, keepingEnd: keepingEnd), "\(text), \(width), \(keepingEnd)")
            }
        }
    }

    @Test("the widest word is the narrowest width wrap breaks only between words in")
    func widestWord() {
        for text in ["a hint was used", "Daily streak · best", "Medium", "two\nlines here"] {
            let widest = font.widestWord(text, px: 16)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            #expect(
                font.wrap(text, px: 16, width: widest).allSatisfy { line in
                    line.split(separator: " ").allSatisfy { words.contains(String($0)) }
                })
            #expect(
                font.wrap(text, px: 16, width: widest - 1).contains { line in
                    !line.split(separator: " ").allSatisfy { words.contains(String($0)) }
                })
        }
        #expect(font.widestWord("", px: 16) == 0)
    }

    @Test("wraps to a width: the same lines as measuring every candidate line whole", arguments: [30.0, 80.0, 160.0, 400.0])
    func wrap(width: Double) {
        for text in Self.samples {
            #expect(font.wrap(text, px: 14, width: width) == plainWrap(text, px: 14, width: width), "\(text), \(width)")
            // A limit keeps the first lines, and breaks no more of the text.
            let all = font.wrap(text, px: 14, width: width)
            #expect(font.wrap(text, px: 14, width: width, limit: 2) == Array(all.prefix(2)))
        }
    }

    @Test("a paragraph of a 200,000-character text: its first lines, the last cut with '…', widths within the frame")
    func longParagraph() {
        let words = String(repeating: "Wort ", count: 40_000)
        let frame = Rect(x: 0, y: 0, width: 300, height: 200)
        let boxes = Typesetter.paragraph(words, px: 14, in: frame, maximumLines: 3)
        #expect(boxes.count == 3)
        #expect(boxes.last?.text.hasSuffix("…") == true)
        #expect(boxes.allSatisfy { font.boxWidth($0.text, px: 14) <= frame.width })
        let unbroken = String(repeating: "W", count: 200_000)
        #expect(Typesetter.paragraphHeight(unbroken, px: 14, width: 300, maximumLines: 2) == Typesetter.height(lines: 2, px: 14))
        let cut = Typesetter.fitted(unbroken, px: 14, width: 300, keepingEnd: false)
        #expect(cut.hasSuffix("…") && font.boxWidth(cut, px: 14) <= 300)
    }
}
