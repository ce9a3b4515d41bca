import ArgumentParser
import BloqFiles
import BloqGame
import BloqLocalization
import BloqPlay

/// The language the game shows, chosen as it starts and changed when the player picks
/// another in Settings. At start `--lang` wins, then the saved setting, then "auto": a live
/// game follows the desktop (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as GNU programs
/// do), a replay shows English, so that its `tap LABEL` lines stay valid whatever the
/// locale of the machine it runs on (CONTRACT §3). Catalogs come from `CatalogLocator`;
/// without them, or without a catalog for the language, the game shows English.
public struct GameLanguage: Sendable {
    /// `--lang`, when given.
    public var commandLine: String?
    /// What "auto" shows, best first; empty: English.
    public var automatic: [String]
    /// The folder of catalogs found, if any.
    public var catalogs: String?
    /// Where catalogs were looked for (for a warning when none was found).
    public var searched: [String]
    /// Names in the environment's language list that were left out because they could name
    /// a path outside the catalogs' folder (`RequestedLanguages.refused(by:)`), said once at start.
    public var refused: [String] = []

    public init(commandLine: String?, automatic: [String], catalogs: CatalogLocator = CatalogLocator()) {
        self.commandLine = commandLine
        self.automatic = automatic
        self.catalogs = catalogs.locate()
        searched = catalogs.candidates.map(\.path)
    }

    /// A live game's: "auto" follows `environment`.
    public static func live(commandLine: String?, environment: [String: String] = ProcessEnvironment.current) -> GameLanguage {
        var language = GameLanguage(commandLine: commandLine, automatic: RequestedLanguages.preferred(by: environment))
        language.refused = RequestedLanguages.refused(by: environment)
        return language
    }

    /// A replay's: "auto" is English, whatever the environment says.
    public static func replay(commandLine: String?) -> GameLanguage {
        GameLanguage(commandLine: commandLine, automatic: [])
    }

    /// The code the languages for `setting` ("auto" or a code) come from, when one is named
    /// (`--lang` or the setting); nil: "auto" shows `automatic`. At start `--lang` wins over
    /// the setting; a setting the player picks later wins over `--lang`, and "auto" picked
    /// then is `--lang`.
    func code(setting: String, atStart: Bool) -> String? {
        if atStart, let commandLine { return commandLine }
        return setting != Settings.automaticLanguage ? setting : commandLine
    }

    /// The code `setting` names when it is what is shown (not overridden by `--lang`) and
    /// this Bloq has no catalog for it (`"language": "xx"` in settings.json, or a newer
    /// Bloq's language): the game then follows the desktop's language, as "auto" does, and
    /// says so. Nil otherwise.
    public func unavailableSetting(_ setting: String, atStart: Bool) -> String? {
        guard let catalogs, let named = code(setting: setting, atStart: atStart), named == setting, !(atStart && commandLine != nil)
        else { return nil }
        return named != Language.english.code && CatalogLocator.catalog(for: named, in: catalogs) == nil ? named : nil
    }

    /// Shows the languages for `setting` from the next text looked up on (mid-run too).
    /// Returns warnings for standard error: a language asked for by name (`--lang`, the
    /// setting) that cannot be shown, a damaged catalog (passed over: `CatalogLocator.load`),
    /// and at start a language name that could reach outside the catalogs' folder. A
    /// desktop language without a catalog is English without a word, as in any GNU program.
    /// A setting this Bloq cannot show (`unavailableSetting`) falls back to the desktop's
    /// language. Returns too which language shows, for Settings' Language row.
    @discardableResult
    public func show(setting: String, atStart: Bool) -> (warnings: [String], shown: ShownLanguage) {
        // `--lang` wins over a setting at start, until the player picks a language.
        let forced = atStart && setting != Settings.automaticLanguage ? commandLine : nil
        if let unavailable = unavailableSetting(setting, atStart: atStart) {
            let automatic = show(setting: Settings.automaticLanguage, atStart: atStart)
            let warning =
                "the settings name the language '\(unavailable)', which this Bloq has no translation for, so the game follows "
                + "the desktop's language instead (as Automatic does); choose a language in Settings"
            return ([warning] + automatic.warnings, automatic.shown)
        }
        let named = code(setting: setting, atStart: atStart)
        let wanted = named.map(Self.list) ?? automatic
        var warnings: [String] = []
        if atStart, named == nil {
            for name in refused {
                warnings.append(
                    "the language list of the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) names '\(Self.printable(name))', "
                        + "which holds '/' or '..' and so is no language name: it is ignored")
            }
        }
        guard let catalogs else {
            Localized.use([])
            let english = ShownLanguage(code: Language.english.code, forced: forced)
            guard let named, !wanted.isEmpty else { return (warnings, english) }
            return (
                warnings + [
                    "no translations found (looked in \(searched.joined(separator: ", "))), so the game shows English, not '\(named)'; "
                        + "build them with make mo, or reinstall Bloq"
                ], english
            )
        }
        let loaded = CatalogLocator.load(wanted, in: catalogs)
        Localized.use(loaded.catalogs)
        warnings += loaded.warnings
        if let named, !wanted.isEmpty, !loaded.found {
            let have = CatalogLocator.languages(in: catalogs).joined(separator: ", ")
            warnings.append("no catalog for the language '\(named)' in \(catalogs) (it has: \(have)), so the game shows English")
        }
        return (warnings, ShownLanguage(code: loaded.first ?? Language.english.code, forced: forced))
    }

    /// What Settings' Language row offers: Automatic, English, and each shipped language
    /// whose catalog is in the folder found (none found: Automatic and English only).
    public var offeredChoices: [String] {
        let installed = catalogs.map(CatalogLocator.languages(in:)) ?? []
        return Settings.languageChoices.filter {
            $0 == Settings.automaticLanguage || $0 == Language.english.code || installed.contains($0)
        }
    }

    /// `text` with control characters shown as `?` (an environment variable may hold
    /// anything, escape sequences included, and the warning goes to a terminal).
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(200).map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }

    /// A setting's or `--lang`'s code as a language list: English is the empty list.
    static func list(_ code: String) -> [String] {
        code == Language.english.code ? [] : [code]
    }
}

/// `--lang LL`: one of the shipped languages' codes.
public enum LanguageOption {
    /// The codes `--lang` takes, for the help and shell completion.
    public static var codes: [String] { Language.available.map(\.code) }

    public static func parse(_ text: String) throws -> String {
        guard Language.named(text) != nil else {
            let known = Language.available.map { "\($0.code) (\($0.name))" }.joined(separator: ", ")
            throw ValidationError("'\(text)' is not a language Bloq speaks; give one of: \(known)")
        }
        return text
    }
}
