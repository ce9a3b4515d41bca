import BloqSync

/// The game's words in the player's language, from the catalogs `share/locale/LL/LC_MESSAGES/
/// bloq.mo`, which Bloq reads and checks itself (`MessageCatalog`) before any lookup: glibc's
/// gettext is not used (docs/translating.md says why). Every text a player reads in the
/// window goes through `tr(_:)` or `tr(_:_:count:)`; the extractor (`make pot`) finds the calls.
///
/// Placeholders are numbered, `%1`, `%2`, so a translation may put them in another order:
/// `tr("Level %1 of %2", "\(n)", "\(total)")`.
public enum Localized {
    /// The gettext domain: the catalogs' file name.
    public static let domain = "bloq"

    /// The catalogs shown, best first (a lookup tries each in turn, as gettext tries the
    /// languages of `LANGUAGE`); empty: English.
    private static let shown = Locked<[MessageCatalog]>([])

    /// Shows `catalogs` (best first) from the next `tr` on, mid-run too; an empty list is
    /// English. Safe from any thread: a lookup on another thread sees the old list or the new.
    public static func use(_ catalogs: [MessageCatalog]) {
        shown.withLock { $0 = catalogs }
    }

    /// The translation of `msgid` (itself when there is none).
    public static func string(_ msgid: String) -> String {
        guard !msgid.isEmpty else { return msgid }
        return firstTranslation { $0.translation(of: msgid) } ?? msgid
    }

    /// The translation of the form for `count` (`singular` for one, `plural` else, or the
    /// language's own forms: Russian has three).
    public static func plural(_ singular: String, _ plural: String, count: Int) -> String {
        firstTranslation { $0.translation(of: singular, count: UInt64(max(count, 0))) } ?? (count == 1 ? singular : plural)
    }

    /// The first catalog's translation that `lookup` finds, best catalog first.
    private static func firstTranslation(_ lookup: (MessageCatalog) -> String?) -> String? {
        shown.withLock { catalogs in
            for catalog in catalogs {
                if let translated = lookup(catalog) { return translated }
            }
            return nil
        }
    }

    /// The longest text `format` makes, in bytes of UTF-8 (far more than any screen shows).
    public static let maximumFormattedBytes = 1 << 16

    /// `text` with `%1`, `%2`, … replaced by `arguments` (`%%` is a percent sign).
    /// The result is cut at `maximumFormattedBytes`: a text that names a placeholder
    /// thousands of times (a hostile catalog's) cannot multiply a long argument past it.
    public static func format(_ text: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard result.utf8.count <= maximumFormattedBytes else { break }
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
