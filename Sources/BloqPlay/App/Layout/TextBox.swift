import BloqEngine

/// One line of text as a screen lays it out: what it says, the box it is drawn in (window
/// pixels), its font's pixel height, and how it is coloured. Painters draw these and
/// nothing else; whole-app replays report them (`texts`); the layout tests check them.
public struct TextBox: Hashable, Sendable {
    /// How a painter colours a text.
    public enum Role: Hashable, Sendable {
        /// The main text colour.
        case plain
        /// Quieter: captions, notes, a level's caption.
        case secondary
        /// The accent: stars, tips, the focus.
        case accent
        /// Something wrong: a broken level, a file's errors.
        case danger
        /// Stars earned and still to earn (`PlayScreen.stars`: ★ and ☆): drawn as star
        /// shapes, filled in the star colour and hollow in the outline colour (docs/design.md),
        /// one to each third of the text's width.
        case stars
    }

    public var text: String
    public var frame: Rect
    /// The font's pixel height.
    public var px: Double
    public var role: Role
    /// Where the text sits in its frame across: 0 left, 0.5 centre, 1 right.
    public var alignment: Double
    /// The control the text belongs to, drawn on it (a tile's stars, a field's value), if any.
    public var owner: ControlID?
    /// The face it is set in: the text face unless a layout sets it in another (and
    /// measures it in that one).
    public var face: TypeFace

    public init(
        _ text: String, frame: Rect, px: Double, role: Role = .plain, alignment: Double = 0.5, owner: ControlID? = nil,
        face: TypeFace? = nil
    ) {
        self.text = text
        self.frame = frame
        self.px = px
        self.role = role
        self.alignment = alignment
        self.owner = owner
        self.face = face ?? .text
    }

    /// The box the text's glyphs take inside `frame` (as wide as they are, aligned).
    public var inkFrame: Rect {
        let width = min(face.metrics.boxWidth(text, px: px), frame.width)
        return Rect(x: frame.x + (frame.width - width) * alignment, y: frame.y, width: width, height: frame.height)
    }
}

/// Sets text for the screens: measures it with the game's font, wraps it, fits it, and
/// places it as `TextBox`es. No renderer is needed, so replays report what a window shows.
public enum Typesetter {
    /// The text face's metrics (labels, body lines): what layouts measure with unless they
    /// set a line in another face.
    public static let font = TypeFace.text.metrics

    /// A line of text at `px`, its box the line's height, `width` wide (its natural width
    /// when nil), with its top-left at `origin`.
    public static func line(
        _ text: String, px: Double, at origin: Point, width: Double? = nil, role: TextBox.Role = .plain, alignment: Double = 0,
        owner: ControlID? = nil, face: TypeFace? = nil
    ) -> TextBox {
        let face = face ?? .text
        let font = face.metrics
        return TextBox(
            text, frame: Rect(x: origin.x, y: origin.y, width: width ?? font.boxWidth(text, px: px), height: font.lineHeight(px: px)),
            px: px, role: role, alignment: alignment, owner: owner, face: face)
    }

    /// A line of text at `px` centred on `center`'s height within `frame` across, aligned
    /// by `alignment`.
    public static func line(
        _ text: String, px: Double, in frame: Rect, role: TextBox.Role = .plain, alignment: Double = 0.5, owner: ControlID? = nil,
        face: TypeFace? = nil
    ) -> TextBox {
        let face = face ?? .text
        let height = face.metrics.lineHeight(px: px)
        return TextBox(
            text, frame: Rect(x: frame.x, y: frame.center.y - height / 2, width: frame.width, height: height), px: px, role: role,
            alignment: alignment, owner: owner, face: face)
    }

    /// `text` as fits `width` at `px`: whole, or cut with "…" at its end (or its start,
    /// `keepingEnd`, while it is typed in).
    /// - Complexity: O(n) in the text's characters (each measured once, however long the
    ///   text: a hostile translation or level title cannot make a frame take minutes).
    public static func fitted(_ text: String, px: Double, width: Double, keepingEnd: Bool, face: TypeFace = .text) -> String {
        guard !fits(text, px: px, width: width, face: face) else { return text }
        let kept = face.metrics.longestPart(of: text, px: px, width: width, mark: "…", fromEnd: keepingEnd)
        return keepingEnd ? "…" + kept : kept + "…"
    }

    /// Whether `text` fits `width` at `px` on one line.
    public static func fits(_ text: String, px: Double, width: Double, face: TypeFace = .text) -> Bool {
        face.metrics.boxWidth(text, px: px) <= width
    }

    /// The largest of `sizes` (largest first) at which every one of `texts` fits `width` on
    /// one line; nil when none does.
    public static func size(fitting texts: [String], width: Double, sizes: [Double], face: TypeFace = .text) -> Double? {
        sizes.first { px in texts.allSatisfy { fits($0, px: px, width: width, face: face) } }
    }

