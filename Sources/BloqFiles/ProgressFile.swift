import BloqGame
import BloqLocalization

/// The text of `progress.json`: one JSON object, laid out one record a line, so that damage
/// costs only the records it touches (the layout, and what is kept of a damaged file, in
/// docs/reliability.md, "Damage costs only what is damaged"). A record that cannot be read
/// is dropped and described, the rest kept; when the whole text does not parse, each line is
/// read on its own. A key given more than once (a line-based merge by git or a sync tool)
/// loses nothing: the copies are merged as two copies of the game are
/// (`PlayerProgress.merge`), and the merge is described (`SalvagedProgress.merged`), so the
/// file counts as damaged: kept aside whole and replaced by the merged progress.
public enum ProgressFile {
    /// What a file's bytes hold.
    public enum Contents: Sendable {
        case sound(PlayerProgress)
        /// Readable in part: what was kept, and what was dropped.
        case damaged(SalvagedProgress)
        /// Nothing could be read: why.
        case unreadable(ReadReason)
    }

    /// The sections, in the order they are written.
    static let sections = ["levels", "unfinished", "discarded", "daily"]
    /// The editor's draft: one record on a line of its own, after the sections.
    static let draftKey = "editor"

    // MARK: Writing

    /// The file's text for `progress`, one record a line, each record's keys sorted.
    public static func encode(_ progress: PlayerProgress) -> [UInt8] {
        var text = "{\"version\":\(progress.version)"
        func section<Value>(_ name: String, _ records: [String: Value], always: Bool, _ json: (Value) -> JSONValue) {
            guard always || !records.isEmpty else { return }
            text += ",\n\"\(name)\":{"
            text += records.sorted { $0.key < $1.key }.map { record in
                var line = "\n"
                JSONValue.writeString(record.key, to: &line)
                return line + ":" + json(record.value).text()
            }.joined(separator: ",")
            text += records.isEmpty ? "}" : "\n}"
        }
        section("levels", progress.levels, always: true, json)
        section("unfinished", progress.unfinished, always: true, json)
        section("discarded", progress.discarded, always: false, JSONValue.double)
        section("daily", progress.daily, always: false, json)
        if let draft = progress.editorDraft { text += ",\n\"\(draftKey)\":" + json(draft).text() }
        text += "\n}\n"
        return Array(text.utf8)
    }

    static func json(_ record: LevelRecord) -> JSONValue {
        var members = [JSONValue.Member]()
        if let moves = record.bestMoves { members.append(.init("bestMoves", .int(moves))) }
        members.append(.init("bestStars", .int(record.bestStars)))
        if let time = record.bestTime { members.append(.init("bestTime", .double(time))) }
        members.append(.init("cleared", .bool(record.cleared)))
        if let moment = record.clearedAt { members.append(.init("clearedAt", .double(moment))) }
        // The statistics' counts, once there are any (a file of a clear before they were
        // kept stays as it was written).
        let tally = record.tally
        if tally != LevelRecord.Tally() {
            members.append(
                .init(
                    "tally",
                    .object([
                        "clears": .int(tally.clears), "hints": .int(tally.hints), "moves": .int(tally.moves),
                        "solutions": .int(tally.solutions), "time": .double(tally.time),
                    ])))
        }
        return .object(members)
    }

    static func json(_ draft: EditorDraft) -> JSONValue {
        var members: [JSONValue.Member] = [.init("lines", .array(draft.lines.map(JSONValue.string)))]
        if let pack = draft.pack { members.append(.init("pack", .string(pack))) }
        if let file = draft.savedFile { members.append(.init("saved", .object(["pack": .string(file.pack), "path": .string(file.path)]))) }
        members.append(.init("savedAt", .double(draft.savedAt)))
        if let title = draft.title { members.append(.init("title", .string(title))) }
        return .object(members)
    }

    static func json(_ line: UnfinishedLine) -> JSONValue {
        let log = line.log.map { move in
            JSONValue.object([
                "direction": .string(move.direction.rawValue),
                "from": .object(["column": .int(move.from.column), "row": .int(move.from.row)]),
            ])
        }
        var members: [JSONValue.Member] = [.init("log", .array(log)), .init("playTime", .double(line.playTime))]
        if let moment = line.savedAt { members.append(.init("savedAt", .double(moment))) }
        // Written only when true, so a line without them reads as it did before they were kept.
        if line.sawSolution { members.append(.init("sawSolution", .bool(true))) }
        if line.showedSolution { members.append(.init("showedSolution", .bool(true))) }
        members.append(.init("usedHint", .bool(line.usedHint)))
        return .object(members)
    }

