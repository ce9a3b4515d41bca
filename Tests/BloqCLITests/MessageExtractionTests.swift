import BloqTestSupport
import Foundation
import Testing

extension ChildProcessSuite {
    /// `make pot`'s extractor (scripts/po-extract.py: xgettext cannot read Swift) and the
    /// merge into the four catalogs, on the forms the screens' code uses.
    @Suite("Translations: make pot finds every text and merges it into every catalog")
    struct MessageExtractionTests {
        /// Runs `arguments` (from the PATH) in `folder`: status, standard output, standard error.
        func run(_ arguments: [String], in folder: URL = Repository.root) throws -> (status: Int32, out: String, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let scratch = try Scratch("bloq-pot")
            let out = URL(fileURLWithPath: try scratch.file("out", ""))
            let err = URL(fileURLWithPath: try scratch.file("err", ""))
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            process.waitUntilExit()
            return (
                process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            )
        }

        /// The calls `--scan` finds in a Swift file holding `source`, as `msgid` or
        /// `msgid|plural`, and its status and standard error.
        func scan(_ source: String) throws -> (found: [String], status: Int32, err: String) {
            let file = try Scratch.keptFile("calls.swift", source)
            let result = try run(["python3", "scripts/po-extract.py", "--scan", file])
            var found: [String] = []
            for line in result.out.split(separator: "\n") {
                let call = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                let msgid = call["msgid"] as? String ?? "?"
                found.append((call["plural"] as? String).map { "\(msgid)|\($0)" } ?? msgid)
            }
            return (found, result.status, result.err)
        }

