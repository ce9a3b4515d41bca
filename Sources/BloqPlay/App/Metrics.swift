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

    /// The height of a standard button.
    public var unit: Double { max(minimumButtonSize, min(viewport.width, viewport.height) * 0.085) }

    /// The header's Back button, top left on every screen but the title.
    public func backControl(_ label: String = "Back") -> Control {
        Control(.back, label, rect: Rect(x: unit * 0.3, y: unit * 0.3, width: unit * 2.4, height: unit), leading: "‹ ")
    }

    /// The height of the play screen's toolbar.
    public var toolbarHeight: Double { max(minimumButtonSize * 1.3, min(viewport.height * 0.12, 90)) }
}
