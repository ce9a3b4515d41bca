/// The sizes text comes in, four of them, from the window's short side (in output pixels,
/// so a high-DPI display's larger pixel count makes them larger): captions (footers, hints,
/// notes), body (labels, lines), titles (headings), and display (the logo, "Cleared!").
/// Never below 12 pixels, or 14 on a window whose short side is 600 or more.
public struct TypeScale: Hashable, Sendable {
    public let caption: Double
    public let body: Double
    public let title: Double
    public let display: Double

    /// The smallest text a window of `viewport` pixels may show.
    public static func minimum(for viewport: Size) -> Double { min(viewport.width, viewport.height) >= 600 ? 14 : 12 }

    public init(viewport: Size) {
        let short = max(min(viewport.width, viewport.height), 1)
        let minimum = TypeScale.minimum(for: viewport)
        caption = max(minimum, (short * 0.026).rounded())
        body = max(caption + 2, (short * 0.034).rounded())
        title = max(body + 4, (short * 0.05).rounded())
        display = max(title + 8, (short * 0.1).rounded())
    }

    /// The sizes from large to small, for text that must shrink to fit: never below the
    /// caption.
    public var descending: [Double] { [display, title, body, caption] }
}
