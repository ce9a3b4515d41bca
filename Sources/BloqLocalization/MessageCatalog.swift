/// A compiled gettext catalog (a `.mo` file, as msgfmt writes it), read and checked whole
/// by Bloq before any of it is used, then looked up by Bloq itself: glibc's gettext never
/// opens a catalog (docs/translating.md says why). Reading it checks everything a lookup
/// will rely on, so a damaged or hostile file is refused with a reason instead of crashing
/// the game or hanging it:
///
/// - the magic number (either byte order), a revision this reader knows (major 0 or 1);
/// - the string count and the offsets of the two string tables and the hash table, each
///   table inside the file;
/// - every string's offset and length inside the file, followed by its NUL, in UTF-8;
/// - no translation longer than `maximumTranslationBytes` (so that no text the game lays out
///   is longer than a few lines), no msgid twice;
/// - the header entry (the empty msgid): a charset other than UTF-8 is refused, and its
///   `Plural-Forms` rule is parsed and tried on n from 0 to 1,000 and beyond (`PluralRule`),
///   each plural translation having exactly the forms the rule names.
public struct MessageCatalog: Sendable {
    /// The largest catalog file read (Bloq's are about 30 KiB).
    public static let maximumFileSize = 4 << 20
    /// The longest translation accepted, in bytes of UTF-8 (Bloq's longest is under 500).
    public static let maximumTranslationBytes = 4_096

    /// The translations by msgid (a plural entry by its singular): one form, or one a
    /// plural form.
    let translations: [String: [String]]
    /// How a count picks a plural form.
    public let plural: PluralRule

    /// Reads and checks the bytes of a `.mo` file; throws what is wrong with it, in words.
    public init(bytes: [UInt8]) throws(CatalogError) {
        let size = bytes.count
        guard size <= Self.maximumFileSize else {
            throw CatalogError("it is \(size) bytes, more than the \(Self.maximumFileSize) a catalog may be")
        }
        guard size >= 28 else { throw CatalogError("it is \(size) bytes, too short for a catalog's 28-byte header") }
        let littleEndian: Bool
        switch Self.word(bytes, 0, littleEndian: true) {
        case 0x9504_12DE: littleEndian = true
        case 0xDE12_0495: littleEndian = false
        default: throw CatalogError("it does not start with the magic number of a compiled catalog (not a .mo file)")
        }
        func word(_ offset: Int) -> Int { Int(Self.word(bytes, offset, littleEndian: littleEndian)) }
        let revision = word(4)
        guard revision >> 16 <= 1 else {
            throw CatalogError("its format revision is \(revision >> 16).\(revision & 0xFFFF); only 0 and 1 are read")
        }
        let strings = word(8)
        let originals = word(12)
        let translated = word(16)
        let hashSize = word(20)
        let hashOffset = word(24)
        // Offsets and counts are 32-bit: in 64-bit arithmetic none of these can overflow.
        guard originals + strings * 8 <= size else {
            throw CatalogError("its table of \(strings) msgids at byte \(originals) runs past the end of the file (\(size) bytes)")
        }
        guard translated + strings * 8 <= size else {
            throw CatalogError(
                "its table of \(strings) translations at byte \(translated) runs past the end of the file (\(size) bytes)")
        }
        guard hashSize == 0 || hashOffset + hashSize * 4 <= size else {
            throw CatalogError("its hash table of \(hashSize) entries at byte \(hashOffset) runs past the end of the file (\(size) bytes)")
        }
        /// The string whose length and offset are at `entry`, checked.
        func string(_ entry: Int, _ what: String, _ index: Int) throws(CatalogError) -> String {
            let length = word(entry)
            let offset = word(entry + 4)
            guard offset + length < size else {
                throw CatalogError(
                    "\(what) \(index + 1) (\(length) bytes at byte \(offset)) runs past the end of the file (\(size) bytes)")
            }
            guard bytes[offset + length] == 0 else { throw CatalogError("\(what) \(index + 1) (at byte \(offset)) does not end in a NUL") }
            guard let text = String(validating: bytes[offset..<offset + length], as: UTF8.self) else {
                throw CatalogError("\(what) \(index + 1) (at byte \(offset)) is not UTF-8")
            }
            return text
        }
        var entries: [(msgid: String, forms: [String], plural: Bool, index: Int)] = []
        entries.reserveCapacity(strings)
        var header: String?
        for index in 0..<strings {
            let msgid = try string(originals + index * 8, "msgid", index)
            let length = word(translated + index * 8)
            guard length <= Self.maximumTranslationBytes * PluralRule.maximumForms else {
                throw CatalogError(
                    "translation \(index + 1) is \(length) bytes long; a translation may be at most \(Self.maximumTranslationBytes)")
            }
            let translation = try string(translated + index * 8, "translation", index)
            if msgid.isEmpty {
                header = translation
                continue
            }
            let forms = translation.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            if let long = forms.first(where: { $0.utf8.count > Self.maximumTranslationBytes }) {
                throw CatalogError(
                    "translation \(index + 1) is \(long.utf8.count) bytes long; a translation may be at most \(Self.maximumTranslationBytes)"
                )
            }
            let parts = msgid.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
            entries.append((String(parts[0]), forms, parts.count == 2, index))
        }
        var plural = PluralRule.germanic
        if let header {
            for line in header.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].lowercased()
                let value = String(line[line.index(after: colon)...].drop { $0 == " " })
                if key == "content-type", let charset = value.lowercased().split(separator: "charset=").dropFirst().first {
                    let name = charset.prefix { $0 != ";" && $0 != " " }
                    guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name) else {
                        throw CatalogError("its charset is '\(name.prefix(40))'; Bloq reads UTF-8 catalogs only")
                    }
                } else if key == "plural-forms" {
                    plural = try PluralRule(header: value)
                }
            }
        }
        var table: [String: [String]] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries {
            if entry.plural, entry.forms.count != plural.count {
                throw CatalogError(
                    "translation \(entry.index + 1) has \(entry.forms.count) plural forms, but the Plural-Forms rule names \(plural.count)")
            }
            // An empty translation is no translation (msgfmt leaves those out).
            guard entry.forms.contains(where: { !$0.isEmpty }) else { continue }
            guard table.updateValue(entry.forms, forKey: entry.msgid) == nil else {
                throw CatalogError("msgid \(entry.index + 1) is there twice")
            }
        }
        translations = table
        self.plural = plural
    }

    /// The translation of `msgid`, if the catalog has one.
    public func translation(of msgid: String) -> String? {
        guard let first = translations[msgid]?.first, !first.isEmpty else { return nil }
        return first
    }

    /// The plural form of `singular`'s translation for `count`, if the catalog has one (and
    /// its rule names a form for `count`).
    public func translation(of singular: String, count: UInt64) -> String? {
        guard let forms = translations[singular], let form = plural.form(for: count), form < forms.count, !forms[form].isEmpty
        else { return nil }
        return forms[form]
    }

    static func word(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt32 {
        let b0 = UInt32(bytes[offset])
        let b1 = UInt32(bytes[offset + 1])
        let b2 = UInt32(bytes[offset + 2])
        let b3 = UInt32(bytes[offset + 3])
        return littleEndian ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24
    }
}