    // MARK: Reading

    /// What the title screen says of a progress file that is not JSON.
    static let notProgress = trLater("it is not valid progress JSON")

    /// What `bytes` hold: the whole object when it parses, else every record line that does.
    public static func decode(_ bytes: [UInt8]) -> Contents {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            if let salvaged = salvageLines(bytes) { return .damaged(salvaged) }
            return .unreadable(ReadReason("it is not valid progress JSON (the text is not JSON: \(error))", phrase: Self.notProgress))
        }
        guard let salvaged = read(root) else {
            return .unreadable(ReadReason("it is not valid progress JSON (it holds \(root.kind), not an object)", phrase: Self.notProgress))
        }
        return salvaged.isSound ? .sound(salvaged.progress) : .damaged(salvaged)
    }

    /// The progress a parsed file holds, record by record; nil when it is not an object.
    static func read(_ root: JSONValue) -> SalvagedProgress? {
        guard let members = root.members else { return nil }
        var result = SalvagedProgress()
        for group in grouped(members) {
            if group.values.count > 1 { result.merged.append("'\(group.key)' is given \(group.values.count) times") }
            switch group.key {
            case "version":
                for value in group.values { readVersion(value, into: &result) }
            case "levels": readSection(group, into: &result, record: levelRecord, at: \.levels)
            case "unfinished": readSection(group, into: &result, record: unfinishedLine, at: \.unfinished)
            case "discarded": readSection(group, into: &result, record: { $0.doubleValue }, at: \.discarded)
            case "daily":
                readSection(
                    group, into: &result, isKey: PlayerProgress.isPlausibleDay, keyProblem: "not a day (YYYY-MM-DD)", record: levelRecord,
                    at: \.daily)
            case draftKey:
                // Every copy that reads, the newest kept, as two copies of the game keep it.
                for value in group.values {
                    guard let draft = editorDraft(value), draft.isPlausible else {
                        result.dropped.append("'\(draftKey)': not an editor draft this version can read")
                        continue
                    }
                    var one = PlayerProgress()
                    one.editorDraft = draft
                    result.progress.merge(one)
                }
            default:
                break  // a later Bloq's key: this one reads what it knows
            }
        }
        for level in Set(result.progress.unfinished.keys).union(result.progress.discarded.keys) { result.progress.normalize(level) }
        return result
    }

    /// An object's members grouped by key, in the order each key first appears, every copy
    /// of a key given more than once kept.
    static func grouped(_ members: [JSONValue.Member]) -> [(key: String, values: [JSONValue])] {
        var groups: [(key: String, values: [JSONValue])] = []
        var index: [String: Int] = [:]
        for member in members {
            if let at = index[member.key] {
                groups[at].values.append(member.value)
            } else {
                index[member.key] = groups.count
                groups.append((member.key, [member.value]))
            }
        }
        return groups
    }

    /// Readings of a record without a field given twice: reading i takes copy i of every
    /// field (the last copy when a field has fewer), so every copy is in some reading whole;
    /// a record with no field given twice is one reading. Linear in the copies.
    static func readings(_ members: [JSONValue.Member]) -> [JSONValue] {
        let groups = grouped(members)
        let count = groups.map(\.values.count).max() ?? 1
        guard count > 1 else { return [.object(members)] }
        return (0..<count).map { index in
            .object(groups.map { JSONValue.Member($0.key, $0.values[min(index, $0.values.count - 1)]) })
        }
    }

    /// Versions a later Bloq may write; any other number is damage.
    static let laterVersions = 2...1000

    static func readVersion(_ value: JSONValue, into result: inout SalvagedProgress) {
        switch value.intValue {
        case 1?: break
        case let later? where laterVersions.contains(later): result.foreignVersion = max(result.foreignVersion ?? later, later)
        case let other?: result.versionProblem = result.versionProblem ?? .unknown(other)
        case nil: result.versionProblem = result.versionProblem ?? .notWhole
        }
    }

    /// One section (every copy of it, `section.values`): an object of records by level
    /// identity (or by `isKey`), record by record, every copy of a record merged in, kept
    /// `at` the progress's section.
    static func readSection<Value>(
        _ section: (key: String, values: [JSONValue]), into result: inout SalvagedProgress,
        isKey: (String) -> Bool = PlayerProgress.isPlausibleID, keyProblem: String = "not a level identity (16 hexadecimal digits)",
        record read: (JSONValue) -> Value?, at records: WritableKeyPath<PlayerProgress, [String: Value]>
    ) where Value: PlausibleRecord {
        let name = section.key
        var members: [JSONValue.Member] = []
        for copy in section.values {
            guard let list = copy.members else {
                result.dropped.append("'\(name)' is not an object of records")
                continue
            }
            members += list
        }
        var kept: Set<String> = []
        for group in grouped(members) {
            let id = group.key
            guard isKey(id) else {
                result.dropped.append("\(name) '\(String(id.prefix(40)))': \(keyProblem)")
                continue
            }
            if group.values.count > 1 { result.merged.append("\(name) \(id): given \(group.values.count) times") }
            var values: [Value] = []
            var inside = false
            for value in group.values {
                let readings = value.members.map(Self.readings) ?? [value]
                inside = inside || readings.count > 1
                values += readings.compactMap(read)
            }
            if inside { result.merged.append("\(name) \(id): a value in it is given more than once") }
            guard !values.isEmpty else {
                result.dropped.append("\(name) \(id): not a record this version can read")
                continue
            }
            let sound = values.filter(\.isPlausible)
            guard !sound.isEmpty else {
                result.dropped.append("\(name) \(id): a value is out of range")
                continue
            }
            guard kept.count < PlayerProgress.maximumLevels else {
                result.dropped.append("\(name) \(id): more than \(PlayerProgress.maximumLevels) records")
                continue
            }
            kept.insert(id)
            // Every sound reading, merged as two copies of the game merge.
            var merged = PlayerProgress()
            for value in sound {
                var one = PlayerProgress()
                one[keyPath: records][id] = value
                merged.merge(one)
            }
            result.progress.merge(merged)
        }
    }

    static func levelRecord(_ value: JSONValue) -> LevelRecord? {
        guard value.members != nil, let stars = value["bestStars"]?.intValue, let cleared = value["cleared"]?.boolValue,
            let moves = optional(value["bestMoves"], \.intValue), let time = optional(value["bestTime"], \.doubleValue),
            let moment = optional(value["clearedAt"], \.doubleValue)
        else { return nil }
        var tally = LevelRecord.Tally()
        if let counts = value["tally"], counts != .null {
            guard let clears = counts["clears"]?.intValue, let moves = counts["moves"]?.intValue, let seconds = counts["time"]?.doubleValue,
                let hints = counts["hints"]?.intValue, let solutions = counts["solutions"]?.intValue
            else { return nil }
            tally = LevelRecord.Tally(clears: clears, moves: moves, time: seconds, hints: hints, solutions: solutions)
        }
        return LevelRecord(bestStars: stars, bestMoves: moves, bestTime: time, cleared: cleared, clearedAt: moment, tally: tally)
    }

    static func unfinishedLine(_ value: JSONValue) -> UnfinishedLine? {
        guard value.members != nil, let entries = value["log"]?.arrayValue, let time = value["playTime"]?.doubleValue,
            let hint = value["usedHint"]?.boolValue, let moment = optional(value["savedAt"], \.doubleValue),
            let shown = optional(value["showedSolution"], \.boolValue), let seen = optional(value["sawSolution"], \.boolValue),
            entries.count <= PlayerProgress.maximumLogLength
        else { return nil }
        var log: [Move] = []
        for entry in entries {
            guard let direction = entry["direction"]?.stringValue.flatMap(Direction.init(rawValue:)),
                let row = entry["from"]?["row"]?.intValue, let column = entry["from"]?["column"]?.intValue
            else { return nil }
            log.append(Move(row: row, column: column, direction: direction))
        }
        return UnfinishedLine(
            log: log, playTime: time, usedHint: hint, showedSolution: shown ?? false, sawSolution: seen ?? false, savedAt: moment)
    }

    static func editorDraft(_ value: JSONValue) -> EditorDraft? {
        guard value.members != nil, let entries = value["lines"]?.arrayValue, entries.count <= Board.sizeRange.upperBound,
            let moment = value["savedAt"]?.doubleValue, let title = optional(value["title"], \.stringValue),
            let pack = optional(value["pack"], \.stringValue),
            let file = optional(
                value["saved"],
                { saved in
                    saved["path"]?.stringValue.flatMap { path in
                        saved["pack"]?.stringValue.map { EditorDraft.SavedFile(path: path, pack: $0) }
                    }
                })
        else { return nil }
        let lines = entries.compactMap(\.stringValue)
        guard lines.count == entries.count else { return nil }
        return EditorDraft(lines: lines, title: title, pack: pack, savedFile: file, savedAt: moment)
    }

    /// An optional field: absent or null is `.some(nil)`; a value of the wrong kind is nil.
    static func optional<Value>(_ field: JSONValue?, _ read: (JSONValue) -> Value?) -> Value?? {
        guard let field, field != .null else { return .some(nil) }
        return read(field).map { .some($0) }
    }

    /// Whether `bytes` hold Bloq's progress, for a file a symbolic link leads to, which the
    /// game writes over only then: a JSON object with a `version` and no key but the
    /// sections (other keys too when the version is a later Bloq's, but one section at
    /// least); or, damaged, this layout's version line first and a record line that still
    /// parses. Someone's JSON (a `package.json` has a version too, a reading list may say
    /// `"version": 2`), an empty file or any other text is not progress.
    static func holdsProgress(_ bytes: [UInt8]) -> Bool {
        guard let root = try? JSONValue.parse(bytes) else {
            let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
            let text = String(decoding: firstLine, as: UTF8.self).trimmingBlanks
            return text.hasPrefix("{\"version\":") && salvageLines(bytes) != nil
        }
        guard let members = root.members, let version = root["version"] else { return false }
        if let later = version.intValue, laterVersions.contains(later) {
            return members.contains { $0.key == draftKey || sections.contains($0.key) }
        }
        return members.allSatisfy { $0.key == "version" || $0.key == draftKey || sections.contains($0.key) }
    }

    /// Every record line of `bytes` that parses, merged; nil when not one does (the file is
    /// not this layout, or is damaged throughout).
    static func salvageLines(_ bytes: [UInt8]) -> SalvagedProgress? {
        func fragment(_ text: String) -> SalvagedProgress? {
            (try? JSONValue.parse(Array(text.utf8))).flatMap(read)
        }
        var result = SalvagedProgress()
        var kept = 0
        for (number, text) in JSONValue.recordLines(bytes) {
            if text == "}}" { continue }
            if sections.contains(where: { text == "\"\($0)\":{" || text == "\"\($0)\":{}" }) { continue }
            if text.hasPrefix("{\"version\":") {
                if let version = fragment(text + "}") {
                    result.foreignVersion = version.foreignVersion
                    result.versionProblem = version.versionProblem
                } else {
                    result.versionProblem = .damagedLine
                }
                continue
            }
            if text.hasPrefix("\"\(draftKey)\":") {
                guard let draft = fragment("{\(text)}"), draft.dropped.isEmpty, draft.progress.editorDraft != nil else {
                    result.dropped.append("line \(number): not a record Bloq can read")
                    continue
                }
                result.progress.merge(draft.progress)
                kept += 1
                continue
            }
            // A record: its key and shape say which section it belongs to.
            let record = sections.lazy.compactMap { name in fragment("{\"\(name)\":{\(text)}}") }.first {
                $0.dropped.isEmpty && $0.progress.largestSection == 1
            }
            guard let record else {
                result.dropped.append("line \(number): not a record Bloq can read")
                continue
            }
            result.progress.merge(record.progress)
            result.merged += record.merged.map { "line \(number): \($0)" }
            kept += 1
        }
        return kept > 0 ? result : nil
    }
}

/// A record read from the progress file, whose values may be out of range.
protocol PlausibleRecord {
    var isPlausible: Bool { get }
}

extension LevelRecord: PlausibleRecord {}
extension UnfinishedLine: PlausibleRecord {}
extension Double: PlausibleRecord {
    var isPlausible: Bool { isFinite }
}
