import BloqTestSupport
import Foundation
import Testing

/// The shipped catalogs (po/LL.po), compiled by msgfmt into a folder of their own once a
/// run, which the children are pointed at with BLOQ_LOCALEDIR: the tests read the catalogs
/// as they are in po/, whether or not make mo has run.
enum TestCatalogs {
    static let folder: Result<String, CatalogError> = {
        let folder: String
        do { folder = try Scratch.keptFolder("bloq-locale") } catch {
            return .failure(CatalogError(message: "no scratch folder: \(error)"))
        }
        let po = Repository.path("po")
        let languages = ((try? FileManager.default.contentsOfDirectory(atPath: po)) ?? []).filter { $0.hasSuffix(".po") }
        guard !languages.isEmpty else { return .failure(CatalogError(message: "no po/*.po in \(po)")) }
        for file in languages {
            let messages = "\(folder)/\(file.dropLast(3))/LC_MESSAGES"
            do {
                try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
                let msgfmt = Process()
                msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                msgfmt.arguments = ["msgfmt", "--check", "-o", messages + "/bloq.mo", po + "/" + file]
                try msgfmt.run()
                msgfmt.waitUntilExit()
                guard msgfmt.terminationStatus == 0 else {
                    return .failure(CatalogError(message: "msgfmt failed on po/\(file) (is gettext installed? apt-get install gettext)"))
                }
            } catch {
                return .failure(CatalogError(message: "cannot compile po/\(file): \(error)"))
            }
        }
        return .success(folder)
    }()

    struct CatalogError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The environment pointing a child at the compiled catalogs, plus `more`.
    static func environment(_ more: [String: String] = [:]) throws -> [String: String] {
        ["BLOQ_LOCALEDIR": try folder.get()].merging(more) { $1 }
    }
}

extension ChildProcessSuite {
    @Suite("Languages: catalogs, the environment, --lang and Settings")
    struct LanguageCommandLineTests {
        /// `BloqDev words` (the game's language set-up, then `tr`): its lines, its stderr.
        func words(_ arguments: [String], environment: [String: String] = [:]) throws -> (lines: [String], err: String) {
            let result = try Bloq.run(["words"] + arguments, environment: environment, executable: Bloq.developerTool)
            #expect(result.status == 0, "\(result.err)")
            return (result.out.split(separator: "\n").map(String.init), result.err)
        }

        /// The JSON an app replay of `script` ends on, in `language` at `window`, with the
        /// shipped catalogs and its data in `data` under `scratch`.
        func appReplay(_ script: String, language: String, window: String, data: String, in scratch: Scratch) throws -> [String: Any] {
            let file = try scratch.file("\(language).script", script)
            let result = try Bloq.run(
                ["replay", file, "--app", "--data", scratch.path(data), "--lang", language, "--window", window, "--json"],
                environment: try TestCatalogs.environment())
            return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any] ?? [:]
        }

        /// A control of a replay's JSON: its middle, in whole pixels.
        func centre(_ control: [String: Any]) throws -> (x: Int, y: Int) {
            let box = try #require(LanguageLayoutTests.Box(control, name: "label"), "\(control)")
            return (Int(box.x + box.w / 2), Int(box.y + box.h / 2))
        }

