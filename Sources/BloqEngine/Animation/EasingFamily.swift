#if canImport(Glibc)
    import Glibc
#endif

/// The easing families of Kinieta (seed 003), computed exactly with Robert Penner's easing
/// equations rather than baked tables.
public enum EasingFamily: String, Hashable, Sendable, CaseIterable {
    case sine, quad, cubic, quart, quint, expo
    /// Overshoots the start (in), the end (out) or both (in-out) by Penner's constant 1.70158.
    case back
}

/// Which end of the motion an easing family eases.
public enum EasingMode: String, Hashable, Sendable, CaseIterable {
    case easeIn, easeOut, easeInOut
}

enum Penner {
    /// Back's overshoot constant.
    static let overshoot = 1.70158

    static func value(_ family: EasingFamily, _ mode: EasingMode, _ t: Double) -> Double {
        switch mode {
        case .easeIn: return easeIn(family, t)
        case .easeOut: return 1 - easeIn(family, 1 - t)
        case .easeInOut:
            if family == .back {
                // Penner's in-out Back scales the overshoot by 1.525.
                let c = overshoot * 1.525
                if t < 0.5 { return (2 * t) * (2 * t) * ((c + 1) * 2 * t - c) / 2 }
                let u = 2 * t - 2
                return (u * u * ((c + 1) * u + c) + 2) / 2
            }
            return t < 0.5 ? easeIn(family, 2 * t) / 2 : 1 - easeIn(family, 2 - 2 * t) / 2
        }
    }

    static func easeIn(_ family: EasingFamily, _ t: Double) -> Double {
        switch family {
        case .sine: return 1 - cos(t * Double.pi / 2)
        case .quad: return t * t
        case .cubic: return t * t * t
        case .quart: return t * t * t * t
        case .quint: return t * t * t * t * t
        case .expo: return t <= 0 ? 0 : pow(2, 10 * t - 10)
        case .back: return (overshoot + 1) * t * t * t - overshoot * t * t
        }
    }
}
