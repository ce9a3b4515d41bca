/// The faces the game's text is set in (docs/design.md): a rounded geometric display face
/// with character for what is few words and large, and a sturdy text face in two weights
/// for everything read. Each measures what it lacks (symbols, arrows) with DejaVu Sans
/// Bold, the fallback the renderer draws those characters in.
public enum TypeFace: String, Hashable, Sendable, CaseIterable {
    /// Comfortaa Bold: the game's name, screen headings, "Cleared!", the move count.
    case display
    /// Inter Semi Bold: labels, buttons and body lines.
    case text
    /// Inter Medium: quieter lines a layout sets in it (and measures in it).
    case quiet

    /// The face's metrics, with the fallback's for what it lacks.
    public var metrics: FontMetrics {
        switch self {
        case .display: TypeFace.displayMetrics
        case .text: TypeFace.textMetrics
        case .quiet: TypeFace.quietMetrics
        }
    }

    private static let displayMetrics = FontMetrics.comfortaaBold.falling(backTo: .dejaVuSansBold)
    private static let textMetrics = FontMetrics.interSemiBold.falling(backTo: .dejaVuSansBold)
    private static let quietMetrics = FontMetrics.interMedium.falling(backTo: .dejaVuSansBold)
}
