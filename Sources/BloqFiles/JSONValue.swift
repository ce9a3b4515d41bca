/// A JSON value (RFC 8259), the one the game reads its files into and writes its files and
/// `--json` outputs from. Read strictly: UTF-8 only (a leading byte order mark is skipped,
/// as the RFC allows), no trailing commas, no comments, no control characters in strings,
/// no lone surrogates, at most `maximumDepth` levels of nesting. An object keeps its members
/// in the order written, and a key given twice is kept twice: what that means is the
/// reader's to say (the progress file merges the copies). A number keeps its text, so a
/// whole number is read exactly.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number's text, its grammar checked.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Containers may nest this deep, no deeper.
    public static let maximumDepth = 512

    // MARK: Making values

    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A finite number as the shortest text that reads back to it (a whole one without a
    /// fraction, as `1700000000`); null for an infinity or NaN, which JSON cannot hold.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return .number(String(Int64(value))) }
        return .number(value.description)
    }

    /// An object of `members` in this order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member($0.key, $0.value) })
    }

    // MARK: Reading values

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The lines of a file written one record a line (Bloq's progress and settings), for
    /// reading a damaged one line by line: each with its number from 1, trimmed, without
    /// its trailing comma; blank lines and lone braces left out.
    static func recordLines(_ bytes: [UInt8]) -> [(number: Int, text: String)] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            var text = String(decoding: line, as: UTF8.self).trimmingBlanks
            if text.hasSuffix(",") { text.removeLast() }
            return text.isEmpty || text == "{" || text == "}" ? nil : (index + 1, text)
        }
    }

    public var members: [Member]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The number as a Double (nil for anything else, or out of Double's range).
    public var doubleValue: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The number as a whole number, exactly (nil when it is not one, or too large).
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let whole = Int(text) { return whole }
        guard let value = Double(text), value == value.rounded(), abs(value) < 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// The first value of `key` in an object (nil for a key it lacks, or for a non-object).
    public subscript(key: String) -> JSONValue? { members?.first { $0.key == key }?.value }

    /// What kind of value it is, for messages ("a string", "an object").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: Writing

    /// The value as JSON text: compact, on one line with a space after each colon and comma
    /// (`spaced`, as the `--json` outputs print), or laid out with two spaces a level
    /// (`pretty`).
    public func text(pretty: Bool = false, spaced: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, spaced: spaced && !pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, spaced: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): JSONValue.writeString(text, to: &out)
        case .array(let elements):
            JSONValue.writeList(elements, "[", "]", to: &out, pretty: pretty, spaced: spaced, indent: indent) { element, out in
                element.write(to: &out, pretty: pretty, spaced: spaced, indent: indent + 1)
            }
        case .object(let members):
            JSONValue.writeList(members, "{", "}", to: &out, pretty: pretty, spaced: spaced, indent: indent) { member, out in
                JSONValue.writeString(member.key, to: &out)
                out += pretty || spaced ? ": " : ":"
                member.value.write(to: &out, pretty: pretty, spaced: spaced, indent: indent + 1)
            }
        }
    }

    /// `items` between `open` and `close`, separated by commas, each written by `write`.
    private static func writeList<Item>(
        _ items: [Item], _ open: String, _ close: String, to out: inout String, pretty: Bool, spaced: Bool, indent: Int,
        _ write: (Item, inout String) -> Void
    ) {
        guard !items.isEmpty else {
            out += open + close
            return
        }
        out += open
        for (index, item) in items.enumerated() {
            if index > 0 { out += spaced ? ", " : "," }
            if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
            write(item, &out)
        }
        out += pretty ? "\n" + String(repeating: "  ", count: indent) + close : close
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    public static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: Reading text

    /// Why a text is not JSON: where (line and column, from 1; columns count characters)
    /// and what.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// Parses `bytes` as one JSON value, strictly.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("more after the value: one JSON value is all a file may hold") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ message: String, at position: Int? = nil) -> ParseError {
            let at = min(position ?? index, bytes.count)
            let before = bytes[..<at]
            let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            // Characters, not bytes: a UTF-8 continuation byte starts none.
            let column = bytes[lineStart..<at].count(where: { $0 & 0xC0 != 0x80 }) + 1
            return ParseError(line: line, column: column, message: message)
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard let byte = peek else { throw error("the text ends where a value should be") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default:
                throw error(
                    "'\(Self.shown(byte))' cannot start a value (a value is an object, an array, a string, a number, true, false or null)")
            }
        }

        static func shown(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16)
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws(ParseError) -> JSONValue {
            let expected = Array(word.utf8)
            guard bytes[index...].starts(with: expected) else { throw error("expected '\(word)'") }
            index += expected.count
            return value
        }

        /// The elements of an object or array up to its `close` (`}` or `]`), each read by
        /// `element` (`what` it is, for messages), separated by commas.
        mutating func elements(
            depth: Int, close: UInt8, what: String, _ element: (inout Parser) throws(ParseError) -> Void
        ) throws(ParseError) {
            guard depth < JSONValue.maximumDepth else { throw error("nested more than \(JSONValue.maximumDepth) levels deep") }
            index += 1
            skipWhitespace()
            if peek == close {
                index += 1
                return
            }
            while true {
                try element(&self)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                    if peek == close { throw error("a comma before '\(Self.shown(close))': remove it") }
                case close:
                    index += 1
                    return
                default: throw error("expected ',' or '\(Self.shown(close))' after \(what)")
                }
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            var members: [Member] = []
            try elements(depth: depth, close: UInt8(ascii: "}"), what: "a member of an object") { parser throws(ParseError) in
                guard parser.peek == UInt8(ascii: "\"") else { throw parser.error("expected a key in double quotes") }
                let key = try parser.string()
                parser.skipWhitespace()
                guard parser.peek == UInt8(ascii: ":") else { throw parser.error("expected ':' after the key \"\(key.prefix(40))\"") }
                parser.index += 1
                parser.skipWhitespace()
                members.append(Member(key, try parser.value(depth: depth + 1)))
            }
            return .object(members)
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            var elements: [JSONValue] = []
            try self.elements(depth: depth, close: UInt8(ascii: "]"), what: "an element of an array") { parser throws(ParseError) in
                elements.append(try parser.value(depth: depth + 1))
            }
            return .array(elements)
        }

        mutating func number() throws(ParseError) -> JSONValue {
            let start = index
            func digits() -> Int {
                let from = index
                while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
                return index - from
            }
            if peek == UInt8(ascii: "-") { index += 1 }
            if peek == UInt8(ascii: "0") {
                index += 1
                if let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    throw error("a number may not start with 0 followed by digits", at: start)
                }
            } else if digits() == 0 {
                throw error("expected digits in a number", at: start)
            }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected digits after the decimal point") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            let digits = bytes[index..<min(index + 4, bytes.count)]
            // Checked first: UInt32(_:radix:) would also take a sign.
            guard digits.count == 4, digits.allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }),
                let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw error("'\\u' needs four hexadecimal digits") }
            index += 4
            return value
        }

        mutating func string() throws(ParseError) -> String {
            let start = index
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ upTo: Int) throws(ParseError) {
                guard runStart < upTo else { return }
                guard let text = String(validating: bytes[runStart..<upTo], as: UTF8.self) else {
                    throw error("a string holds bytes that are not UTF-8", at: runStart)
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while true {
                guard let byte = peek else { throw error("a string is not closed: a '\"' is missing", at: start) }
                switch byte {
                case UInt8(ascii: "\""):
                    try flush(index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush(index)
                    index += 1
                    guard let escape = peek else { throw error("a string ends in a '\\'") }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                                throw error("a '\\u' surrogate stands alone: it needs its pair")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("a '\\u' surrogate stands alone: it needs its pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("a '\\u' surrogate stands alone: it needs its pair") }
                        scalars.append(scalar)
                    default: throw error("'\\\(Self.shown(escape))' is not an escape JSON knows")
                    }
                    runStart = index
                case 0..<0x20:
                    throw error("a control character (\(Self.shown(byte))) in a string: write it escaped")
                default:
                    index += 1
                }
            }
        }
    }
}
