import BloqEngine

/// The sizes every screen lays itself out by: the viewport and the smallest button side
/// (about 9 mm on the display, from its DPI).
public struct Metrics: Equatable, Sendable {
    public var viewport: Size
    public var minimumButtonSize: Double

    public init(viewport: Size, minimumButtonSize: Double = 40) {
        self.viewport = viewport
        self.minimumButtonSize = minimumButtonSize
    }

    /// The smallest button side in pixels: about 9 mm on a display of `dpi` dots per inch
    /// (96 when the display does not say), at `scale` pixels per point, and never below 32.
    public static func minimumButtonSize(dpi: Double = 96, scale: Double = 1) -> Double { max(dpi / 25.4 * 9 * scale, 32) }

    /// The height of a standard button.
    public var unit: Double { max(minimumButtonSize, min(viewport.width, viewport.height) * 0.085) }

    /// The header's Back button, top left on every screen but the title.
    public func backControl(_ label: String = "Back") -> Control {
        Control(.back, label, rect: Rect(x: unit * 0.3, y: unit * 0.3, width: unit * 2.4, height: unit), leading: "‹ ")
    }

    /// The height of the play screen's toolbar.
    public var toolbarHeight: Double { max(minimumButtonSize * 1.3, min(viewport.height * 0.12, 90)) }
}
