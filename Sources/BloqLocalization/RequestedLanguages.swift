/// The languages the environment asks messages in, as a GNU program reads `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG`: what the game shows when its language setting is
/// "auto", and the names that are refused because they could name a path.
public enum RequestedLanguages {
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
