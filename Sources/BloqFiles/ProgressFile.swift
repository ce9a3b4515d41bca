import BloqGame

/// The text of `progress.json`: one JSON object, laid out one record a line, so that damage
/// costs only the records it touches.
///
/// ```
/// {"version":1,
/// "levels":{
/// "0123456789abcdef":{"bestMoves":9,"bestStars":3,"cleared":true,"clearedAt":1700000000},
/// "fedcba9876543210":{"bestStars":1,"cleared":true}
/// },
/// "unfinished":{
/// "0000000000000001":{"log":[...],"playTime":3.5,"savedAt":1700000100,"usedHint":false}
/// }
/// }
/// ```
///
/// The whole text is the same JSON object as before this layout (every earlier Bloq reads
/// it, and it reads every earlier file, which holds the object on one line). When the whole
/// text does not parse (a stray byte, a write cut short by another tool), each line is read
/// on its own: every record line that still parses is kept, whichever section it sat in (a
/// record's key and shape say which: a level identity with a record, a line, or a time; a
/// day), and only the damaged lines are lost.
enum ProgressFile {
    /// What a file's bytes hold.
    enum Contents {
        case sound(PlayerProgress)
        /// Readable in part: what was kept, and what was dropped.
        case damaged(SalvagedProgress)
        /// Nothing could be read: why.
        case unreadable(String)
    }

    /// The sections, in the order they are written.
    static let sections = ["levels", "unfinished", "discarded", "daily"]

    /// The file's text for `progress`, one record a line.
    static func encode(_ progress: PlayerProgress) throws -> [UInt8] {
        var text = "{\"version\":\(progress.version)"
        func section<Value: Encodable>(_ name: String, _ records: [String: Value], always: Bool) throws {
            guard always || !records.isEmpty else { return }
            text += ",\n\"\(name)\":{"
            // One encoding of the whole section (sorted by key), cut into its records.
            let whole = try JSONDocumentEncoder.encode(records)
            text += recordsOfObject(whole).map { "\n" + String(decoding: whole[$0], as: UTF8.self) }.joined(separator: ",")
            text += records.isEmpty ? "}" : "\n}"
        }
        // As PlayerProgress encodes itself: levels and lines always, the rest when present.
        try section("levels", progress.levels, always: true)
        try section("unfinished", progress.unfinished, always: true)
        try section("discarded", progress.discarded, always: false)
        try section("daily", progress.daily, always: false)
        text += "\n}\n"
        return Array(text.utf8)
    }

    /// What `bytes` hold: the whole object when it parses, else every record line that does.
    static func decode(_ bytes: [UInt8]) -> Contents {
        do {
            let salvaged = try decodeSalvaged(bytes)
            return salvaged.isSound ? .sound(salvaged.progress) : .damaged(salvaged)
        } catch {
            if let salvaged = salvageLines(bytes) { return .damaged(salvaged) }
            return .unreadable("it is not valid progress JSON (\(JSONProblem.describe(error)))")
        }
    }

    /// Whether `bytes` hold Bloq's progress, for a file a symbolic link leads to, which the
    /// game writes over only then: a JSON object with a `version` and no key but the
    /// sections (any keys when the version is a later Bloq's); or, damaged, this layout's
    /// version line first and a record line that still parses. Someone's JSON (a
    /// `package.json` has a version too), an empty file or any other text is not progress.
    static func holdsProgress(_ bytes: [UInt8]) -> Bool {
        guard let document = try? JSONDocument(bytes) else {
            let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
            let text = String(decoding: firstLine, as: UTF8.self).trimmingBlanks
            return text.hasPrefix("{\"version\":") && salvageLines(bytes) != nil
        }
        guard case .object(let members) = document.root else { return false }
        var keys: [String] = []
        var version: Int?
        for (key, value) in members {
            guard case .string(let range, let simple) = key, let name = try? document.string(range, simple: simple) else { return false }
            keys.append(name)
            if name == "version", case .number(let range, let exponent) = value {
                version = try? document.integer(range, exponent: exponent, as: Int.self)
            }
        }
        guard keys.contains("version") else { return false }
        if let version, SalvagedProgress.laterVersions.contains(version) { return true }
        return keys.allSatisfy { $0 == "version" || sections.contains($0) }
    }

    /// Every record line of `bytes` that parses, merged; nil when not one does (the file is
    /// not this layout, or is damaged throughout).
    static func salvageLines(_ bytes: [UInt8]) -> SalvagedProgress? {
        func fragment(_ text: String) -> SalvagedProgress? {
            try? decodeSalvaged(Array(text.utf8))
        }
        var result = SalvagedProgress()
        var kept = 0
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var text = String(decoding: line, as: UTF8.self).trimmingBlanks
            if text.hasSuffix(",") { text.removeLast() }
            if text.isEmpty || text == "{" || text == "}" || text == "}}" { continue }
            if sections.contains(where: { text == "\"\($0)\":{" || text == "\"\($0)\":{}" }) { continue }
            if text.hasPrefix("{\"version\":") {
                if let version = fragment(text + "}") {
                    result.foreignVersion = version.foreignVersion
                    result.versionProblem = version.versionProblem
                } else {
                    result.versionProblem = "its version line is damaged"
                }
                continue
            }
            // A record: its key and shape say which section it belongs to.
            let record = sections.lazy.compactMap { name in fragment("{\"\(name)\":{\(text)}}") }.first {
                $0.dropped.isEmpty && $0.progress.largestSection == 1
            }
            guard let record else {
                result.dropped.append("line \(index + 1): not a record Bloq can read")
                continue
            }
            result.progress.merge(record.progress)
            result.merged += record.merged.map { "line \(index + 1): \($0)" }
            kept += 1
        }
        return kept > 0 ? result : nil
    }

    /// The byte ranges of the members (`"key":value`) of the JSON object `json`, found by
    /// its top-level commas (outside strings and nested values).
    static func recordsOfObject(_ json: [UInt8]) -> [Range<Int>] {
        guard json.count >= 2, json.first == UInt8(ascii: "{"), json.last == UInt8(ascii: "}") else { return [] }
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 1
        for index in 1..<(json.count - 1) {
            let byte = json[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                ranges.append(start..<index)
                start = index + 1
            default: break
            }
        }
        if start < json.count - 1 { ranges.append(start..<(json.count - 1)) }
        return ranges
    }
}

extension String {
    /// Without spaces, tabs and carriage returns at either end.
    var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
