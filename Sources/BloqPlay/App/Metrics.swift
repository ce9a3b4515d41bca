import BloqEngine
import BloqLocalization

/// The sizes every screen lays itself out by: the viewport, the smallest button side (about
/// 9 mm on the display, from its DPI) and the output pixels per point (`scale`: 2 on a
/// phone), by which the smallest text and cells are as large to the eye at every scale.
public struct Metrics: Equatable, Sendable {
    /// Where the screens lay themselves out: the window, but a band along its bottom the
    /// shell keeps (the gamepad's buttons, while a gamepad is used).
    public var viewport: Size
    /// The whole window: the type scale, the margins and the button sizes follow it, so a
    /// band the shell keeps changes where things go, not how large they are.
    public var window: Size
    public var minimumButtonSize: Double
    public var scale: Double

    public init(viewport: Size, minimumButtonSize: Double = 40, window: Size? = nil, scale: Double = 1) {
        self.viewport = viewport
        self.window = window ?? viewport
        self.minimumButtonSize = minimumButtonSize
        self.scale = scale
    }

    /// The smallest button side in pixels: about 9 mm on a display of `dpi` points per inch
    /// (SDL's, 96 when the display does not say), at `scale` pixels per point, and never
    /// below 32 points.
    public static func minimumButtonSize(dpi: Double = 96, scale: Double = 1) -> Double { max(dpi / 25.4 * 9, 32) * scale }

    /// The window's short side.
    public var shortSide: Double { min(window.width, window.height) }

    /// Whether the window's short side is under 340 points: a small desktop window, since
    /// no touchscreen is that small.
    var isSmallDesktop: Bool { shortSide < 340 * scale }

    /// Whether the window is taller than wide (a phone held upright): screens stack their
    /// parts then, and the board takes the full width.
    public var isPortrait: Bool { window.height > window.width }

    /// The sizes text comes in on this window.
    public var type: TypeScale { TypeScale(viewport: window, scale: scale) }

    /// The smallest side of a control: about 9 mm on the display, but never more than 26
    /// points in a small desktop window.
    public var minimumControl: Double { isSmallDesktop ? min(minimumButtonSize, 26 * scale) : minimumButtonSize }

    /// The smallest side of a board's cell, the play screen's and the editor's: a finger's
    /// width, 40 points, or 28 in a small desktop window (played with a mouse).
    public var minimumCell: Double { (isSmallDesktop ? 28 : 40) * scale }

    /// The height of a standard button.
    public var unit: Double { max(minimumControl, (shortSide * 0.085).rounded()) }

    /// The space between a screen's edge and what is on it, and between its groups.
    public var margin: Double { max((shortSide * 0.022).rounded(), 6 * scale) }

    /// The space between buttons of a group.
    public var gap: Double { max((unit * 0.2).rounded(), 4 * scale) }

    /// The header's Back button, top left on every screen but the title.
    /// `brief`: the chevron alone, a square (a phone's editor, whose fields need the row).
    public func backControl(brief: Bool = false) -> Control {
        let height = unit
        var control = Control(
            .back, brief ? "‹" : tr("Back"), rect: Rect(x: margin, y: margin, width: 0, height: height), leading: brief ? "" : "‹ ")
        let px = type.body
        control.rect.width =
            brief ? height : max(Typesetter.font.boxWidth(control.text, px: px) + ButtonGroup.padding(height), height * 1.5)
        control.labelPx = px
        return control
    }

    /// A screen's header: Back at the left, `heading` centred in what is left (as large as
    /// fits, never below the caption), `trailing` controls at the right; returns its
    /// controls, its heading, and where the rest of the screen starts.
    public func header(_ heading: String, trailing: [ButtonSpec] = []) -> (controls: [Control], texts: [TextBox], bottom: Double) {
        let back = backControl()
        var controls = [back]
        var right = viewport.width - margin
        for spec in trailing.reversed() {
            let width = ButtonGroup.neededWidth([spec], px: type.body, height: unit)
            let frame = Rect(x: right - width, y: margin, width: width, height: unit)
            if let laid = ButtonGroup.grid([spec], in: frame, columns: 1, height: unit, gap: 0, scale: type) {
                controls += laid
                right -= width + gap
            }
        }
        // The heading is centred on the window when it can be, else between the buttons.
        let left = back.rect.maxX + gap
        let room = right - left
        let centred = min(viewport.width / 2 - left, right - viewport.width / 2) * 2
        var texts: [TextBox] = []
        // Set in the display face (docs/design.md), as every screen's heading.
        if let px = Typesetter.size(
            fitting: [heading], width: max(centred, room), sizes: [type.title, type.body, type.caption], face: .display)
        {
            let frame =
                Typesetter.fits(heading, px: px, width: centred, face: .display)
                ? Rect(x: viewport.width / 2 - centred / 2, y: margin, width: centred, height: unit)
                : Rect(x: left, y: margin, width: room, height: unit)
            texts.append(Typesetter.line(heading, px: px, in: frame, face: .display))
        }
        return (controls, texts, margin + unit + margin)
    }

    /// The height of the play screen's toolbar.
    public var toolbarHeight: Double { max(minimumButtonSize * 1.3, min(viewport.height * 0.12, 90 * scale)) }
}
