import BloqLocalization
import Testing

/// A `.mo` file as msgfmt lays one out (docs/translating.md): the 28-byte header, the
/// msgids' table, the translations' table, no hash table, then the strings, each with its
/// NUL. `entries` are (msgid, translation); a plural entry's msgid is "one\0many" and its
/// translation the forms joined by NUL. `edit` changes the bytes afterwards.
func moFile(
    _ entries: [(String, String)],
    header: String? = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
    bigEndian: Bool = false
) -> [UInt8] {
    let all = (header.map { [("", $0)] } ?? []) + entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    let count = all.count
    var bytes = [UInt8](repeating: 0, count: 28 + count * 16)
    func put(_ value: Int, at offset: Int) {
        for i in 0..<4 {
            let byte = UInt8(truncatingIfNeeded: value >> (8 * i))
            bytes[offset + (bigEndian ? 3 - i : i)] = byte
        }
    }
    put(0x9504_12DE, at: 0)
    put(0, at: 4)
    put(count, at: 8)
    put(28, at: 12)
    put(28 + count * 8, at: 16)
    put(0, at: 20)
    put(28 + count * 16, at: 24)
    for (table, pick) in [(28, { (entry: (String, String)) in entry.0 }), (28 + count * 8, { entry in entry.1 })] {
        for (index, entry) in all.enumerated() {
            let text = Array(pick(entry).utf8)
            put(text.count, at: table + index * 8)
            put(bytes.count, at: table + index * 8 + 4)
            bytes += text + [0]
        }
    }
    return bytes
}

/// The word at `offset` of a little-endian catalog, set to `value`.
func setWord(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
}

@Suite("Message catalogs, read and checked by Bloq")
struct MessageCatalogTests {
    /// The reason `bytes` are refused (fails when they are accepted).
    func refusal(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do throws(CatalogError) {
            _ = try MessageCatalog(bytes: bytes)
            Issue.record("accepted a catalog it should refuse", sourceLocation: sourceLocation)
            return ""
        } catch {
            return error.message
        }
    }

    @Test("a sound catalog, in either byte order: its texts, and its plural forms by its own rule")
    func sound() throws {
        let russian =
            "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"
        for bigEndian in [false, true] {
            let catalog = try MessageCatalog(
                bytes: moFile(
                    [("hint", "подсказка"), ("%1 move\0%1 moves", "%1 ход\0%1 хода\0%1 ходов"), ("untranslated", "")], header: russian,
                    bigEndian: bigEndian))
            #expect(catalog.translation(of: "hint") == "подсказка")
            #expect(catalog.translation(of: "untranslated") == nil, "an empty translation is none")
            #expect(catalog.translation(of: "missing") == nil)
            let forms = [1, 2, 5, 11, 21, 22, 25, 111].map { catalog.translation(of: "%1 move", count: UInt64($0)) }
            #expect(forms == ["%1 ход", "%1 хода", "%1 ходов", "%1 ходов", "%1 ход", "%1 хода", "%1 ходов", "%1 ходов"])
        }
        // No header: gettext's default rule, two forms, the first for one.
        let plain = try MessageCatalog(bytes: moFile([("a\0b", "x\0y")], header: nil))
        #expect(plain.translation(of: "a", count: 1) == "x")
        #expect(plain.translation(of: "a", count: 0) == "y")
    }

    @Test("a damaged file is refused with a reason: magic, revision, tables and strings out of the file, no NUL, not UTF-8")
    func damaged() {
        let good = moFile([("hint", "Hinweis"), ("play", "Spielen")])
        #expect(refusal([]).contains("too short"))
        #expect(refusal(Array(good.prefix(20))).contains("too short"))
        var magic = good
        magic[0] = 0
        #expect(refusal(magic).contains("magic number"))
        var revision = good
        setWord(&revision, 4, 2 << 16)
        #expect(refusal(revision).contains("revision is 2.0"))
        var count = good
        setWord(&count, 8, 1_000_000)
        #expect(refusal(count).contains("runs past the end of the file"))
        var table = good
        setWord(&table, 16, UInt32(good.count - 4))
        #expect(refusal(table).contains("table of 3 translations"))
        var hash = good
        setWord(&hash, 20, 1_000)
        #expect(refusal(hash).contains("hash table of 1000 entries"))
        // The translations' table starts at 28 + 3 × 8: entry 2 is "hint"'s ("" is first).
        var offset = good
        setWord(&offset, 28 + 24 + 8 + 4, 0x7FFF_FFFF)
        #expect(refusal(offset).contains("translation 2 (7 bytes at byte 2147483647) runs past the end"))
        var length = good
        setWord(&length, 28 + 24 + 8, 0xFFFF_FFF0)
        #expect(refusal(length).contains("translation 2 is 4294967280 bytes long"))
        var unterminated = good
        unterminated[unterminated.count - 1] = 0x41
        #expect(refusal(unterminated).contains("does not end in a NUL"))
        var invalid = moFile([("hint", "\u{FFFD}")])
        if let at = invalid.lastIndex(of: 0xEF) { invalid[at] = 0xFF }
        #expect(refusal(invalid).contains("is not UTF-8"))
    }

