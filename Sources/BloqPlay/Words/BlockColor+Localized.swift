import BloqGame
import BloqLocalization

extension BlockColor {
    /// The colour's name in lower case in the language shown, for what the player reads
    /// (`name` in English).
    public var localizedName: String {
        switch self {
        case .red: tr("red")
        case .orange: tr("orange")
        case .yellow: tr("yellow")
        case .green: tr("green")
        case .blue: tr("blue")
        case .purple: tr("purple")
        case .cyan: tr("cyan")
        case .white: tr("white")
        }
    }
}