        /// helper-52: the editor saved a French player's level in levels/perso/, a Russian's
        /// in levels/мои/: the game's own name for the pack, translated, was the folder, so
        /// one player's levels went to a pack per language.
        @Test("the editor saves into levels/mine in every language, and the tab says it in the language shown")
        func editorPackFolder() throws {
            let scratch = try Scratch("bloq-mine")
            let data = scratch.path("data")
            let script = try scratch.file(
                "save.script",
                """
                at 0    tap Créer
                at 300  tap Rouge
                at 400  press 0 0
                at 450  release 0 0
                at 500  press 0 2
                at 550  release 0 2
                at 2000 tap Enregistrer
                at 2300 key Escape
                at 2500 tap Niveaux
                at 2800 end
                """)
            let result = try Bloq.run(
                ["replay", script, "--app", "--data", data, "--lang", "fr", "--json"], environment: try TestCatalogs.environment())
            #expect(result.status == 0, "\(result.err)")
            let saved = (try? FileManager.default.contentsOfDirectory(atPath: data + "/levels/mine")) ?? []
            #expect(
                saved.count == 1 && saved.first?.hasSuffix(".bloq") == true,
                "levels/: \((try? FileManager.default.contentsOfDirectory(atPath: data + "/levels")) ?? [])")
            #expect(result.out.contains("\"Mes niveaux\""), "\(result.out)")
        }

        /// helper-52: in Russian at 400x300 the preview card's buttons went from two columns
        /// to one when Copy code became "Copied ✓", each under another place of the pointer.
        @Test("the preview card's buttons stay where they are when Copy code is pressed, in every language")
        func previewCopyKeepsButtons() throws {
            let scratch = try Scratch("bloq-preview")
            for (language, levels) in [("fr", "Niveaux"), ("de", "Level"), ("es", "Niveles"), ("ru", "Уровни")] {
                func controls(_ lines: String) throws -> [[String: Any]] {
                    let json = try appReplay(
                        "at 0 tap \"\(levels)\"\n" + lines, language: language, window: "400x300", data: "data-\(language)", in: scratch)
                    try? FileManager.default.removeItem(atPath: scratch.path("data-\(language)"))
                    return json["controls"] as? [[String: Any]] ?? []
                }
                let (x, y) = try centre(try #require(try controls("at 300 end").first { $0["label"] as? String == "1" }, "\(language)"))
                let held = "at 300 press \(x)px \(y)px\nat 1500 release \(x)px \(y)px\n"
                let card = try controls(held + "at 2000 end")
                let copy = try #require(card.last?["label"] as? String, "\(language): no preview card")
                let copied = try controls(held + "at 2000 tap \"\(copy)\"\nat 2300 end")
                // Every control read as a box, or the places cannot be compared.
                func places(_ controls: [[String: Any]]) throws -> [[Double]] {
                    try controls.map { control in
                        let box = try #require(LanguageLayoutTests.Box(control, name: "label"), "\(language): \(control)")
                        return [box.x, box.y, box.w, box.h]
                    }
                }
                #expect(try places(card) == places(copied) && card.count >= 4, "\(language): \(card) then \(copied)")
            }
        }

        /// helper-58: at 400x300, clicking Settings' Language row again and again with the
        /// pointer left where it was went Automatic, English, Deutsch, Français, Español, and
        /// there stuck: Spanish took two columns, the row went from under the pointer, and
        /// the next clicks hit nothing.
        @Test("Settings' Language row stays under a pointer that clicks it through every language", arguments: ["400x300", "480x320"])
        func languageRowStays(window: String) throws {
            let scratch = try Scratch("bloq-language-row")
            func run(_ script: String, data: String) throws -> [String: Any] {
                try appReplay("at 0 tap Settings\n" + script, language: "en", window: window, data: data, in: scratch)
            }
            let shown = try run("at 600 end", data: "look")
            let controls = shown["controls"] as? [[String: Any]] ?? []
            let (x, y) = try centre(try #require(controls.first { $0["label"] as? String == "Language" }, "\(window): \(controls)"))
            // A person's clicks, 120 ms each, 400 ms apart: Automatic to English, Deutsch,
            // Français, Español and Русский.
            let clicks = (0..<5).map { index in
                "at \(600 + index * 400) press \(x)px \(y)px\nat \(720 + index * 400) release \(x)px \(y)px\n"
            }
            let end = try run(clicks.joined() + "at 2800 end", data: "clicked")
            let saved = FileManager.default.contents(atPath: scratch.path("clicked/settings.json")) ?? Data()
            let settings = try JSONSerialization.jsonObject(with: saved) as? [String: Any]
            #expect(
                settings?["language"] as? String == "ru",
                "\(window): clicked at \(x), \(y); saved \(String(decoding: saved, as: UTF8.self))")
            let last = (end["controls"] as? [[String: Any]] ?? []).first { $0["label"] as? String == "Язык" }
            #expect(last != nil, "\(window): \(end)")
        }

        /// helper-58: "Level 1 von" over "100" beside the Cleared card in German at 400x300.
        @Test("the level's caption beside the Cleared card breaks before a word, never between a word and its number")
        func captionKeepsNumbers() throws {
            let scratch = try Scratch("bloq-caption")
            var broken: [String] = []
            for (language, play) in [("en", "Play"), ("de", "Spielen"), ("fr", "Jouer"), ("es", "Jugar"), ("ru", "Играть")] {
                for window in ["400x300", "480x320", "360x640"] {
                    // The first level cleared in three moves after a hint: the card's reasons
                    // make it wide.
                    let end = try appReplay(
                        """
                        at 0    tap \(play)
                        at 300  key H
                        at 1500 key Down
                        at 1600 key Down
                        at 1700 key Shift+Down
                        at 2300 key Shift+Up
                        at 2900 key Shift+Right
                        at 4900 end
                        """, language: language, window: window, data: "\(language)-\(window)", in: scratch)
                    #expect(end["overlay"] is [String: Any], "\(language) \(window): \(end)")
                    let texts = (end["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                    let last = try #require(texts.first { $0.hasSuffix(" 100") || $0 == "100" }, "\(language) \(window): \(texts)")
                    #expect(last.contains { $0.isLetter }, "\(language) \(window): the number alone on its line: \(texts)")
                    if !last.contains(" 1 ") { broken.append("\(language) \(window)") }
                }
            }
            #expect(!broken.isEmpty, "some window breaks the caption")
        }

        /// helper-64: the daily board's day and streak in the side panel at 400x300, after a
        /// clear, was cut at "2026…" in every language.
        @Test("the daily board's day and streak beside the Cleared card are whole in every language at 400x300")
        func dailyCaptionWhole() throws {
            let scratch = try Scratch("bloq-daily-caption")
            let keys = try Repository.text("Tests/replays/app/daily-cleared.script").split(separator: "\n").filter { $0.hasPrefix("at ") }
            for (language, daily, streak) in [
                ("en", "Daily", "streak: 1 day"), ("de", "Tagesrätsel", "Serie: 1 Tag"), ("fr", "Plateau du jour", "série : 1 jour"),
                ("es", "Tablero del día", "racha: 1 día"), ("ru", "Поле дня", "серия: 1 день"),
            ] {
                let script = try scratch.file(
                    "\(language).script", keys.joined(separator: "\n").replacing("tap Daily", with: "tap \"\(daily)\"") + "\n")
                let result = try Bloq.run(
                    [
                        "replay", script, "--app", "--data", scratch.path(language), "--lang", language, "--window", "400x300", "--date",
                        "2026-03-14", "--json",
                    ], environment: try TestCatalogs.environment())
                #expect(result.status == 0, "\(language): \(result.err)")
                let end = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any] ?? [:]
                #expect(end["overlay"] is [String: Any], "\(language): \(end)")
                let texts = (end["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(!texts.contains { $0.contains("…") }, "\(language): \(texts)")
                #expect(texts.contains(streak), "\(language): \(texts)")
            }
        }

        /// helper-58: trying a level at the keys, the caption said "Escape" where the key line
        /// says "Esc", and in German at 400x300 it was cut ("‹ Editor führt…").
        @Test("trying a level at the keys, its caption is whole in every language, and keeps '‹' with its button")
        func trialCaptionWhole() throws {
            let scratch = try Scratch("bloq-trial")
            let words = [
                ("en", "Make", "Red", "Play"), ("de", "Bauen", "Rot", "Spielen"), ("fr", "Créer", "Rouge", "Jouer"),
                ("es", "Crear", "Rojo", "Jugar"), ("ru", "Создать", "Красный", "Играть"),
            ]
            for (language, make, red, play) in words {
                for window in ["400x300", "480x320", "360x640"] {
                    // Two reds placed, the level tried, and a key pressed (the cursor shows).
                    let end = try appReplay(
                        """
                        at 0    tap "\(make)"
                        at 300  tap "\(red)"
                        at 400  press 0 0
                        at 450  release 0 0
                        at 500  press 0 2
                        at 550  release 0 2
                        at 2000 tap "\(play)"
                        at 2600 key Down
                        at 3000 end
                        """, language: language, window: window, data: "\(language)-\(window)", in: scratch)
                    #expect(end["screen"] as? String == "play", "\(language) \(window): \(end)")
                    let texts = (end["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                    #expect(!texts.contains { $0.contains("Escape") }, "\(language) \(window): \(texts)")
                    #expect(!texts.contains { $0.hasSuffix("…") || $0.hasSuffix("‹") }, "\(language) \(window): \(texts)")
                }
            }
        }

        /// helper-61: the French title read "Videz le" over "plateau." at 360x640.
        @Test("the title's tagline breaks between its sentences in French, as in English")
        func frenchTagline() throws {
            let scratch = try Scratch("bloq-tagline")
            let end = try appReplay("at 300 end\n", language: "fr", window: "360x640", data: "fr", in: scratch)
            let texts = (end["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            let tagline = texts.filter { "Faites glisser un bloc. Assemblez les couleurs. Videz le plateau.".contains($0) && $0.count > 8 }
            #expect(tagline.count == 2 && tagline.allSatisfy { $0.hasSuffix(".") }, "\(texts)")
        }

        /// helper-58: Statistics read "Tagesserie" over "· beste" in German at 400x300, and
        /// "Racha diaria ·" over "mejor" in Spanish.
        @Test("no line of the Statistics screen starts or ends with a '·', in any language")
        func statisticsBreakBetweenParts() throws {
            let scratch = try Scratch("bloq-statistics")
            var wrapped = 0
            for (language, statistics) in [
                ("en", "Statistics"), ("de", "Statistik"), ("fr", "Statistiques"), ("es", "Estadísticas"), ("ru", "Статистика"),
            ] {
                for window in ["400x300", "480x320", "360x640", "320x480"] {
                    let end = try appReplay(
                        "at 0 tap \"\(statistics)\"\nat 600 end\n", language: language, window: window, data: "\(language)-\(window)",
                        in: scratch)
                    #expect(end["screen"] as? String == "statistics", "\(language) \(window): \(end)")
                    let texts = (end["texts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                    #expect(texts.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") }, "\(language) \(window): \(texts)")
                    // The streak's name on two lines somewhere: the case this test is about.
                    if !texts.contains(where: { $0.contains("·") && !$0.contains(where: \.isNumber) }) { wrapped += 1 }
                }
            }
            #expect(wrapped > 0, "some window wraps the streak's name")
        }

        @Test("--lang shows each catalog's words, and English without a catalog")
        func catalogs() throws {
            let env = try TestCatalogs.environment()
            let expected = [
                "de": "Suche einen Hinweis …", "fr": "Recherche d’un indice…", "es": "Buscando una pista…", "ru": "Ищу подсказку…",
                "en": "Finding a hint…",
            ]
            for (code, text) in expected {
                #expect(try words(["--lang", code, "Finding a hint…"], environment: env).lines == ["start\t\(text)"], "\(code)")
            }
            // The desktop entry's and a level's texts are in the same catalog.
            #expect(try words(["--lang", "de", "Sliding Block Puzzle"], environment: env).lines == ["start\tSchiebeblock-Rätsel"])
            // No catalog at all: English, and the player is told why.
            let scratch = try Scratch("bloq-no-locale")
            let empty = scratch.path("locale")
            let none = try words(["--lang", "de", "Finding a hint…"], environment: ["BLOQ_LOCALEDIR": empty])
            #expect(none.lines == ["start\tFinding a hint…"])
            #expect(none.err.contains("no translations found (looked in \(empty))"), "\(none.err)")
        }

        @Test("plural forms: Russian's three, French's 0 and 1 alike, German's and English's two")
        func plurals() throws {
            let env = try TestCatalogs.environment()
            let text = "%1 record in your progress could not be read|%1 records in your progress could not be read"
            let counts = [0, 1, 2, 4, 5, 11, 21, 22, 25, 111]
            let russian = try words(["--lang", "ru"] + counts.map { "\(text)#\($0)" }, environment: env).lines
            let forms = ["записей", "запись", "записи", "записи", "записей", "записей", "запись", "записи", "записей", "записей"]
            #expect(russian == zip(counts, forms).map { "start\tНе удалось прочитать \($0) \($1) прогресса" })
            let french = try words(["--lang", "fr", "\(text)#0", "\(text)#1", "\(text)#2"], environment: env).lines
            #expect(
                french == [
                    "start\t0 entrée de votre progression n’a pas pu être lue", "start\t1 entrée de votre progression n’a pas pu être lue",
                    "start\t2 entrées de votre progression n’ont pas pu être lues",
                ])
            let english = try words(["--lang", "en", "\(text)#1", "\(text)#2"], environment: env).lines
            #expect(
                english == ["start\t1 record in your progress could not be read", "start\t2 records in your progress could not be read"])
        }

        @Test("a live game follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG as GNU programs do, with no generated locale")
        func environment() throws {
            let cases: [([String: String], String)] = [
                (["LANG": "C.UTF-8"], "hint"),
                // de_DE.UTF-8 is not generated on a build machine: the game still speaks German.
                (["LANG": "de_DE.UTF-8"], "Hinweis"),
                (["LANG": "C.UTF-8", "LANGUAGE": "fr"], "indice"),
                (["LANG": "C.UTF-8", "LANGUAGE": "ja:es:de"], "pista"),
                (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"], "подсказка"),
                (["LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"], "pista"),
                (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"], "indice"),
                (["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "ru"], "подсказка"),
                // A C messages locale: English, LANGUAGE and LANG notwithstanding.
                (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "C", "LANGUAGE": "de"], "hint"),
                (["LANG": "de_DE.UTF-8", "LC_ALL": "POSIX"], "hint"),
                // glibc ignores LANGUAGE under the C locale; English before German means English.
                (["LC_ALL": "C", "LANGUAGE": "de"], "hint"),
                (["LANG": "C.UTF-8", "LANGUAGE": "en:de"], "hint"),
                (["LANG": "ja_JP.UTF-8"], "hint"),
            ]
            for (more, expected) in cases {
                let result = try words(["hint"], environment: try TestCatalogs.environment(more))
                #expect(result.lines == ["start\t\(expected)"], "\(more)")
                #expect(result.err.isEmpty, "a desktop language without a catalog is English without a word: \(result.err)")
            }
        }

        @Test("at start --lang wins over the setting, the setting over the environment; a replay's auto is English")
        func startingLanguage() throws {
            let german = try TestCatalogs.environment(["LANG": "de_DE.UTF-8"])
            #expect(try words(["--setting", "es", "hint"], environment: german).lines == ["start\tpista"])
            #expect(try words(["--setting", "es", "--lang", "ru", "hint"], environment: german).lines == ["start\tподсказка"])
            #expect(try words(["--replay", "hint"], environment: german).lines == ["start\thint"])
            #expect(try words(["--replay", "--setting", "fr", "hint"], environment: german).lines == ["start\tindice"])
            #expect(try words(["--replay", "--lang", "de", "hint"], environment: german).lines == ["start\tHinweis"])
            // A setting this version has no catalog for (a newer Bloq's, or "xx"): the desktop's
            // language, as Automatic shows, said once.
            let unknown = try words(["--setting", "pt", "hint"], environment: german)
            #expect(unknown.lines == ["start\tHinweis"])
            #expect(
                unknown.err.contains("the settings name the language 'pt', which this Bloq has no translation for"), "\(unknown.err)")
            #expect(try words(["--setting", "pt", "--lang", "fr", "hint"], environment: german).lines == ["start\tindice"], "--lang wins")
        }

        @Test("a language picked in Settings shows at once, mid-run, each time; auto goes back to --lang, else the desktop's")
        func changeMidRun() throws {
            let env = try TestCatalogs.environment(["LANG": "C.UTF-8", "LANGUAGE": "es"])
            let picked = try words(
                ["hint", "--then", "de", "--then", "fr", "--then", "auto", "--then", "en", "--then", "ru"], environment: env)
            #expect(picked.lines == ["start\tpista", "de\tHinweis", "fr\tindice", "auto\tpista", "en\thint", "ru\tподсказка"])
            let withLang = try words(["--lang", "de", "hint", "--then", "fr", "--then", "auto"], environment: env)
            #expect(withLang.lines == ["start\tHinweis", "fr\tindice", "auto\tHinweis"])
            let replay = try words(["--replay", "hint", "--then", "ru", "--then", "auto"], environment: env)
            #expect(replay.lines == ["start\thint", "ru\tподсказка", "auto\thint"])
        }

        @Test("Settings' Language row says what shows: Auto (Español) from the desktop, --lang in the setting's place at start")
        func languageRow() throws {
            let env = try TestCatalogs.environment(["LANG": "C.UTF-8", "LANGUAGE": "es"])
            let desktop = try words(["--row", "hint", "--then", "de", "--then", "auto"], environment: env)
            #expect(
                desktop.lines == [
                    "start\tpista", "start\trow\tAuto (Español)", "de\tHinweis", "de\trow\tDeutsch", "auto\tpista",
                    "auto\trow\tAuto (Español)",
                ])
            // --lang de over a saved "fr": German shows and the row says Deutsch until the
            // player picks; then Automatic is --lang's German.
            let forced = try words(
                ["--row", "--lang", "de", "--setting", "fr", "hint", "--then", "ru", "--then", "auto"], environment: env)
            #expect(
                forced.lines == [
                    "start\tHinweis", "start\trow\tDeutsch", "ru\tподсказка", "ru\trow\tРусский", "auto\tHinweis",
                    "auto\trow\tAuto (Deutsch)",
                ])
            let replay = try words(["--row", "--replay", "hint"], environment: env)
            #expect(replay.lines == ["start\thint", "start\trow\tAutomatic (English)"])
        }

        @Test("the title screen says why a player's file could not be read in the language shown; standard error, in English")
        func fileReasons() throws {
            let scratch = try Scratch()
            let files = try scratch.folder("files")
            try FileManager.default.createSymbolicLink(atPath: files + "/progress.json", withDestinationPath: "progress.json")
            _ = try scratch.file("files/settings.json", "{\"sound\": ")
            let said = try words(["--lang", "de", "--files", files, "hint"], environment: try TestCatalogs.environment())
            let notice = said.lines.first { $0.hasPrefix("start\tnotice\t") } ?? ""
            #expect(notice.contains("(zu viele Ebenen symbolischer Links)"), "\(said.lines)")
            #expect(notice.contains("(die Datei ist kein gültiges Einstellungs-JSON)"), "\(said.lines)")
            #expect(said.err.contains("(too many levels of symbolic links)") && said.err.contains("not valid settings JSON"), "\(said.err)")
        }

        @Test("--lang takes a shipped language's code, and says which when it is not one")
        func unknownCode() throws {
            for command in [["play", "--lang", "xx"], ["replay", "script", "--app", "--lang", "German"]] {
                let result = try Bloq.run(command)
                #expect(result.status == 64, "\(command): \(result.err)")
                #expect(result.err.contains("is not a language Bloq speaks; give one of: en (English), de (Deutsch)"), "\(result.err)")
            }
        }

        /// Whether two screenshots are the same bytes. (A function, not `==` in `#expect`: on
        /// a failure Swift Testing would diff two 80 kB collections element by element, for
        /// many minutes.)
        func samePicture(_ one: Data, _ other: Data) -> Bool { one == other }

        /// The PNG of `arguments` (a screenshot to OUT, replaced by a fresh path).
        func picture(_ arguments: [String], environment: [String: String]) throws -> (png: Data, err: String) {
            let scratch = try Scratch("bloq-lang")
            let out = scratch.path("shot.png")
            let result = try Bloq.run(arguments.map { $0 == "OUT" ? out : $0 }, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            return (try Data(contentsOf: URL(fileURLWithPath: out)), result.err)
        }

        @Test("replay --app runs in English whatever the locale, and in another language with --lang (the key help's words)")
        func replayLanguage() throws {
            let script = try Scratch.keptFile("help.script", "at 0 key F1\nat 500 end\n")
            let arguments = ["replay", script, "--app", "--screenshot", "OUT"]
            let catalogs = try TestCatalogs.environment()
            let english = try picture(arguments, environment: catalogs)
            let germanDesktop = try picture(
                arguments, environment: try TestCatalogs.environment(["LANG": "de_DE.UTF-8", "LANGUAGE": "de"]))
            #expect(samePicture(germanDesktop.png, english.png), "a replay follows no locale")
            let german = try picture(arguments + ["--lang", "de"], environment: catalogs)
            #expect(!samePicture(german.png, english.png), "--lang de changes the key help's words")
            #expect(german.err.isEmpty, "\(german.err)")
            #expect(samePicture(try picture(arguments + ["--lang", "de"], environment: catalogs).png, german.png), "the same every time")
            #expect(samePicture(try picture(arguments + ["--lang", "en"], environment: catalogs).png, english.png))
            // Without the catalog --lang de is English: the difference is the catalog's.
            let scratch = try Scratch("bloq-no-locale")
            let empty = scratch.path("locale")
            let uncatalogued = try picture(arguments + ["--lang", "de"], environment: ["BLOQ_LOCALEDIR": empty])
            #expect(samePicture(uncatalogued.png, english.png))
            #expect(uncatalogued.err.contains("no translations found"), "\(uncatalogued.err)")
        }

        /// A whole-app replay of `script` into the data folder `data` (emptied first, so that
        /// every run sees the same files, and shows the same path on the Settings screen):
        /// its screenshot, its JSON and its standard error.
        func appReplay(
            _ script: String, data: String, settings: String? = nil, _ more: [String] = [], environment: [String: String]
        ) throws -> (png: Data, json: String, err: String) {
            try? FileManager.default.removeItem(atPath: data)
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            if let settings { try settings.write(toFile: data + "/settings.json", atomically: true, encoding: .utf8) }
            let scratch = try Scratch("bloq-lang")
            let out = scratch.path("shot.png")
            let result = try Bloq.run(
                ["replay", script, "--app", "--data", data, "--json", "--screenshot", out] + more, environment: environment)
            #expect(result.status == 0, "\(more) \(environment): \(result.err)")
            return (try Data(contentsOf: URL(fileURLWithPath: out)), result.out, result.err)
        }

        @Test("replay --app: a tap script in English runs the same under any desktop language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)")
        func tapScriptUnderAnyLocale() throws {
            // Taps the title's "Settings" button by its English label, then opens the key help
            // over the Settings screen (its words are translated).
            let script = try Scratch.keptFile("settings.script", "at 0 tap Settings\nat 400 key F1\nat 900 end\n")
            let scratch = try Scratch("bloq-lang-data")
            let data = scratch.path("data")
            let english = try appReplay(script, data: data, environment: try TestCatalogs.environment())
            #expect(english.json.hasPrefix("{\"screen\": \"help\""), "\(english.json.prefix(200))")
            let desktops: [[String: String]] = [
                ["LANG": "de_DE.UTF-8", "LANGUAGE": "de"], ["LC_ALL": "ru_RU.UTF-8"],
                ["LANG": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"],
                ["LANG": "C.UTF-8", "LANGUAGE": "es:fr"],
            ]
            for desktop in desktops {
                let run = try appReplay(script, data: data, environment: try TestCatalogs.environment(desktop))
                #expect(run.json == english.json, "\(desktop)")
                #expect(samePicture(run.png, english.png), "a replay follows no locale: \(desktop)")
                #expect(run.err.isEmpty, "\(desktop): \(run.err)")
            }
            // With --lang the labels are the language's: the same steps by the German label
            // lead to the same screen, and the key help is in German.
            let deutsch = try Scratch.keptFile("einstellungen.script", "at 0 tap Einstellungen\nat 400 key F1\nat 900 end\n")
            let german = try appReplay(deutsch, data: data, ["--lang", "de"], environment: try TestCatalogs.environment())
            #expect(german.json.hasPrefix("{\"screen\": \"help\""))
            #expect(!samePicture(german.png, english.png), "--lang de shows the key help in German")
        }

        @Test("replay --app --data: the language saved in its settings.json is shown and kept; --lang wins over it")
        func savedLanguage() throws {
            let script = try Scratch.keptFile("help.script", "at 0 key F1\nat 500 end\n")
            let scratch = try Scratch("bloq-lang-data")
            let data = scratch.path("data")
            let catalogs = try TestCatalogs.environment()
            let english = try appReplay(script, data: data, environment: catalogs)
            let russian = try appReplay(script, data: data, ["--lang", "ru"], environment: catalogs)
            #expect(!samePicture(russian.png, english.png))

            let saved = #"{"language": "ru", "sound": false}"#
            let fromSetting = try appReplay(script, data: data, settings: saved, environment: catalogs)
            #expect(samePicture(fromSetting.png, russian.png), "the saved setting is the replay's language")
            #expect(fromSetting.err.isEmpty, "\(fromSetting.err)")
            // Read back as the game left it: the language and the other settings are kept.
            struct Saved: Decodable {
                var language: String
                var sound: Bool
            }
            let after = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/settings.json")))
            #expect(after.language == "ru" && after.sound == false, "\(after)")

            let overridden = try appReplay(script, data: data, settings: saved, ["--lang", "en"], environment: catalogs)
            #expect(samePicture(overridden.png, english.png), "--lang en over a saved ru")
            let auto = try appReplay(
                script, data: data, settings: #"{"language": "auto"}"#, environment: try TestCatalogs.environment(["LANG": "ru_RU.UTF-8"]))
            #expect(samePicture(auto.png, english.png), "auto in a replay is English, whatever the locale")

            // A value that is no language: dropped and said, English shown, the file kept aside.
            let junk = try appReplay(script, data: data, settings: #"{"language": "Russian"}"#, environment: catalogs)
            #expect(samePicture(junk.png, english.png))
            #expect(junk.err.contains(#"language: not "auto" or a language code such as "de""#), "\(junk.err)")
        }

        @Test("play follows the desktop's language, and --lang over it")
        func playLanguage() throws {
            let arguments = ["play", "--screen", "help", "--screenshot", "OUT"]
            let english = try picture(arguments, environment: try TestCatalogs.environment())
            let russianDesktop = try picture(arguments, environment: try TestCatalogs.environment(["LANG": "ru_RU.UTF-8"]))
            #expect(!samePicture(russianDesktop.png, english.png))
            let russian = try picture(arguments + ["--lang", "ru"], environment: try TestCatalogs.environment())
            #expect(samePicture(russian.png, russianDesktop.png))
            let overridden = try picture(arguments + ["--lang", "en"], environment: try TestCatalogs.environment(["LANG": "ru_RU.UTF-8"]))
            #expect(samePicture(overridden.png, english.png))
        }
    }
}
