import Foundation
import Testing

extension ChildProcessSuite {
    /// Issue 30 with issue 25's rules: translated labels still fit. Whole-app replays in each
    /// language (reached by keys, since taps name English labels) report every control and
    /// every text drawn; none may lie outside the window, overlap another, or run over a
    /// control without lying inside it (a label), and the title shows no English label.
    @Suite("Languages: every language still fits the layout rules")
    struct LanguageLayoutTests {
        /// Keys from the title (its focus starts on Play) to each screen, in a portrait or
        /// landscape window (the title's buttons are one column in both).
        static let screens: [(name: String, keys: [String])] = [
            ("title", []), ("settings", ["Down", "Down", "Down", "Down", "Return"]), ("levels", ["Down", "Down", "Return"]),
            ("play", ["Return"]), ("editor", ["Down", "Down", "Down", "Return"]),
            ("about", ["Down", "Down", "Down", "Down", "Down", "Return"]), ("help", ["F1"]),
        ]

        /// The title's labels in English: none may show in another language.
        static let englishTitle: Set = ["Play", "Daily", "Levels", "Make", "Settings", "About", "Quit"]

        struct Box {
            var name: String
            var x, y, w, h: Double
            init?(_ object: Any, name key: String) {
                guard let object = object as? [String: Any], let name = object[key] as? String,
                    let x = object["x"] as? Double, let y = object["y"] as? Double,
                    let w = object["w"] as? Double, let h = object["h"] as? Double
                else { return nil }
                (self.name, self.x, self.y, self.w, self.h) = (name, x, y, w, h)
            }
            func overlaps(_ other: Box) -> Bool {
                min(x + w, other.x + other.w) - max(x, other.x) > 0.5 && min(y + h, other.y + other.h) - max(y, other.y) > 0.5
            }
            func isInside(x left: Double, y top: Double, w width: Double, h height: Double) -> Bool {
                x >= left - 0.5 && y >= top - 0.5 && x + w <= left + width + 0.5 && y + h <= top + height + 0.5
            }
            func isInside(_ other: Box) -> Bool { isInside(x: other.x, y: other.y, w: other.w, h: other.h) }
        }

        /// What is wrong with the whole-app JSON `json` of a `width`x`height` window.
        static func problems(_ json: String, width: Double, height: Double) -> [String] {
            guard let state = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                let rawTexts = state["texts"] as? [Any], let rawControls = state["controls"] as? [Any]
            else { return ["not the whole-app JSON: \(json.prefix(200))"] }
            let texts = rawTexts.compactMap { Box($0, name: "text") }
            let controls = rawControls.compactMap { Box($0, name: "label") }
            var found: [String] = []
            for text in texts {
                if !text.isInside(x: 0, y: 0, w: width, h: height) { found.append("\"\(text.name)\" outside the window") }
                for control in controls where text.overlaps(control) && !text.isInside(control) {
                    found.append("\"\(text.name)\" runs over \(control.name)")
                }
            }
            for (index, text) in texts.enumerated() {
                for other in texts[(index + 1)...] where text.overlaps(other) { found.append("\"\(text.name)\" over \"\(other.name)\"") }
            }
            for (index, control) in controls.enumerated() {
                for other in controls[(index + 1)...] where control.overlaps(other) { found.append("\(control.name) over \(other.name)") }
            }
            return found
        }

        /// How many controls the whole-app JSON `json` lists (-1 when it is not that JSON).
        static func controlCount(_ json: String) -> Int {
            ((try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["controls"] as? [Any])?.count ?? -1
        }

        @Test(
            "title and settings in de, fr, es and ru at 800x600 and 360x640; every screen in de and ru at 360x640",
            arguments: ["de", "fr", "es", "ru"])
        func fits(_ language: String) throws {
            let environment = try TestCatalogs.environment()
            let scratch = try Scratch()
            var cases: [(window: String, screen: (name: String, keys: [String]))] = []
            for window in ["800x600", "360x640"] {
                cases += Self.screens.prefix(2).map { (window, $0) }
            }
            if language == "de" || language == "ru" { cases += Self.screens.dropFirst(2).map { ("360x640", $0) } }
            for (window, screen) in cases {
                let lines = screen.keys.enumerated().map { "at \(200 + $0.offset * 150) key \($0.element)" }
                let script = try scratch.file(
                    "\(screen.name).script", (lines + ["at \(1900 + screen.keys.count * 150) end"]).joined(separator: "\n") + "\n")
                let result = try Bloq.run(
                    ["replay", script, "--app", "--json", "--lang", language, "--window", window], environment: environment)
                #expect(result.status == 0, "\(language) \(window) \(screen.name): \(result.err)")
                let size = window.split(separator: "x").compactMap { Double($0) }
                let found = Self.problems(result.out, width: size.first ?? 0, height: size.last ?? 0)
                #expect(found.isEmpty, "\(language) \(window) \(screen.name): \(found.prefix(8).joined(separator: "; "))")
                // Every control English shows is there: a long label never drops a button.
                let english = try Bloq.run(["replay", script, "--app", "--json", "--window", window], environment: environment)
                #expect(
                    Self.controlCount(result.out) == Self.controlCount(english.out),
                    "\(language) \(window) \(screen.name): a control is missing")
                let shown = (try? JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])?["screen"] as? String
                #expect(shown == screen.name, "\(language) \(window): reached \(String(describing: shown)), not \(screen.name)")
                if screen.name == "title" {
                    let state = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
                    let labels = (state?["controls"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
                    #expect(labels.count == 7 && Set(labels).isDisjoint(with: Self.englishTitle), "\(language) \(window): \(labels)")
                }
            }
        }
    }
}