    @Test("what a catalog says is checked: its charset, a translation's length, a msgid twice, the plural forms of each entry")
    func contents() {
        #expect(refusal(moFile([("a", "b")], header: "Content-Type: text/plain; charset=ISO-8859-1\n")).contains("'iso-8859-1'"))
        let long = String(repeating: "W", count: MessageCatalog.maximumTranslationBytes + 1)
        #expect(refusal(moFile([("hint", long)])).contains("may be at most 4096"))
        #expect(refusal(moFile([("hint", "a"), ("hint", "b")])).contains("there twice"))
        #expect(refusal(moFile([("a\0b", "x\0y\0z")])).contains("has 3 plural forms, but the Plural-Forms rule names 2"))
        #expect(refusal([UInt8](repeating: 0, count: MessageCatalog.maximumFileSize + 1)).contains("more than the"))
    }

    @Test("a plural rule is parsed and tried before use: division by zero, a form past the last, nonsense, nesting")
    func pluralRules() {
        func rule(_ text: String) -> String {
            refusal(moFile([("a\0b", "x\0y")], header: "Plural-Forms: \(text)\n"))
        }
        #expect(rule("nplurals=2; plural=n/0;").contains("divides by zero for n = 0"))
        #expect(rule("nplurals=2; plural=(n%(n-5)) != 0;").contains("divides by zero for n = 5"))
        #expect(rule("nplurals=2; plural=n ? 3 : 0;").contains("gives form 3 for n = 1, but nplurals is 2"))
        #expect(rule("nplurals=0; plural=0;").contains("nplurals=0"))
        #expect(rule("nplurals=9; plural=0;").contains("nplurals=9"))
        #expect(rule("plural=n != 1;").contains("no 'nplurals='"))
        #expect(rule("nplurals=2;").contains("no 'plural='"))
        #expect(rule("nplurals=2; plural=n +;").contains("cannot be read"))
        #expect(rule("nplurals=2; plural=n ? 1;").contains("'?' without ':'"))
        #expect(rule("nplurals=2; plural=x;").contains("unexpected 'x'"))
        #expect(rule("nplurals=2; plural=99999999999999999999999;").contains("a number too large"))
        #expect(
            rule("nplurals=2; plural=" + String(repeating: "(", count: 5_000) + "n" + String(repeating: ")", count: 5_000) + ";").contains(
                "more than the 512 read"))
        #expect(
            rule("nplurals=2; plural=" + String(repeating: "(", count: 100) + "0" + String(repeating: ")", count: 100) + ";").contains(
                "nesting deeper"))
        #expect(rule("nplurals=2; plural=" + Array(repeating: "n", count: 100).joined(separator: "+") + " > 0;").contains("a chain longer"))
    }

    @Test("gettext's rules for Bloq's languages, evaluated by Bloq's own evaluator")
    func languages() throws {
        func forms(_ text: String) throws -> [Int?] {
            let rule = try PluralRule(header: text)
            return [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 101, 111].map { rule.form(for: $0) }
        }
        #expect(try forms("nplurals=2; plural=(n != 1);") == [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(try forms("nplurals=2; plural=(n > 1);") == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(
            try forms("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
                == [2, 0, 1, 1, 1, 2, 2, 2, 0, 1, 0, 2])
        // Division by zero past the values tried: that count falls back to English.
        let late = try PluralRule(header: "nplurals=2; plural=n/(n-50000) > 1;")
        #expect(late.form(for: 3) == 0)
        #expect(late.form(for: 50_000) == nil)
    }

    @Test("filling in placeholders never makes a text longer than Localized.maximumFormattedBytes")
    func formatBound() {
        let many = String(repeating: "%1", count: 2_000)
        let argument = String(repeating: "x", count: 60_000)
        let result = Localized.format(many, [argument])
        #expect(result.utf8.count <= Localized.maximumFormattedBytes + argument.utf8.count)
    }
}

@Suite("Language names")
struct LanguageNameTests {
    @Test("a name that could reach outside the catalogs' folder is no language: left out, and listed for a warning")
    func unsafeNames() {
        #expect(RequestedLanguages.isSafeName("de_DE.UTF-8"))
        #expect(RequestedLanguages.isSafeName("sr@latin"))
        for name in ["../evil/de", "..", "de/../../x", "/tmp/x", "a..b", ""] { #expect(!RequestedLanguages.isSafeName(name), "\(name)") }
        let environment = ["LANG": "de_DE.UTF-8", "LANGUAGE": "../../tmp/x:fr:de/../ru"]
        #expect(RequestedLanguages.preferred(by: environment) == ["fr"])
        #expect(RequestedLanguages.refused(by: environment) == ["../../tmp/x", "de/../ru"])
        #expect(RequestedLanguages.preferred(by: ["LANG": "../x"]) == [])
        #expect(RequestedLanguages.refused(by: ["LANG": "../x"]) == ["../x"])
    }
}
