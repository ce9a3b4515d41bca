/// A language the game's catalogs speak (`po/LL.po`, installed as
/// `share/locale/LL/LC_MESSAGES/bloq.mo`), by its code and its name in itself.
public struct Language: Hashable, Sendable {
    /// gettext's name for it, the catalog's folder: "de".
    public let code: String
    /// Its name in itself, as a language menu shows it: "Deutsch".
    public let name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// The language of the sources' texts, shown when no catalog applies.
    public static let english = Language(code: "en", name: "English")

    /// Every language the game ships, English first, in the order a menu lists them. A new
    /// catalog is added here too (docs/translating.md).
    public static let available: [Language] = [
        english,
        Language(code: "de", name: "Deutsch"),
        Language(code: "fr", name: "Français"),
        Language(code: "es", name: "Español"),
        Language(code: "ru", name: "Русский"),
    ]

    /// The shipped language of `code` ("de"), or nil.
    public static func named(_ code: String) -> Language? {
        available.first { $0.code == code }
    }

    /// Whether `text` has the form of a language code: two or three lower-case letters,
    /// maybe an underscore and a two-letter region ("pt_BR"). Settings keep such a code
    /// even when this version has no catalog for it (a newer Bloq's language).
    public static func isCode(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        switch parts.count {
        case 1: return true
        case 2: return parts[1].count == 2 && parts[1].allSatisfy { $0.isASCII && $0.isUppercase }
        default: return false
        }
    }

    /// The languages `environment` asks messages in, best first, as a GNU program reads it
    /// (gettext's names: "de_DE.UTF-8", "fr"). The messages locale is the first set of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG`; when it is "C" or "POSIX" (or unset) the answer is
    /// English (an empty list) and `LANGUAGE` is ignored, as glibc ignores it then; else it
    /// is `LANGUAGE`'s colon-separated list when that is set, else the locale itself
    /// ("C.UTF-8" is no language, so English). The list ends before the first English entry
    /// ("en", "en_GB"…): English needs no catalog, so a language after it is never wanted,
    /// where gettext itself would look for it.
    ///
    /// A name that could reach outside the catalogs' folder (it holds `/` or `..`: a
    /// `LANGUAGE` of `../../tmp/x`) is never a language: it is left out (`refused(by:)`
    /// lists them, for a warning).
    public static func preferred(by environment: [String: String]) -> [String] {
        requested(by: environment).filter(isSafeName)
    }

    /// The names of `environment`'s language list that `preferred(by:)` leaves out because
    /// they could name a path outside the catalogs' folder.
    public static func refused(by environment: [String: String]) -> [String] {
        requested(by: environment).filter { !isSafeName($0) }
    }

    /// Whether `name` can be a folder in the catalogs' folder and nothing else: not empty,
    /// no `/` and no `..`.
    public static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("..") && !name.utf8.contains(0)
    }

    /// `preferred(by:)` before unsafe names are left out.
    private static func requested(by environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        if locale == "C" || locale == "POSIX" { return [] }
        let list: [String]
        if let language = environment["LANGUAGE"], !language.isEmpty {
            list = language.split(separator: ":").map(String.init)
        } else {
            list = [locale]
        }
        var wanted: [String] = []
        for name in list {
            let language = name.prefix { $0.isLetter }
            if language == "en" || language == "C" || name == "POSIX" { break }
            wanted.append(name)
        }
        return wanted
    }
}
