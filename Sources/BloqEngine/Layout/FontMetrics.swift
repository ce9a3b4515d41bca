/// Text measured without a renderer: a font's advance widths, so that the shell lays its
/// texts out (wraps them, fits them, reports their boxes) the same in a window and in a
/// replay with no graphics library. The renderer's hinting moves a width by a pixel or two
/// at some sizes; `boxWidth` leaves room for that. A character the font lacks is measured
/// with its fallback's advance, as the renderer draws it in the fallback font.
public struct FontMetrics: Sendable {
    public let unitsPerEm: Int
    /// Above and below the baseline, in font units.
    public let ascent: Int
    public let descent: Int
    /// The advance of a character the table does not hold.
    public let missing: Int
    private let codePoints: [UInt32]
    private let advances: [UInt16]
    /// The font a character this one lacks is drawn in (none, or one).
    private let fallbacks: [FontMetrics]

    /// A font's metrics: `codePoints` as runs, `advances` beside their points in the runs'
    /// order, in font units. The runs may come in any order (they are sorted here, for the
    /// binary search); a point without an advance is measured as `missing`.
    public init(
        unitsPerEm: Int, ascent: Int, descent: Int, missing: Int, codePoints: [ClosedRange<UInt32>], advances: [UInt16]
    ) {
        self.unitsPerEm = max(unitsPerEm, 1)
        self.ascent = ascent
        self.descent = descent
        self.missing = missing
        let points = codePoints.flatMap { $0 }
        let order = points.indices.sorted { points[$0] < points[$1] }
        self.codePoints = order.map { points[$0] }
        self.advances = order.map { advances.indices.contains($0) ? advances[$0] : UInt16(clamping: missing) }
        fallbacks = []
    }

    private init(_ font: FontMetrics, fallback: FontMetrics) {
        unitsPerEm = font.unitsPerEm
        ascent = font.ascent
        descent = font.descent
        missing = font.missing
        codePoints = font.codePoints
        advances = font.advances
        fallbacks = [fallback]
    }

    /// These metrics, measuring what the font lacks with `fallback`'s.
    public func falling(backTo fallback: FontMetrics) -> FontMetrics { FontMetrics(self, fallback: fallback) }

