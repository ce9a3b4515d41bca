import CGettext

/// The game's words in the player's language, through glibc's gettext (catalogs
/// `share/locale/LL/LC_MESSAGES/bloq.mo`). Every text a player reads in the window goes
/// through `tr(_:)` or `tr(_:_:count:)`; the extractor (`make pot`) finds the calls.
///
/// Placeholders are numbered, `%1`, `%2`, so a translation may put them in another order:
/// `tr("Level %1 of %2", "\(n)", "\(total)")`.
public enum Localized {
    /// The gettext domain: the catalogs' file name.
    public static let domain = "bloq"

    /// Reads the catalogs from `folder` (`LL/LC_MESSAGES/bloq.mo` in it) from now on.
    public static func useCatalogs(in folder: String) {
        bloq_bind_domain(domain, folder)
    }

    /// Shows `languages` (gettext's names, best first: "de", "pt_BR") from the next `tr`
    /// on, mid-run too: the first that has a catalog is shown; English when none has, or
    /// for an empty list. Only the process's messages locale and `LANGUAGE` are set (no
    /// generated locale is needed: see `bloq_show_languages`). Returns false when glibc
    /// cannot show any translation here (no C.UTF-8 locale and no other it can set), so
    /// everything stays English. Call it from the thread that draws, not while another
    /// thread looks a text up.
    @discardableResult
    public static func show(_ languages: [String]) -> Bool {
        bloq_show_languages(languages.joined(separator: ":")) != 0
    }

    /// The translation of `msgid` (itself when there is none).
    public static func string(_ msgid: String) -> String {
        guard !msgid.isEmpty else { return msgid }
        // gettext answers an untranslated text with the very pointer it was given, which
        // lives only as long as `withCString`: that answer is `msgid` itself.
        return msgid.withCString { key in
            guard let translated = bloq_dgettext(domain, key), translated != key else { return msgid }
            return String(cString: translated)
        }
    }

    /// The translation of the form for `count` (`singular` for one, `plural` else, or the
    /// language's own forms: Russian has three).
    public static func plural(_ singular: String, _ plural: String, count: Int) -> String {
        let english = count == 1 ? singular : plural
        return singular.withCString { one in
            plural.withCString { many in
                let translated = bloq_dngettext(domain, one, many, UInt(clamping: max(count, 0)))
                guard let translated, translated != one, translated != many else { return english }
                return String(cString: translated)
            }
        }
    }

    /// `text` with `%1`, `%2`, … replaced by `arguments` (`%%` is a percent sign).
    public static func format(_ text: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var digits = ""
            var following: Character?
            while let next = characters.next() {
                if next.isASCII, next.wholeNumberValue != nil {
                    digits.append(next)
                } else {
                    following = next
                    break
                }
            }
            if let index = Int(digits), arguments.indices.contains(index - 1) {
                result += arguments[index - 1]
            } else {
                result += "%" + digits
            }
            if let following {
                if following == "%", digits.isEmpty { continue }
                result.append(following)
            }
        }
        return result
    }
}

/// The translation of `msgid`, its `%1`, `%2`, … filled in with `arguments`.
public func tr(_ msgid: String, _ arguments: String...) -> String {
    Localized.format(Localized.string(msgid), arguments)
}

/// The translation of the form for `count`, its `%1`, `%2`, … filled in with `arguments`
/// (give the count itself as an argument to show it: `tr("%1 move", "%1 moves", count: n, "\(n)")`).
public func tr(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    Localized.format(Localized.plural(singular, plural, count: count), arguments)
}

/// `msgid` as it is, marked for the catalog (`make pot` extracts it) but not translated now:
/// for a text kept in a table made once (the key help's), translated with `tr(_:)` where it
/// is shown, so that it follows a change of language.
public func trLater(_ msgid: String) -> String { msgid }
