import BloqCore
import BloqGame
import Foundation
import Testing

@testable import BloqFiles

/// Bloq reads and writes progress.json and settings.json with its own JSON coder (it links
/// no Foundation); these tests hold it to Foundation's `JSONDecoder` and `JSONEncoder`,
/// which wrote and read every earlier file: the same bytes out, the same values (or the same
/// kind of failure) in, for hand-picked texts and for seeded sweeps of damaged files.
@Suite("JSON as Foundation reads and writes it")
struct JSONDocumentTests {
    /// What reading a progress file gave: the value and what was dropped, or why it failed.
    struct ProgressOutcome: Equatable {
        var progress: PlayerProgress?
        var dropped: [String] = []
        var foreignVersion: Int?
        var versionProblem: String?
        var failure: String?

        init(_ read: () throws -> SalvagedProgress) {
            do {
                let salvaged = try read()
                (progress, dropped, foreignVersion, versionProblem) =
                    (salvaged.progress, salvaged.dropped, salvaged.foreignVersion, salvaged.versionProblem)
            } catch {
                failure = JSONProblem.describe(error)
            }
        }
    }

    struct SettingsOutcome: Equatable {
        var settings: Settings?
        var dropped: [String] = []
        var failure: String?

        init(_ read: () throws -> SalvagedSettings) {
            do {
                let salvaged = try read()
                (settings, dropped) = (salvaged.settings, salvaged.dropped)
            } catch {
                failure = JSONProblem.describe(error)
            }
        }
    }

    func progressOutcomes(_ bytes: [UInt8]) -> (ours: ProgressOutcome, foundation: ProgressOutcome) {
        (
            ProgressOutcome { try JSONDocumentDecoder.decode(SalvagedProgress.self, from: bytes) },
            ProgressOutcome { try JSONDecoder().decode(SalvagedProgress.self, from: Data(bytes)) }
        )
    }

    func settingsOutcomes(_ bytes: [UInt8]) -> (ours: SettingsOutcome, foundation: SettingsOutcome) {
        (
            SettingsOutcome { try JSONDocumentDecoder.decode(SalvagedSettings.self, from: bytes) },
            SettingsOutcome { try JSONDecoder().decode(SalvagedSettings.self, from: Data(bytes)) }
        )
    }

    /// One value of type `T` at key `v`, read by both.
    struct One<T: Decodable & Equatable>: Decodable, Equatable { var v: T }

