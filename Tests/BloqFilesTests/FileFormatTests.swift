import BloqGame
import Foundation
import Testing

@testable import BloqFiles

/// The one JSON reader and writer (`JSONValue`): strict RFC 8259, its errors placed, its
/// numbers exact, and held to Foundation's reading of every text both call JSON.
@Suite("JSON: one reader and writer, strict")
struct JSONValueTests {
    func parse(_ text: String) throws(JSONValue.ParseError) -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test("values read back as written, compact and laid out; keys given twice are kept, in order")
    func roundTrip() throws {
        let value = JSONValue.object([
            "a": .array([.int(1), .double(1.5), .double(-0.25), .double(1e-7), .null, .bool(true)]),
            "s": .string("q\"\\/\n\t\u{1}é😀"), "o": .object([]), "e": .array([]), "a ": .double(1_700_000_000),
        ])
        for pretty in [false, true] {
            let text = value.text(pretty: pretty)
            #expect(try parse(text) == value, "\(text)")
            // Foundation reads what it writes the same.
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(foundation?["s"] as? String == "q\"\\/\n\t\u{1}é😀")
        }
        #expect(value.text().hasPrefix("{\"a\":[1,1.5,-0.25,1e-07,null,true]"))
        #expect(JSONValue.double(1_700_000_000).text() == "1700000000" && JSONValue.double(.nan) == .null)
        let twice = try parse("{\"k\": 1, \"k\": 2}")
        #expect(twice.members?.map(\.value) == [.int(1), .int(2)] && twice["k"] == .int(1))
        #expect(try parse("9007199254740993").intValue == 9_007_199_254_740_993, "whole numbers are exact")
        #expect(try parse("3.0").intValue == 3 && (try parse("3.5")).intValue == nil)
    }

    @Test(
        "what is not strict JSON is refused with its line and column",
        arguments: [
            ("{\"a\": 1,}", 1, 9, "a comma before '}'"), ("[1,\n2,]", 2, 3, "a comma before ']'"), ("{'a': 1}", 1, 2, "expected a key"),
            ("[01]", 1, 2, "may not start with 0"), ("[1.]", 1, 4, "after the decimal point"), ("\"\u{1}\"", 1, 2, "control character"),
            ("\"\\ud800\"", 1, 8, "surrogate"), ("[1] [2]", 1, 5, "more after the value"), ("", 1, 1, "the text ends"),
            ("{\"é\": x}", 1, 7, "cannot start a value"), ("[1 // c\n]", 1, 4, "expected ','"), ("nul", 1, 1, "expected 'null'"),
        ])
    func refused(_ text: String, line: Int, column: Int, words: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line && error.column == column && error.message.contains(words), "\(text): \(error)")
        }
    }

    @Test("bytes that are not UTF-8 are refused; a UTF-8 byte order mark is skipped; depth is bounded")
    func bytes() throws {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.int(1)]))
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONValue.ParseError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try parse(fine) != .null)
    }

    static func holdsHugeNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let text): !(Double(text)?.isFinite ?? false)
        case .array(let elements): elements.contains(where: holdsHugeNumber)
        case .object(let members): members.contains { holdsHugeNumber($0.value) }
        default: false
        }
    }

    @Test("a seeded sweep: damaged texts never crash, and every text we read Foundation reads too")
    func sweep() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("{}[]\":,.-+eE0159 \t\n\\/tfnu".utf8) + [0, 0x01, 0x80, 0xC3, 0xA9, 0xFF]
        for round in 0..<2000 {
            var bytes = ProgressFile.encode(ProgressFileTests.randomProgress(&random))
            for _ in 0..<(1 + random.below(3)) {
                guard !bytes.isEmpty else { break }
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                default: bytes[at] = alphabet[random.below(alphabet.count)]
                }
            }
            let ours = try? JSONValue.parse(bytes)
            let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            // Foundation is laxer (trailing commas, some escapes); never the other way round, but
            // for a number beyond a Double's range, which the grammar allows and Foundation
            // refuses (we read it as no number: its record is dropped).
            if let ours, !Self.holdsHugeNumber(ours) {
                #expect(theirs != nil, "seed \(seed), round \(round): \(String(decoding: bytes, as: UTF8.self))")
            }
            _ = ProgressFile.decode(bytes)
        }
    }
}

