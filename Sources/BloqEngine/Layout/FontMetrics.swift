/// Text measured without a renderer: a font's advance widths, so that the shell lays its
/// texts out (wraps them, fits them, reports their boxes) the same in a window and in a
/// replay with no graphics library. The renderer's hinting moves a width by a pixel or two
/// at some sizes; `boxWidth` leaves room for that.
public struct FontMetrics: Sendable {
    public let unitsPerEm: Int
    /// Above and below the baseline, in font units.
    public let ascent: Int
    public let descent: Int
    /// The advance of a character the table does not hold.
    public let missing: Int
    private let codePoints: [UInt32]
    private let advances: [UInt16]

    /// A font's metrics: `codePoints` sorted, `advances` beside them, in font units.
    public init(unitsPerEm: Int, ascent: Int, descent: Int, missing: Int, codePoints: [UInt32], advances: [UInt16]) {
        self.unitsPerEm = max(unitsPerEm, 1)
        self.ascent = ascent
        self.descent = descent
        self.missing = missing
        self.codePoints = codePoints
        self.advances = advances
    }

    /// The advance of `scalar` in font units.
    public func advance(_ scalar: Unicode.Scalar) -> Int {
        var low = 0
        var high = codePoints.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let point = codePoints[middle]
            if point == scalar.value { return Int(advances[middle]) }
            if point < scalar.value { low = middle + 1 } else { high = middle - 1 }
        }
        return missing
    }

    /// The width in pixels of `text` drawn at `px` (a whole number of pixels, as fonts are
    /// drawn): each character's advance rounded to whole pixels, as the renderer does.
    public func width(_ text: String, px: Double) -> Double {
        let scale = px.rounded() / Double(unitsPerEm)
        var total = 0.0
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            total += (Double(advance(scalar)) * scale).rounded()
        }
        return total
    }

    /// The width of the box `text` is drawn in at `px`: its width with room for the
    /// renderer's hinting (a few percent at some sizes).
    public func boxWidth(_ text: String, px: Double) -> Double {
        (width(text, px: px) * 1.03).rounded(.up) + 2
    }

    /// The height of a line of text at `px`.
    public func lineHeight(px: Double) -> Double {
        (Double(ascent + descent) * px.rounded() / Double(unitsPerEm)).rounded(.up)
    }

    /// `text` broken into lines whose boxes are at most `width` wide at `px`: at spaces,
    /// and a word too long for a line (a path) where it must be. Explicit line breaks
    /// stay.
    public func wrap(_ text: String, px: Double, width: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            func fits(_ candidate: String) -> Bool { boxWidth(candidate, px: px) <= width }
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
}
