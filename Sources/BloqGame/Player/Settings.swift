/// The player's settings (saved under `$XDG_CONFIG_HOME/bloq/` by the platform).
public struct Settings: Equatable, Sendable {
    /// Draw a distinct symbol on each colour, for players who tell colours apart poorly.
    public var colorBlindSymbols = false
    public var sound = true
    public var fullscreen = false
    /// Light or dark: the system's by default (`Appearance` resolves it).
    public var theme = ThemeSetting.system
    /// Normal or high contrast: the system's by default.
    public var contrast = ContrastSetting.system
    /// Fewer and shorter effects (confetti, transitions): the system's by default.
    public var motion = MotionSetting.system
    /// The window size in points, remembered across runs.
    public var windowWidth: Int?
    public var windowHeight: Int?
    /// The language the game shows: `Settings.automaticLanguage` ("auto": the desktop's,
    /// from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`), or a language's code ("de",
    /// one of `Language.available`, or any code a newer Bloq may have written).
    public var language = Settings.automaticLanguage

    public init() {}

    /// Whether motion is reduced by the player's choice (`motion` is `.reduced`); setting it
    /// chooses reduced or full motion. Older versions kept only this, as `reducedMotion`.
    public var reducedMotion: Bool {
        get { motion == .reduced }
        set { motion = newValue ? .reduced : .full }
    }

    /// The `language` that follows the desktop's language.
    public static let automaticLanguage = "auto"

    /// The values `language` may take, in the order a Settings control offers them:
    /// automatic first, then each shipped language.
    public static let languageChoices = [automaticLanguage] + Language.available.map(\.code)

    /// Whether `value` may be saved as `language`: "auto" or a language code.
    public static func isLanguageSetting(_ value: String) -> Bool {
        value == automaticLanguage || Language.isCode(value)
    }

    /// The window sizes a file may hold, in points.
    public static let windowSizes = 160...16384

    /// These settings with every setting that differs between `old` and `new` taken from
    /// `new`: the player's changes, applied over settings read later (a file that could not
    /// be read when the game started).
    public func applying(changesFrom old: Settings, to new: Settings) -> Settings {
        var result = self
        func take<Value: Equatable>(_ setting: WritableKeyPath<Settings, Value>) {
            if old[keyPath: setting] != new[keyPath: setting] { result[keyPath: setting] = new[keyPath: setting] }
        }
        take(\.colorBlindSymbols)
        take(\.sound)
        take(\.fullscreen)
        take(\.theme)
        take(\.contrast)
        take(\.motion)
        take(\.windowWidth)
        take(\.windowHeight)
        take(\.language)
        return result
    }

    /// Whether the values are in range (a hand-edited file may not be).
    public var isPlausible: Bool {
        [windowWidth, windowHeight].allSatisfy { $0.map { Settings.windowSizes.contains($0) } ?? true }
            && Settings.isLanguageSetting(language)
    }
}

/// A settings file read setting by setting: each that cannot be read or is out of range
/// is dropped (its default stands) and described; the rest is kept. Keys this version does
/// not know are left alone (BloqFiles' `SettingsStore` reads the file).
public struct SalvagedSettings: Sendable {
    public var settings = Settings()
    /// One description a dropped setting ("windowWidth: out of range").
    public var dropped: [String] = []

    public init() {}
}