/// The progress file's format: written one record a line, read record by record.
@Suite("progress.json: written and read")
struct ProgressFileTests {
    static func randomProgress(_ random: inout SeededGenerator) -> PlayerProgress {
        var progress = PlayerProgress()
        for _ in 0..<random.below(6) {
            let id = String(format: "%016llx", random.next())
            progress.recordClear(
                level: id, stars: random.below(4), moves: random.below(40), time: Double(random.below(10_000)) / 7,
                at: Double(1_700_000_000 + random.below(1000)))
        }
        for _ in 0..<random.below(3) {
            let id = String(format: "%016llx", random.next())
            let log = (0..<random.below(5)).map { _ in Move(row: random.below(16), column: random.below(16), direction: .left) }
            progress.setUnfinished(
                level: id, UnfinishedLine(log: log, playTime: Double(random.below(500)) / 3, usedHint: random.below(2) == 0),
                at: Double(1_700_000_500 + random.below(1000)))
        }
        if random.below(2) == 0, let day = DailyDate("2026-03-\(10 + random.below(10))") {
            progress.recordDailyClear(day: day, level: "00000000000000da", stars: 3, moves: 9, time: 8, at: 1_700_000_900)
        }
        if random.below(2) == 0 {
            let cells = ".#RGBYOP"
            let columns = 2 + random.below(15)
            let lines = (0..<(2 + random.below(15))).map { _ in
                String((0..<columns).map { _ in cells[cells.index(cells.startIndex, offsetBy: random.below(cells.count))] })
            }
            progress.editorDraft = EditorDraft(
                lines: lines, title: random.below(2) == 0 ? nil : "Twin \"pairs\" ✓ \(random.below(99))",
                pack: random.below(2) == 0 ? nil : "mine \(random.below(9))",
                savedFile: random.below(2) == 0
                    ? nil : EditorDraft.SavedFile(path: "/home/ünï/levels/mine/00\(random.below(9))-a.bloq", pack: "mine"),
                savedAt: Double(1_700_000_000 + random.below(1000)) / 3)
        }
        return progress
    }

    func read(_ text: String) -> ProgressFile.Contents { ProgressFile.decode(Array(text.utf8)) }

    @Test("every progress reads back whole from its file (seeded)")
    func roundTrip() {
        var random = SeededGenerator(seed: 34)
        for round in 0..<300 {
            let progress = Self.randomProgress(&random)
            guard case .sound(let back) = ProgressFile.decode(ProgressFile.encode(progress)) else {
                Issue.record("round \(round): not sound")
                continue
            }
            #expect(back == progress, "round \(round)")
        }
    }

    @Test("bad records are dropped one by one and the rest kept; missing sections are empty; a file of another kind is unreadable")
    func salvage() {
        let text = """
            {"version": 1, "levels": {"000000000000000a": {"bestStars": 4, "cleared": true},
             "000000000000000b": {"bestStars": 2, "bestMoves": 8, "cleared": true}},
             "unfinished": {"000000000000000c": {"log": [], "playTime": -1, "usedHint": false}}}
            """
        guard case .damaged(let salvaged) = read(text) else {
            Issue.record("not damaged")
            return
        }
        #expect(salvaged.progress.levels.keys.sorted() == ["000000000000000b"])
        #expect(salvaged.dropped.count == 2)
        guard case .sound(let bare) = read(#"{"version": 1, "levels": {}}"#) else {
            Issue.record("not sound")
            return
        }
        #expect(bare == PlayerProgress())
        guard case .unreadable(let why) = read("null") else {
            Issue.record("null read")
            return
        }
        #expect(why == "it is not valid progress JSON (it holds null, not an object)")
        guard case .unreadable(let notJSON) = read("{\"version\": 1,,}") else {
            Issue.record("bad text read")
            return
        }
        #expect(notJSON.english.hasPrefix("it is not valid progress JSON (the text is not JSON: line 1, column 15: "), "\(notJSON)")
    }

