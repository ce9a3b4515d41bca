/// The game's look: light or dark, normal or high contrast, and whether motion is reduced.
/// What the player sees is the settings' choices, each one that follows the system taking
/// the desktop's preference (`SystemAppearance`), and the game's defaults where the desktop
/// has none: dark, normal contrast, motion on.
public struct Appearance: Hashable, Sendable {
    public var theme: Theme
    public var contrast: Contrast
    public var reducedMotion: Bool

    public init(theme: Theme = .dark, contrast: Contrast = .normal, reducedMotion: Bool = false) {
        self.theme = theme
        self.contrast = contrast
        self.reducedMotion = reducedMotion
    }

    /// The appearance in force: each setting's choice, or, where it follows the system,
    /// the system's preference, or the default.
    public init(settings: Settings, system: SystemAppearance) {
        let standard = Appearance()
        theme =
            switch settings.theme {
            case .system: system.theme ?? standard.theme
            case .light: .light
            case .dark: .dark
            }
        contrast =
            switch settings.contrast {
            case .system: system.contrast ?? standard.contrast
            case .normal: .normal
            case .high: .high
            }
        reducedMotion =
            switch settings.motion {
            case .system: system.reducedMotion ?? standard.reducedMotion
            case .reduced: true
            case .full: false
            }
    }
}

/// Light or dark (CONTRACT §3: `"theme"`).
public enum Theme: String, Hashable, Sendable, CaseIterable {
    case dark, light
}

/// Normal or high contrast (CONTRACT §3: `"contrast"`).
public enum Contrast: String, Hashable, Sendable, CaseIterable {
    case normal, high
}

/// What the desktop prefers, as its settings portal says (`org.freedesktop.appearance`'s
/// `color-scheme` and `contrast`, and reduced motion where the desktop has it); nil where
/// it states no preference, or there is no portal.
public struct SystemAppearance: Hashable, Sendable {
    public var theme: Theme?
    public var contrast: Contrast?
    public var reducedMotion: Bool?

    public init(theme: Theme? = nil, contrast: Contrast? = nil, reducedMotion: Bool? = nil) {
        self.theme = theme
        self.contrast = contrast
        self.reducedMotion = reducedMotion
    }

    /// No preference at all (no portal, a replay, a screenshot).
    public static let none = SystemAppearance()
}

/// The theme setting: the system's (the default), or light or dark whatever it says.
public enum ThemeSetting: String, Equatable, Sendable, CaseIterable {
    case system, light, dark
}

/// The contrast setting: the system's (the default), or normal or high whatever it says.
public enum ContrastSetting: String, Equatable, Sendable, CaseIterable {
    case system, normal, high
}

/// The reduced-motion setting: the system's (the default), or reduced or full motion
/// whatever it says.
public enum MotionSetting: String, Equatable, Sendable, CaseIterable {
    case system, reduced, full
}