    private func index(of scalar: Unicode.Scalar) -> Int? {
        var low = 0
        var high = codePoints.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let point = codePoints[middle]
            if point == scalar.value { return middle }
            if point < scalar.value { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The advance of `scalar` in font units (the font's "missing" advance when it lacks it).
    public func advance(_ scalar: Unicode.Scalar) -> Int { index(of: scalar).map { Int(advances[$0]) } ?? missing }

    /// The width in pixels of `text` drawn at `px` (a whole number of pixels, as fonts are
    /// drawn): each character's advance rounded to whole pixels, as the renderer does.
    /// - Complexity: O(n) in the text's Unicode scalars.
    public func width(_ text: some StringProtocol, px: Double) -> Double {
        let scale = px.rounded() / Double(unitsPerEm)
        var total = 0.0
        for scalar in text.unicodeScalars { total += width(scalar, scale: scale) }
        return total
    }

    /// The width of one character (its scalars') at `px`.
    public func width(_ character: Character, px: Double) -> Double {
        width(character, scale: px.rounded() / Double(unitsPerEm))
    }

    /// The width of `text`'s characters at `px`, one a character, in order: the measure
    /// every wrap and cut works from, made once (a text is never measured again for each
    /// way of breaking it).
    /// - Complexity: O(n) in the text's Unicode scalars.
    public func widths(_ text: some StringProtocol, px: Double) -> [Double] {
        let scale = px.rounded() / Double(unitsPerEm)
        return text.map { width($0, scale: scale) }
    }

    @inline(__always) private func width(_ character: Character, scale: Double) -> Double {
        var total = 0.0
        for scalar in character.unicodeScalars { total += width(scalar, scale: scale) }
        return total
    }

    /// A scalar's advance at `scale` pixels a font unit, rounded to whole pixels; 0 for a
    /// combining mark, which the renderer draws over the character before it.
    @inline(__always) func width(_ scalar: Unicode.Scalar, scale: Double) -> Double {
        // Below U+0300 (the first combining mark) no scalar is a nonspacing mark: the
        // general category's table lookup is not needed for Latin text.
        if scalar.value >= 0x300, scalar.properties.generalCategory == .nonspacingMark { return 0 }
        if let index = index(of: scalar) { return (Double(advances[index]) * scale).rounded() }
        // The fallback's own units: the same pixel size, another font.
        if let fallback = fallbacks.first {
            return fallback.width(scalar, scale: scale * Double(unitsPerEm) / Double(fallback.unitsPerEm))
        }
        return (Double(missing) * scale).rounded()
    }

    /// The width of the box `text` is drawn in at `px`: its width with room for the
    /// renderer's hinting (a few percent at some sizes).
    public func boxWidth(_ text: some StringProtocol, px: Double) -> Double {
        boxWidth(forWidth: width(text, px: px))
    }

    /// The box width of a text `width` pixels wide (`width(_:px:)`).
    public func boxWidth(forWidth width: Double) -> Double {
        (width * 1.03).rounded(.up) + 2
    }

    /// The height of a line of text at `px`.
    public func lineHeight(px: Double) -> Double {
        (Double(ascent + descent) * px.rounded() / Double(unitsPerEm)).rounded(.up)
    }

    /// The box width of `text`'s widest word at `px`: the narrowest line `wrap` breaks only
    /// between words in (0 for no word).
    public func widestWord(_ text: some StringProtocol, px: Double) -> Double {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { boxWidth($0, px: px) }.max() ?? 0
    }

    /// `text` broken into lines whose boxes are at most `width` wide at `px`: at spaces,
    /// and a word too long for a line (a path) where it must be. Explicit line breaks
    /// stay. Stops after `limit` lines (the rest of the text is not broken up).
    /// - Complexity: O(n) in the text's characters: each is measured once, and a line's
    ///   width is kept as it grows rather than measured again.
    public func wrap(_ text: String, px: Double, width: Double, limit: Int = .max) -> [String] {
        var lines: [String] = []
        let space = self.width(" ", px: px)
        func fits(_ candidate: Double) -> Bool { boxWidth(forWidth: candidate) <= width }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard lines.count < limit else { break }
            var current = ""
            var currentWidth = 0.0
            for word in paragraph.split(separator: " ") {
                let characters = widths(word, px: px)
                let wordWidth = characters.reduce(0, +)
                let candidate = current.isEmpty ? wordWidth : currentWidth + space + wordWidth
                if fits(candidate) {
                    if !current.isEmpty { current += " " }
                    current += word
                    currentWidth = candidate
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = ""
                currentWidth = 0
                for (character, characterWidth) in zip(word, characters) {
                    guard lines.count < limit else { return lines }
                    if !current.isEmpty, !fits(currentWidth + characterWidth) {
                        lines.append(current)
                        current = ""
                        currentWidth = 0
                    }
                    current.append(character)
                    currentWidth += characterWidth
                }
                guard lines.count < limit else { return lines }
            }
            lines.append(current)
        }
        return Array(lines.prefix(limit))
    }

    /// The longest start (or end, `fromEnd`) of `text` whose box at `px`, with `mark`
    /// added after it (before it), is at most `width` wide; "" when none is.
    /// - Complexity: O(n) in the characters kept (each measured once), plus the mark.
    public func longestPart(of text: some StringProtocol, px: Double, width: Double, mark: String, fromEnd: Bool) -> String {
        var total = self.width(mark, px: px)
        var kept = 0
        func fits(_ character: Character) -> Bool {
            let next = total + self.width(character, px: px)
            guard boxWidth(forWidth: next) <= width else { return false }
            total = next
            kept += 1
            return true
        }
        if fromEnd {
            for character in text.reversed() { guard fits(character) else { break } }
            return String(text.suffix(kept))
        }
        for character in text { guard fits(character) else { break } }
        return String(text.prefix(kept))
    }
}