    /// The editor's draft is kept in the progress so that quitting loses nothing (a level
    /// drawn and not saved was gone at the next start).
    @Test("the editor's draft is a line of its own: read back, read alone from a damaged file, dropped alone when out of range")
    func editorDraft() throws {
        var progress = PlayerProgress()
        progress.recordClear(level: "0123456789abcdef", stars: 3, moves: 9, time: 12.5, at: 1_700_000_000)
        progress.editorDraft = EditorDraft(lines: ["R.R.", "#..G", "G..."], title: "Twin pairs", pack: nil, savedAt: 1_700_000_100)
        let written = String(decoding: ProgressFile.encode(progress), as: UTF8.self)
        #expect(
            written.hasSuffix(",\n\"editor\":{\"lines\":[\"R.R.\",\"#..G\",\"G...\"],\"savedAt\":1700000100,\"title\":\"Twin pairs\"}\n}\n")
        )
        guard case .sound(let back) = read(written) else {
            Issue.record("not sound")
            return
        }
        #expect(back == progress)
        #expect(ProgressFile.holdsProgress(Array(written.utf8)), "a file with a draft is still the game's to write over")
        // A later Bloq's progress may hold keys this one does not know, beside its sections;
        // a file with a version and none of them is someone else's.
        #expect(ProgressFile.holdsProgress(Array("{\"version\": 2, \"levels\": {}, \"trophies\": []}".utf8)))
        #expect(!ProgressFile.holdsProgress(Array("{\"version\": 2, \"name\": \"my reading list\"}".utf8)))
        // A damaged line elsewhere: the draft's line is read on its own.
        let damaged = written.replacingOccurrences(of: "\"bestStars\":3", with: "\"bestStars\":3,,")
        guard case .damaged(let salvaged) = read(damaged) else {
            Issue.record("not damaged")
            return
        }
        #expect(salvaged.progress.editorDraft == progress.editorDraft && salvaged.progress.levels.isEmpty)
        // A draft out of range (a row of 17 cells, a title of 201 characters) is dropped alone.
        for bad in [
            #"{"lines":["RRRRRRRRRRRRRRRRR","................."],"savedAt":1}"#, #"{"lines":["R.","x."],"savedAt":1}"#,
            "{\"lines\":[\"R.\",\"..\"],\"savedAt\":1,\"title\":\"\(String(repeating: "a", count: 201))\"}", #"{"lines":"R.","savedAt":1}"#,
        ] {
            guard case .damaged(let dropped) = read(#"{"version":1,"levels":{},"unfinished":{},"editor":"# + bad + "}") else {
                Issue.record("\(bad): not damaged")
                continue
            }
            #expect(dropped.progress.editorDraft == nil && dropped.dropped == ["'editor': not an editor draft this version can read"])
        }
        // Two copies merged keep the newer, whichever way round.
        var older = progress
        older.editorDraft?.savedAt -= 5
        older.editorDraft?.lines = ["..", ".."]
        #expect(older.merged(with: progress).editorDraft == progress.editorDraft)
        #expect(progress.merged(with: older).editorDraft == progress.editorDraft)
    }

    @Test("a file from before daily records loads, and one without daily clears is written as before")
    func oldFiles() throws {
        let old = """
            {"levels":{"0123456789abcdef":{"bestMoves":9,"bestStars":3,"bestTime":12.5,"cleared":true}},\
            "unfinished":{},"version":1}
            """
        guard case .sound(let progress) = read(old) else {
            Issue.record("not sound")
            return
        }
        #expect(progress.daily.isEmpty && progress.levels["0123456789abcdef"]?.bestMoves == 9)
        let written = String(decoding: ProgressFile.encode(progress), as: UTF8.self)
        #expect(
            written
                == "{\"version\":1,\n\"levels\":{\n\"0123456789abcdef\":{\"bestMoves\":9,\"bestStars\":3,\"bestTime\":12.5,\"cleared\":true}\n},\n\"unfinished\":{}\n}\n"
        )
    }

    @Test("a damaged daily record is dropped alone: a key that is not a day, or a value out of range")
    func damagedDaily() {
        let text = """
            {"version":1,"levels":{},"unfinished":{},"daily":{\
            "2026-03-14":{"bestStars":3,"bestMoves":9,"cleared":true},\
            "2026-02-30":{"bestStars":3,"cleared":true},\
            "yesterday":{"bestStars":3,"cleared":true},\
            "2026-03-13":{"bestStars":7,"cleared":true}}}
            """
        guard case .damaged(let salvaged) = read(text) else {
            Issue.record("not damaged")
            return
        }
        #expect(Array(salvaged.progress.daily.keys) == ["2026-03-14"])
        #expect(salvaged.dropped.count == 3)
        #expect(salvaged.dropped.contains("daily 'yesterday': not a day (YYYY-MM-DD)"))
    }
}

