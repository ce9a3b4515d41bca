import BloqEngine

/// A button before it is laid out: what it is and says (with a shorter way to say it,
/// for narrow windows), and how it shows.
public struct ButtonSpec {
    public var id: ControlID
    public var label: String
    public var leading = ""
    public var trailing = ""
    /// Said instead when the label with its decorations does not fit (nil: the label alone).
    public var short: String?
    public var isEnabled = true
    public var style = Control.Style.plain

    public init(
        _ id: ControlID, _ label: String, leading: String = "", trailing: String = "", short: String? = nil, isEnabled: Bool = true,
        style: Control.Style = .plain
    ) {
        self.id = id
        self.label = label
        self.leading = leading
        self.trailing = trailing
        self.short = short
        self.isEnabled = isEnabled
        self.style = style
    }

    /// What it says in full, and what it says when space is short.
    var full: String { leading + label + trailing }
    var brief: String { short ?? label }

    /// The button saying its brief label alone, without decorations.
    public var briefOnly: ButtonSpec { ButtonSpec(id, brief, isEnabled: isEnabled, style: style) }
}

/// Buttons that belong together (a toolbar, a menu): laid out in a grid of equal cells,
/// every one the same size with the same label size, the largest of the type scale's
/// label sizes at which every label fits (the brief labels when the full ones do not).
/// A single row whose equal cells would shrink or shorten a long label (a German toolbar's
/// "Rückgängig") gives each button the width its label needs instead, the room left shared.
public enum ButtonGroup {
    /// Horizontal room a label needs beside its text.
    static func padding(_ height: Double) -> Double { max(height * 0.5, 12) }

    /// The label sizes buttons `height` high may have, largest first (two, so that a screen's
    /// labels come in two sizes at most).
    static func sizes(height: Double, scale: TypeScale) -> [Double] {
        [scale.body, scale.caption].filter { Typesetter.font.lineHeight(px: $0) <= height * 0.8 }
    }

    /// The label size and whether the brief labels are needed, for buttons `width` wide
    /// and `height` high; nil when even the brief labels do not fit at the smallest size.
    public static func labelSize(_ specs: [ButtonSpec], width: Double, height: Double, scale: TypeScale) -> (px: Double, brief: Bool)? {
        let room = width - padding(height)
        let sizes = sizes(height: height, scale: scale)
        if let px = Typesetter.size(fitting: specs.map(\.full), width: room, sizes: sizes) { return (px, false) }
        if let px = Typesetter.size(fitting: specs.map(\.brief), width: room, sizes: sizes) { return (px, true) }
        return nil
    }

    /// One row of `specs` across `width`, each as wide as its full label needs at the
    /// largest size where they all fit, the room left shared equally: the widths and that
    /// size, or nil when the full labels do not fit even so, or fit no larger than
    /// `than` (what equal cells give).
    static func contentWidths(
        _ specs: [ButtonSpec], width: Double, height: Double, gap: Double, scale: TypeScale, than equal: (px: Double, brief: Bool)?
    ) -> (widths: [Double], px: Double)? {
        for px in sizes(height: height, scale: scale) {
            if let equal, !equal.brief, equal.px >= px { return nil }
            let needs = specs.map { Typesetter.font.boxWidth($0.full, px: px) + padding(height) }
            let spare = width - gap * Double(specs.count - 1) - needs.reduce(0, +)
            if spare >= 0 { return (needs.map { $0 + spare / Double(specs.count) }, px) }
        }
        return nil
    }

    /// The widest label of `specs` at `px`, with its padding (what a button needs across).
    public static func neededWidth(_ specs: [ButtonSpec], px: Double, height: Double) -> Double {
        (specs.map { Typesetter.font.boxWidth($0.full, px: px) }.max() ?? 0) + padding(height)
    }

    /// Lays `specs` out in `columns` columns inside `frame` (row by row), cells `height`
    /// high with `gap` between them, centred in `frame`. Nil when the labels cannot fit.
    public static func grid(
        _ specs: [ButtonSpec], in frame: Rect, columns: Int, height: Double, gap: Double, scale: TypeScale, maximumWidth: Double? = nil
    ) -> [Control]? {
        guard !specs.isEmpty else { return [] }
        let columns = max(min(columns, specs.count), 1)
        let rows = (specs.count + columns - 1) / columns
        var width = (frame.width - gap * Double(columns - 1)) / Double(columns)
        if let maximumWidth { width = min(width, maximumWidth) }
        guard width > 0 else { return nil }
        let equal = labelSize(specs, width: width, height: height, scale: scale)
        if rows == 1, maximumWidth == nil,
            let row = contentWidths(specs, width: frame.width, height: height, gap: gap, scale: scale, than: equal)
        {
            var x = frame.x
            let y = frame.y + max((frame.height - height) / 2, 0)
            return zip(specs, row.widths).map { spec, width in
                var control = Control(
                    spec.id, spec.label, rect: Rect(x: x, y: y, width: width, height: height), isEnabled: spec.isEnabled,
                    style: spec.style, leading: spec.leading, trailing: spec.trailing)
                control.labelPx = row.px
                x += width + gap
                return control
            }
        }
        guard let label = equal else { return nil }
        let totalWidth = width * Double(columns) + gap * Double(columns - 1)
        let totalHeight = height * Double(rows) + gap * Double(rows - 1)
        let left = frame.x + (frame.width - totalWidth) / 2
        let top = frame.y + max((frame.height - totalHeight) / 2, 0)
        return specs.enumerated().map { index, spec in
            let rect = Rect(
                x: left + Double(index % columns) * (width + gap), y: top + Double(index / columns) * (height + gap), width: width,
                height: height)
            // The label is what shows (replays tap by it): the brief one in a narrow window.
            var control = Control(
                spec.id, label.brief ? spec.brief : spec.label, rect: rect, isEnabled: spec.isEnabled, style: spec.style,
                leading: label.brief ? "" : spec.leading, trailing: label.brief ? "" : spec.trailing)
            control.labelPx = label.px
            return control
        }
    }

