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
}