    /// `text` wrapped to `frame`'s width at `px`, from `frame`'s top (or centred in it
    /// down, with `centred`), at most `maximumLines` lines (the last ends in "…" when the
    /// text is longer).
    public static func paragraph(
        _ text: String, px: Double, in frame: Rect, role: TextBox.Role = .plain, alignment: Double = 0.5,
        maximumLines: Int = .max, centred: Bool = false, owner: ControlID? = nil, face: TypeFace? = nil
    ) -> [TextBox] {
        let face = face ?? .text
        let font = face.metrics
        // One line past the most shown says whether the text goes on; the rest is never broken.
        var lines = font.wrap(text, px: px, width: frame.width, limit: maximumLines > 0 && maximumLines < .max ? maximumLines + 1 : .max)
        if lines.count > maximumLines, maximumLines > 0 {
            lines = Array(lines.prefix(maximumLines))
            let last = lines[lines.count - 1]
            lines[lines.count - 1] = font.longestPart(of: last, px: px, width: frame.width, mark: "…", fromEnd: false) + "…"
        }
        let height = font.lineHeight(px: px)
        let leading = (height * 0.15).rounded()
        let total = Double(lines.count) * height + Double(max(lines.count - 1, 0)) * leading
        let top = centred ? frame.center.y - total / 2 : frame.y
        return lines.enumerated().map { index, line in
            TextBox(
                line, frame: Rect(x: frame.x, y: top + Double(index) * (height + leading), width: frame.width, height: height), px: px,
                role: role, alignment: alignment, owner: owner, face: face)
        }
    }

    /// `list` ("Drag a block  ·  H hint  ·  Z undo") with the spaces inside each item made
    /// no-break, so that `wrap` breaks it only between items, and a key is never left at a
    /// line's end with its word on the next; `list` itself when an item is wider than `width`
    /// or a translation has its own no-break spaces. `unbound` turns the lines back. Items
    /// are parted by `separator`: the key line's, a header's " · ", or ". " between sentences
    /// (whose "." an item keeps at a line's end, and is measured with).
    public static func bindingItems(_ list: String, separator: String = "  ·  ", px: Double, width: Double) -> String {
        let items = list.split(separator: separator)
        let kept = separator.filter { $0 != " " && $0 != "·" }
        guard !list.contains("\u{00A0}"), items.allSatisfy({ fits($0 + kept, px: px, width: width) }) else { return list }
        return items.map { String($0.map { $0 == " " ? "\u{00A0}" : $0 }) }.joined(separator: separator)
    }

    /// `boxes` of a list bound by `bindingItems` with their no-break spaces plain again, and
    /// no "·" at a line's start or end: the break itself parts those items.
    public static func unbound(_ boxes: [TextBox]) -> [TextBox] {
        boxes.map { box in
            var box = box
            var text = Substring(String(box.text.map { $0 == "\u{00A0}" ? " " : $0 }))
            if text.first == "·" { text = text.dropFirst().drop { $0 == " " } }
            if text.last == "·" {
                text = text.dropLast()
                while text.last == " " { text = text.dropLast() }
            }
            box.text = String(text)
            return box
        }
    }

    /// How many lines at `px` a box `height` high holds (one at least).
    public static func lines(in height: Double, px: Double, face: TypeFace = .text) -> Int {
        let line = face.metrics.lineHeight(px: px)
        let leading = (line * 0.15).rounded()
        return max(Int(((height + leading) / (line + leading)).rounded(.down) + 1e-9), 1)
    }

    /// How many lines at `px` a notice may take in a place `room` high: as many as a third
    /// of it holds, and `least` at least. A notice about the player's files ends with how to
    /// mend it, and their paths make it long: it shows whole where the window has room.
    public static func noticeLines(in room: Double, px: Double, least: Int) -> Int {
        max(lines(in: room / 3, px: px), least)
    }

    /// The height `count` lines take at `px`.
    public static func height(lines count: Int, px: Double, face: TypeFace = .text) -> Double {
        let line = face.metrics.lineHeight(px: px)
        return Double(count) * line + Double(max(count - 1, 0)) * (line * 0.15).rounded()
    }

    /// The height `text` takes wrapped to `width` at `px`.
    public static func paragraphHeight(
        _ text: String, px: Double, width: Double, maximumLines: Int = .max, face: TypeFace = .text
    ) -> Double {
        let font = face.metrics
        let count = min(font.wrap(text, px: px, width: width, limit: maximumLines).count, maximumLines)
        let height = font.lineHeight(px: px)
        return Double(count) * height + Double(max(count - 1, 0)) * (height * 0.15).rounded()
    }
}
