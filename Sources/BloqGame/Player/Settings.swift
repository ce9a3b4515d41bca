import BloqCore

/// The player's settings (saved under `$XDG_CONFIG_HOME/bloq/` by the platform).
public struct Settings: Codable, Equatable, Sendable {
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

    private enum CodingKeys: String, CodingKey {
        case colorBlindSymbols, sound, fullscreen, theme, contrast, motion, reducedMotion, windowWidth, windowHeight, language
    }

    public init(from decoder: any Decoder) throws {
        self = try SalvagedSettings(from: decoder).settings
    }

    /// Every setting, and `reducedMotion` beside `motion` for the versions before it (which
    /// read only that, and a choice to follow the system as no reduced motion).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(colorBlindSymbols, forKey: .colorBlindSymbols)
        try container.encode(sound, forKey: .sound)
        try container.encode(fullscreen, forKey: .fullscreen)
        try container.encode(theme, forKey: .theme)
        try container.encode(contrast, forKey: .contrast)
        try container.encode(motion, forKey: .motion)
        try container.encode(reducedMotion, forKey: .reducedMotion)
        try container.encode(windowWidth, forKey: .windowWidth)
        try container.encode(windowHeight, forKey: .windowHeight)
        try container.encode(language, forKey: .language)
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

/// A settings file read setting by setting: each that cannot be decoded or is out of range
/// is dropped (its default stands) and described; the rest is kept. Keys this version does
/// not know are left alone. Only a file that is not a JSON object fails to decode.
public struct SalvagedSettings: Decodable, Sendable {
    public var settings = Settings()
    /// One description a dropped setting ("windowWidth: out of range").
    public var dropped: [String] = []

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func flag(_ name: String, _ apply: (Bool) -> Void) {
            let key = Key(stringValue: name)
            guard container.contains(key) else { return }
            if let value = try? container.decode(Bool.self, forKey: key) {
                apply(value)
            } else {
                dropped.append("\(name): not true or false")
            }
        }
        func size(_ name: String, _ apply: (Int) -> Void) {
            let key = Key(stringValue: name)
            guard container.contains(key), (try? container.decodeNil(forKey: key)) != true else { return }
            if let value = try? container.decode(Int.self, forKey: key), Settings.windowSizes.contains(value) {
                apply(value)
            } else {
                dropped.append("\(name): not a whole number from \(Settings.windowSizes.lowerBound) to \(Settings.windowSizes.upperBound)")
            }
        }
        func choice<Choice: RawRepresentable<String> & CaseIterable>(_ name: String, _ apply: (Choice) -> Void) {
            let key = Key(stringValue: name)
            guard container.contains(key) else { return }
            if let value = try? container.decode(String.self, forKey: key), let chosen = Choice(rawValue: value) {
                apply(chosen)
            } else {
                let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
                dropped.append("\(name): not " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
            }
        }
        func language(_ name: String, _ apply: (String) -> Void) {
            let key = Key(stringValue: name)
            guard container.contains(key) else { return }
            if let value = try? container.decode(String.self, forKey: key), Settings.isLanguageSetting(value) {
                apply(value)
            } else {
                dropped.append("\(name): not \"\(Settings.automaticLanguage)\" or a language code such as \"de\"")
            }
        }
        var settings = Settings()
        flag("colorBlindSymbols") { settings.colorBlindSymbols = $0 }
        flag("sound") { settings.sound = $0 }
        flag("fullscreen") { settings.fullscreen = $0 }
        // A file of a version before `motion` says only whether motion was reduced: true
        // was the player's choice; false, the default then, now follows the system.
        flag("reducedMotion") { settings.motion = $0 ? .reduced : .system }
        choice("motion") { settings.motion = $0 }
        choice("theme") { settings.theme = $0 }
        choice("contrast") { settings.contrast = $0 }
        size("windowWidth") { settings.windowWidth = $0 }
        size("windowHeight") { settings.windowHeight = $0 }
        language("language") { settings.language = $0 }
        self.settings = settings
    }
}