        @Test(
            "every form of a call the screens use: arguments, closures, interpolations, plurals over lines, joined and multi-line literals")
        func forms() throws {
            let source = #"""
                import BloqLocalization
                let a = tr("Play")
                let b = Control(label: tr("Next level"), action: { tr("inside a closure") })
                let c = tr("%1 move", "%1 moves", count: n, "\(n)")
                let d = tr(
                    "In progress: %1 move played",
                    "In progress: %1 moves played",
                    count: moves, "\(moves)")
                let e = tr("one " + "text" + " joined")
                let f = "before \(tr("Level %1", "\(n)")) after"
                let g = tr("""
                    A long text
                    on two lines, \
                    one continued
                    """)
                let h = tr(#"A "raw" text"#)
                let i = trLater("marked for later")
                let j = tr(variable)
                let k = tr(names["key"] ?? fallback)
                let l = thing.tr("a method of another type")
                let m = "tr(\"inside a string\")"
                // tr("in a comment")
                /* tr("in a block comment") */
                func tr(_ x: String) -> String { x }
                let o = tr("Cleared!") + tr("Best: %1", best)
                let p = tr("\u{2212} Row")
                """#
            let result = try scan(source)
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.found == [
                    "Play", "Next level", "inside a closure", "%1 move|%1 moves",
                    "In progress: %1 move played|In progress: %1 moves played",
                    "one text joined", "Level %1", "A long text\non two lines, one continued", "A \"raw\" text", "marked for later",
                    "Cleared!", "Best: %1", "\u{2212} Row",
                ])
        }

        @Test(
            "a text that would be looked up but never extracted stops make pot, saying where",
            arguments: [
                (#"tr("Level \(n)")"#, #"interpolates \(…)"#),
                (#"tr(on ? "On" : "Off")"#, #"holding the literal "On""#),
                (#"tr(name ?? "none")"#, #"holding the literal "none""#),
                (#"tr("Level " + name)"#, #"holding the literal "Level ""#),
                (#"tr("move", "moves", count: n) + trLater("move")"#, "is looked up alone here and as a plural at"),
            ])
        func refusals(call: String, says: String) throws {
            let result = try scan("let a = 1\nlet b = \(call)\n")
            #expect(result.status == 65, "\(call): \(result.err)")
            #expect(result.err.contains("calls.swift:2: "), "\(result.err)")
            #expect(result.err.contains(says), "\(result.err)")
        }

        /// The translation of `msgid` in the PO file at `path` (`msgstr`, or `msgstr[index]`),
        /// as msgmerge --no-wrap writes it (one line), or nil when it holds no such text.
        func translation(of msgid: String, in path: URL, form index: Int? = nil) throws -> String? {
            let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            guard let at = lines.firstIndex(of: Substring("msgid \"\(msgid)\"")) else { return nil }
            let key = index.map { "msgstr[\($0)] \"" } ?? "msgstr \""
            guard let line = lines[at...].first(where: { $0.hasPrefix(key) }) else { return nil }
            return String(line.dropFirst(key.count).dropLast())
        }

        @Test(
            "make pot on new tr() texts: each catalog gets them, translated from po/compendium when its words are there, plural forms and all"
        )
        func mergeIntoCatalogs() throws {
            // A copy of what make pot reads and writes.
            let scratch = try Scratch("bloq-pot-tree")
            let copy = scratch.url
            for item in ["Makefile", "Sources", "levels", "Assets", "po", "scripts"] {
                try FileManager.default.copyItem(at: Repository.url(item), to: copy.appendingPathComponent(item))
            }
            let languages = try String(contentsOf: copy.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
                .split(separator: "\n").map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(languages.count == 4)
            let before = try run(["python3", "scripts/po-check.py"], in: copy)
            #expect(before.status == 0, "\(before.err)")
            let counts = try Packaging.captures(#"po/de\.po: ([0-9]+ of [0-9]+) translated"#, in: before.out).first?.split(separator: " ")
            let (translated, total) = (Int(counts?.first ?? "") ?? -1, Int(counts?.last ?? "") ?? -1)

            // Three new texts: one and a plural a compendium knows (given here in each
            // language), and one nobody has translated yet.
            for language in languages {
                let file = copy.appendingPathComponent("po/compendium/\(language).po")
                let forms = (0..<(language == "ru" ? 3 : 2)).map { "msgstr[\($0)] \"%1 \(language)-test-form-\($0)\"" }
                let entries = """

                    msgid "A text only the compendium has"
                    msgstr "\(language)-test-text"

                    msgid "%1 test thing"
                    msgid_plural "%1 test things"
                    \(forms.joined(separator: "\n"))

                    """
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(entries.utf8))
                try handle.close()
            }
            try """
            import BloqLocalization
            let shown = [tr("A text only the compendium has"), tr("A text no catalog has yet"), tr("%1 test thing", "%1 test things", count: 3, "3")]
            """.write(to: copy.appendingPathComponent("Sources/BloqLocalization/NewTexts.swift"), atomically: true, encoding: .utf8)

            let made = try run(["make", "-s", "pot"], in: copy)
            #expect(made.status == 0, "\(made.err)")
            #expect(try translation(of: "A text no catalog has yet", in: copy.appendingPathComponent("po/bloq.pot")) == "")
            for language in languages {
                let catalog = copy.appendingPathComponent("po/\(language).po")
                #expect(try translation(of: "A text only the compendium has", in: catalog) == "\(language)-test-text")
                #expect(try translation(of: "A text no catalog has yet", in: catalog) == "", "\(language): in, untranslated")
                for form in 0..<(language == "ru" ? 3 : 2) {
                    #expect(try translation(of: "%1 test thing", in: catalog, form: form) == "%1 \(language)-test-form-\(form)")
                }
                // What was translated stays so.
                let shipped = Repository.url("po/\(language).po")
                #expect(try translation(of: "Finding a hint…", in: catalog) == translation(of: "Finding a hint…", in: shipped))
            }
            // One text left to translate: make po-check says so, and the sources and the
            // catalogs are in step again.
            let after = try run(["python3", "scripts/po-check.py"], in: copy)
            #expect(after.out.contains("po/de.po: \(translated + 2) of \(total + 3) translated"), "\(after.out)")
            #expect(!after.err.contains("run make pot"), "\(after.err)")
        }

        @Test("make po-check holds each catalog to its glossary, keeps Back and Previous apart, and French's no-break spaces")
        func glossaries() throws {
            let scratch = try Scratch("bloq-glossary-tree")
            let copy = scratch.url
            for item in ["Sources", "levels", "Assets", "po", "scripts"] {
                try FileManager.default.copyItem(at: Repository.url(item), to: copy.appendingPathComponent(item))
            }
            #expect(try run(["python3", "scripts/po-check.py"], in: copy).status == 0)
            func edit(_ language: String, _ change: (String) -> String) throws {
                let file = copy.appendingPathComponent("po/\(language).po")
                try change(String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
            }
            // German "Tipp" for a hint, French "vidé :" with an ordinary space, Russian
            // Previous said as Back.
            try edit("de") { $0.replacingOccurrences(of: "msgstr \"Suche einen Hinweis …\"", with: "msgstr \"Suche einen Tipp …\"") }
            try edit("fr") { $0.replacingOccurrences(of: "vidé\u{00A0}:", with: "vidé :") }
            try edit("ru") { $0.replacingOccurrences(of: "msgstr \"Предыдущая\"", with: "msgstr \"Назад\"") }
            let broken = try run(["python3", "scripts/po-check.py"], in: copy)
            #expect(broken.status != 0)
            #expect(broken.err.contains("'hint' is in the text but none of the glossary's words for it (Hinweis)"), "\(broken.err)")
            #expect(broken.err.contains("'Tipp' is not the glossary's word for 'hint'"), "\(broken.err)")
            #expect(broken.err.contains("French puts a no-break space (U+00A0) before ':', not a space"), "\(broken.err)")
            #expect(broken.err.contains("'Back' and 'Previous' do different things side by side"), "\(broken.err)")
            // A glossary without one of the game's terms is itself refused.
            let glossary = copy.appendingPathComponent("po/glossary/es.txt")
            let kept = try String(contentsOf: glossary, encoding: .utf8)
            try kept.split(separator: "\n").filter { !$0.hasPrefix("streak") }.joined(separator: "\n")
                .write(to: glossary, atomically: true, encoding: .utf8)
            #expect(try run(["python3", "scripts/po-check.py"], in: copy).err.contains("po/glossary/es.txt: no line for streak"))
        }

        @Test(
            "a shipped level's title, the daily board's date and the key names read natively",
            arguments: [
                ("de", "Spielen", "Der erste Stoß", "Tagesrätsel", "Samstag, 14. März 2026"),
                ("ru", "Играть", "Первый толчок", "Поле дня", "суббота, 14 марта 2026\u{00A0}г."),
            ])
        func nativeWords(language: String, play: String, title: String, daily: String, date: String) throws {
            let scratch = try Scratch("bloq-native")
            let texts = { (script: String) throws -> [String] in
                let file = scratch.path("s.script")
                try script.write(toFile: file, atomically: true, encoding: .utf8)
                let result = try Bloq.run(["replay", file, "--app", "--json", "--lang", language, "--date", "2026-03-14"])
                #expect(result.status == 0, "\(result.err)")
                let state = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
                return (state?["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            }
            #expect(try texts("at 0 tap \"\(play)\"\nat 900 end\n").first == title)
            let day = try texts("at 0 tap \"\(daily)\"\nat 3000 end\n")
            // A narrow side panel may wrap the date and the key line: their words in order.
            let words = day.joined(separator: " ")
            #expect(words.contains(date), "\(day)")
            // The key line names the keys as the language's keyboards print them.
            if language == "de" { #expect(words.contains("Esc Menü"), "\(day)") }
        }
    }
}
