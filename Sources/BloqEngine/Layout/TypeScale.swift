/// The sizes text comes in, four of them, from the window's short side (in output pixels,
/// so a high-DPI display's larger pixel count makes them larger): captions (footers, hints,
/// notes), body (labels, lines), titles (headings), and display (the logo, "Cleared!").
/// Never below 12 points, or 14 on a window whose short side is 600 points or more: at
/// `scale` output pixels per point (a phone's 2), as large to the eye as at scale 1.
public struct TypeScale: Hashable, Sendable {
    public let caption: Double
    public let body: Double
    public let title: Double
    public let display: Double

    /// The smallest text a window of `viewport` pixels may show, in whole pixels.
    public static func minimum(for viewport: Size, scale: Double = 1) -> Double {
        ((min(viewport.width, viewport.height) >= 600 * scale ? 14 : 12) * scale).rounded()
    }

    /// Whole pixels at every scale (1.25's steps of 2.5 are rounded): the renderer opens a
    /// font at a whole size, and the layout measures at the size drawn.
    public init(viewport: Size, scale: Double = 1) {
        let short = max(min(viewport.width, viewport.height), 1)
        caption = max(TypeScale.minimum(for: viewport, scale: scale), (short * 0.026).rounded())
        body = max((caption + 2 * scale).rounded(), (short * 0.034).rounded())
        title = max((body + 4 * scale).rounded(), (short * 0.05).rounded())
        display = max((title + 8 * scale).rounded(), (short * 0.1).rounded())
    }
}