@Suite("settings.json: written and read")
struct SettingsFileTests {
    func salvage(_ json: String) throws -> SalvagedSettings { try SettingsStore.decode(Array(json.utf8)).get() }

    @Test("the language: auto for a file without the key; a code or auto is kept")
    func language() throws {
        #expect(try salvage("{\"sound\": false}").settings.language == "auto")
        for value in ["de", "auto", "ru", "pt_BR"] {
            let read = try salvage("{\"language\": \"\(value)\"}")
            #expect(read.settings.language == value && read.dropped.isEmpty, "\(value)")
        }
    }

    @Test("a language that is neither auto nor a code is dropped and said; the rest stays")
    func dropped() throws {
        for value in ["\"German\"", "\"\"", "42", "null", "\"de_DE.UTF-8\"", "[\"de\"]"] {
            let read = try salvage("{\"language\": \(value), \"sound\": false}")
            #expect(read.settings.language == "auto", "\(value)")
            #expect(read.settings.sound == false)
            #expect(read.dropped == ["language: not \"auto\" or a language code such as \"de\""], "\(value)")
        }
    }

    @Test("written one setting a line and read back; a text that is not an object says what it holds")
    func roundTrip() throws {
        var settings = Settings()
        settings.language = "fr"
        settings.windowWidth = 900
        let text = String(decoding: SettingsStore.encode(settings), as: UTF8.self)
        #expect(text.contains("\n  \"language\": \"fr\",\n"))
        #expect(try salvage(text).settings == settings)
        guard case .failure(let why) = SettingsStore.decode(Array("null".utf8)) else {
            Issue.record("null read")
            return
        }
        #expect(why.reason == "it holds null, not an object")
    }
}

@Suite("What the screens say of the player's files")
struct FileDamageWordsTests {
    @Test("the title's notice writes a path under the home folder with ~, as Settings does; standard error keeps it whole")
    func homeAsTilde() throws {
        let home = try #require(ProcessEnvironment.current["HOME"], "no HOME")
        try #require(home.count > 1)
        let file = home + "/.local/share/bloq/progress.json"
        let linked = FileDamage.foreign(.progress, ForeignLink(link: file, target: home + "/sync/bloq", what: .folder))
        #expect(linked.sentence.contains("~/.local/share/bloq/progress.json") && linked.sentence.contains("~/sync/bloq"))
        #expect(!linked.sentence.contains(home + "/"), "\(linked.sentence)")
        #expect(linked.details.allSatisfy { $0.hasPrefix(file) }, "standard error names the file whole: \(linked.details)")
        let unreadable = FileDamage.cannotRead(.settings, home + "/.config/bloq/settings.json", "permission denied")
        #expect(unreadable.sentence.contains("~/.config/bloq/settings.json") && !unreadable.sentence.contains(home + "/"))
        // Outside the home folder, a path is said whole.
        let elsewhere = FileDamage.cannotRead(.progress, "/srv/games/bloq/progress.json", "permission denied")
        #expect(elsewhere.sentence.contains("/srv/games/bloq/progress.json"))
    }
}