    /// `grid`, and when even the brief labels do not fit at the caption's size (a long
    /// translation in a narrow window), the brief labels at the caption's size cut with
    /// "…": a button is never left out for its label.
    public static func gridAlways(
        _ specs: [ButtonSpec], in frame: Rect, columns: Int, height: Double, gap: Double, scale: TypeScale, maximumWidth: Double? = nil
    ) -> [Control] {
        if let laid = grid(specs, in: frame, columns: columns, height: height, gap: gap, scale: scale, maximumWidth: maximumWidth) {
            return laid
        }
        guard !specs.isEmpty else { return [] }
        let columns = max(min(columns, specs.count), 1)
        var width = (frame.width - gap * Double(columns - 1)) / Double(columns)
        if let maximumWidth { width = min(width, maximumWidth) }
        let room = width - padding(height)
        let cut = specs.map { spec in
            ButtonSpec(
                spec.id, Typesetter.fitted(spec.brief, px: scale.caption, width: max(room, 1), keepingEnd: false),
                isEnabled: spec.isEnabled,
                style: spec.style)
        }
        return grid(cut, in: frame, columns: columns, height: height, gap: gap, scale: scale, maximumWidth: maximumWidth) ?? []
    }

    /// `specs` in the first of `choices` (column counts, fewest rows first) whose labels fit,
    /// in the frame `frame` gives for that count; when none fits (a long translation in a
    /// narrow window), the last choice with its labels cut (`gridAlways`): a button is never
    /// left out. Returns the controls and the frame they were laid out in.
    public static func firstFitting(
        _ specs: [ButtonSpec], columns choices: [Int], in frame: (Int) -> Rect, height: Double, gap: Double, scale: TypeScale
    ) -> (controls: [Control], frame: Rect)? {
        for columns in choices {
            if let laid = grid(specs, in: frame(columns), columns: columns, height: height, gap: gap, scale: scale) {
                return (laid, frame(columns))
            }
        }
        guard let columns = choices.last else { return nil }
        let laid = gridAlways(specs, in: frame(columns), columns: columns, height: height, gap: gap, scale: scale)
        return laid.isEmpty ? nil : (laid, frame(columns))
    }

    /// `controls` in rows with their last row, when it is shorter than the others, centred
    /// in `frame` (7 tabs are 4 + 3 under them in the middle, not 3 hanging to the left).
    public static func centredLastRow(_ controls: [Control], in frame: Rect) -> [Control] {
        guard let lastY = controls.last?.rect.y, controls.first?.rect.y != lastY else { return controls }
        let last = controls.indices.filter { controls[$0].rect.y == lastY }
        guard let first = last.first, let end = last.last else { return controls }
        let shift = frame.center.x - (controls[first].rect.x + controls[end].rect.maxX) / 2
        var result = controls
        for index in last {
            result[index].rect.x += shift
            result[index].labelFrame?.x += shift
        }
        return result
    }

    /// The height `count` buttons take in `columns` columns.
    public static func height(count: Int, columns: Int, height: Double, gap: Double) -> Double {
        let rows = (count + max(columns, 1) - 1) / max(columns, 1)
        return height * Double(rows) + gap * Double(max(rows - 1, 0))
    }

    /// `specs` in as few columns as fit `frame`'s height (one column at most
    /// `maximumWidth` wide, each column as wide as its labels need); nil when no number
    /// of columns fits.
    public static func fitted(
        _ specs: [ButtonSpec], in frame: Rect, height: Double, gap: Double, scale: TypeScale, maximumWidth: Double
    ) -> [Control]? {
        for columns in 1...max(min(specs.count, 4), 1) {
            guard ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap) <= frame.height else { continue }
            let needed = neededWidth(specs, px: scale.body, height: height)
            let width = min(max(needed, maximumWidth), (frame.width - gap * Double(columns - 1)) / Double(columns))
            let wanted = width * Double(columns) + gap * Double(columns - 1)
            let centred = Rect(x: frame.center.x - wanted / 2, y: frame.y, width: wanted, height: frame.height)
            if let laid = grid(specs, in: centred, columns: columns, height: height, gap: gap, scale: scale) { return laid }
        }
        return nil
    }
}