    func agree<T: Decodable & Equatable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = Result { try JSONDocumentDecoder.decode(One<T>.self, from: Array(text.utf8)).v }
        let theirs = Result { try JSONDecoder().decode(One<T>.self, from: Data(text.utf8)).v }
        switch (ours, theirs) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(T.self) from \(text)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(kind(a) == kind(b), "\(T.self) from \(text): \(a) against \(b)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(T.self) from \(text): ours \(ours), Foundation's \(theirs)", sourceLocation: sourceLocation)
        }
    }

    /// The kind of a decoding error, without its wording.
    func kind(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted?: "dataCorrupted"
        case .typeMismatch?: "typeMismatch"
        case .valueNotFound?: "valueNotFound"
        case .keyNotFound?: "keyNotFound"
        default: "other: \(error)"
        }
    }

    @Test("numbers, strings, literals and structure read as Foundation reads them")
    func values() {
        let numbers = [
            "1", "1.0", "1e0", "1E2", "1.5", "-0", "-0.0", "100000000000000000000", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "01", "-01", "0.5", "1.", "1e", "1e-2", "1.0e1", "10e-1", "2.5e1", "1.00000000000000000001",
            "1e400", "-1e400", "1e-400", "1e-320", "0e400", "123456789012345678901234567890", "1e5", "1.5e300", "-1e2", "1E+2",
            "12345678901234567.5", "-12345678901234567.5", "9007199254740993", "9007199254740993.0", "1e18", "1.5e18", "1e19",
            "10000000000000000000e-3", "1-2", "1.2.3", "1e5e5", "--1", "-", "0-1", "1+", "1e+", "0.0e-400", "4.9e-324",
            "1.7976931348623159e308", "true", "null", "\"1\"", "[]", "{}",
        ]
        for number in numbers {
            agree(Int.self, "{\"v\":\(number)}")
            agree(Double.self, "{\"v\":\(number)}")
            agree(Int?.self, "{\"v\":\(number)}")
        }
        let strings = [
            "a", "\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800x", "\\uD83D\\uDE00", "\\u00e9", "\\u0000", "\\uZZZZ", "é",
            "\\b\\f\\n\\r\\t\\\"\\\\\\/", "\\x", "a\tb", "\u{7f}", "\\u12\"", "\\",
        ]
        for string in strings { agree(String.self, "{\"v\":\"\(string)\"}") }
        for literal in ["true", "false", "1", "\"true\"", "TRUE", "tru", "nul", "null", "falsey"] {
            agree(Bool.self, "{\"v\":\(literal)}")
            agree(Bool?.self, "{\"v\":\(literal)}")
        }
        let structures = [
            "{\"v\":1,\"v\":2}", "{\"\\u0076\":3}", "{\"\\u0076\":3, \"v\":4}", "{\"v\":\"x\", \"v\":1}", " {\"v\":1} ", "{\"v\":1} x",
            "{\"v\":1}}", "", "1", "[1]", "null", "{\"v\":1,}", "{'v':1}", "{\"v\" : 1 }\n\r\t", "{\"v\":1}\u{0}", "{\"v\":1}\u{a0}",
            "{,}", "{\"v\":1,,}", "{\"a\":[,],\"v\":1}", "{\"a\":[1,,2],\"v\":1}", "{\"a\":[],\"v\":1}", "{\"a\":{},\"v\":1}",
            "{\"a\":[1 2],\"v\":1}", "{\"x\":1e400,\"v\":1}", "{\"x\":01,\"v\":1}", "{\"x\":\"\\ud800\",\"v\":1}",
            "{\"x\":\"\\q\",\"v\":1}",
            "{\"x\\q\":1,\"v\":1}", "{\"v\":1,\"x\":{\"a\\q\":1}}", "{\"x\":1-2,\"v\":1}", "{\"x\":1x,\"v\":1}", "\u{feff}{\"v\":1}",
            "{\"v\":1}\u{feff}", "{\"v\":1", "{\"v\"", "{\"v\":\"1", "{\"x\":\"\\u12", "{\"x\":\"a\\", "{\"v\":1, \"a\": tru}",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            "{\"a\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + ",\"v\":1}",
            "{\"a\":" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + ",\"v\":1}",
        ]
        for structure in structures { agree(Int.self, structure) }
    }

    @Test("UTF-8 byte order marks, UTF-16 and UTF-32 texts, and invalid UTF-8 read as Foundation reads them")
    func encodings() {
        let text = "{\"version\":1,\"levels\":{\"0123456789abcdef\":{\"bestStars\":2,\"cleared\":true}}}"
        var inputs: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF] + Array(text.utf8),
            Array("{\"levels\":{\"0123456789abcdef\":{\"bestStars\":\"".utf8) + [0xFF, 0xC3] + [0x22, 0x7D, 0x7D, 0x7D],
            Array("{\"levels\":{\"01234567\u{e9}9abcdef\":{\"bestStars\":1,\"cleared\":true}}}".utf8), [0xFF], [0xFE, 0xFF], [0, 0x31],
        ]
        let units = Array(text.utf16)
        inputs.append([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        inputs.append([0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        inputs.append(units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        inputs.append(units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        inputs.append(text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] })
        inputs.append(text.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] })
        for input in inputs {
            let (ours, foundation) = progressOutcomes(input)
            #expect(ours == foundation, "\(input.prefix(12))")
        }
    }

    /// A progress of random records: levels, lines, give-ups and days.
    func randomProgress(_ random: inout SeededGenerator) -> PlayerProgress {
        func id() -> String { (0..<16).map { _ in String(random.below(16), radix: 16) }.joined() }
        func time() -> Double {
            switch random.below(4) {
            case 0: Double(random.below(2_000_000_000))
            case 1: 1_700_000_000 + random.unit() * 1e8
            case 2: random.unit() * 1e-6
            default: random.unit() * 600
            }
        }
        var progress = PlayerProgress()
        for _ in 0..<random.below(20) {
            progress.levels[id()] = LevelRecord(
                bestStars: random.below(4), bestMoves: random.below(2) == 0 ? nil : random.below(500),
                bestTime: random.below(2) == 0 ? nil : time(), cleared: random.below(2) == 0,
                clearedAt: random.below(2) == 0 ? nil : time())
        }
        for _ in 0..<random.below(6) {
            let log = (0..<random.below(8)).map { _ in
                Move(row: random.below(16), column: random.below(16), direction: Direction.allCases[random.below(4)])
            }
            progress.unfinished[id()] = UnfinishedLine(
                log: log, playTime: time(), usedHint: random.below(2) == 0, savedAt: random.below(3) == 0 ? nil : time())
        }
        for _ in 0..<random.below(4) { progress.discarded[id()] = time() }
        for _ in 0..<random.below(4) {
            let day = String(format: "%04d-%02d-%02d", 2020 + random.below(10), 1 + random.below(12), 1 + random.below(28))
            progress.daily[day] = LevelRecord(bestStars: random.below(4), bestMoves: random.below(100), cleared: true, clearedAt: time())
        }
        return progress
    }

    func randomSettings(_ random: inout SeededGenerator) -> Settings {
        var settings = Settings()
        settings.colorBlindSymbols = random.below(2) == 0
        settings.sound = random.below(2) == 0
        settings.fullscreen = random.below(2) == 0
        settings.reducedMotion = random.below(2) == 0
        settings.windowWidth = random.below(3) == 0 ? nil : 160 + random.below(4000)
        settings.windowHeight = random.below(3) == 0 ? nil : 160 + random.below(4000)
        return settings
    }

    /// `bytes` damaged at a few random places: bytes removed, repeated, replaced by JSON's
    /// punctuation, digits, letters, control characters or bytes that are not UTF-8.
    func damaged(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        let alphabet = Array("{}[]\":,.-+eE0159 \t\n\r\\/tfnu\u{7f}".utf8) + [0, 0x01, 0x1F, 0x80, 0xC3, 0xE9, 0xFF]
        var result = bytes
        for _ in 0..<(1 + random.below(3)) {
            guard !result.isEmpty else { break }
            let at = random.below(result.count)
            switch random.below(4) {
            case 0: result.remove(at: at)
            case 1: result.insert(alphabet[random.below(alphabet.count)], at: at)
            case 2: result[at] = alphabet[random.below(alphabet.count)]
            default: result.removeSubrange(at..<min(result.count, at + random.below(12)))
            }
        }
        return result
    }

    @Test("progress and settings files: the same bytes written, the same records read from damaged copies (seeded)")
    func sweep() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
        var random = SeededGenerator(seed: seed)
        let sorted = JSONEncoder()
        sorted.outputFormatting = [.sortedKeys]
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.sortedKeys, .prettyPrinted]
        for round in 0..<300 {
            let progress = randomProgress(&random)
            let ours = try JSONDocumentEncoder.encode(progress)
            #expect(ours == Array(try sorted.encode(progress)), "seed \(seed), round \(round): progress encoded differently")
            for section in [progress.levels.mapValues(AnyEncodable.init), progress.daily.mapValues(AnyEncodable.init)] {
                #expect(try JSONDocumentEncoder.encode(section) == Array(try sorted.encode(section)), "seed \(seed), round \(round)")
            }
            let file = try ProgressFile.encode(progress)
            let (whole, wholeFoundation) = progressOutcomes(file)
            #expect(whole == wholeFoundation && whole.progress == progress, "seed \(seed), round \(round): the file did not read back")
            for _ in 0..<10 {
                let broken = damaged(file, &random)
                let (mine, foundation) = progressOutcomes(broken)
                #expect(mine == foundation, "seed \(seed), round \(round): \(String(decoding: broken, as: UTF8.self))")
                // Each line alone, as the salvage of a damaged file reads them.
                for line in broken.split(separator: UInt8(ascii: "\n")) {
                    let fragment = Array("{\"levels\":{".utf8) + line.drop { $0 == UInt8(ascii: ",") } + Array("}}".utf8)
                    let (one, oneFoundation) = progressOutcomes(fragment)
                    #expect(one == oneFoundation, "seed \(seed), round \(round): \(String(decoding: fragment, as: UTF8.self))")
                }
            }

            let settings = randomSettings(&random)
            let settingsFile = try JSONDocumentEncoder.encode(settings, pretty: true)
            #expect(settingsFile == Array(try pretty.encode(settings)), "seed \(seed), round \(round): settings encoded differently")
            for _ in 0..<5 {
                let broken = damaged(settingsFile, &random)
                let (mine, foundation) = settingsOutcomes(broken)
                #expect(mine == foundation, "seed \(seed), round \(round): \(String(decoding: broken, as: UTF8.self))")
            }
        }
    }

    @Test("strings with escapes and control characters, and numbers NaN and infinite, are written as Foundation writes them")
    func writing() throws {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.sortedKeys, .prettyPrinted]
        let sorted = JSONEncoder()
        sorted.outputFormatting = [.sortedKeys]
        let texts = ["a/b", "\"q\" \\", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}", "é 😀", "", "Z", "a", "_", "10", "9"]
        let object = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ($1, [$1, String($0)]) })
        #expect(try JSONDocumentEncoder.encode(object) == Array(try sorted.encode(object)))
        #expect(try JSONDocumentEncoder.encode(object, pretty: true) == Array(try pretty.encode(object)))
        let empty: [String: [Int]] = ["a": [], "b": [1]]
        #expect(try JSONDocumentEncoder.encode(empty, pretty: true) == Array(try pretty.encode(empty)))
        #expect(try JSONDocumentEncoder.encode([String: Int](), pretty: true) == Array(try pretty.encode([String: Int]())))
        let numbers: [Double] = [0, -0.0, 1, 1.5, 1e16, 1e-7, 123456789.125, 5e-324, .greatestFiniteMagnitude, 1_700_000_000.123]
        #expect(try JSONDocumentEncoder.encode(numbers) == Array(try sorted.encode(numbers)))
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONDocumentEncoder.encode(["x": bad]) }
        }
    }
}

/// Lets sections of different record types go through one loop.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
