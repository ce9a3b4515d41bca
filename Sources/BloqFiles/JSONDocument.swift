/// A JSON text scanned the way Foundation's `JSONDecoder` scans it, so that `progress.json`
/// and `settings.json` read exactly as they did when Bloq decoded them with Foundation
/// (it links no Foundation now: docs/packaging.md). Like Foundation's scanner, this one
/// checks only the structure (brackets, commas, colons, the literals, a string's end, the
/// shape of a `\u` escape, at most 512 levels of nesting) and records where each string
/// and number lies; a string's escapes and bytes and a number's digits are checked when
/// the value is read (`JSONDocument.string(_:)`, `double(_:)`, `integer(_:)`), so a
/// malformed value that nothing reads spoils nothing. Also as Foundation does: a UTF-8
/// byte order mark is skipped, UTF-16 and UTF-32 texts (told by their byte order mark or
/// their zero bytes) are read, and a comma may end an array or an object.
struct JSONDocument {
    /// A value of the text: strings and numbers as the bytes between their ends.
    indirect enum Value {
        case string(Range<Int>, simple: Bool)
        case number(Range<Int>, exponent: Bool)
        case bool(Bool)
        case null
        case array([Value])
        /// The members in the order written, keys as `.string` values.
        case object([(key: Value, value: Value)])

        /// How Foundation names the kind of value in its errors.
        var kindDescription: String {
            switch self {
            case .string: "a string"
            case .number: "number"
            case .bool: "bool"
            case .null: "null"
            case .object: "a dictionary"
            case .array: "an array"
            }
        }
    }

    /// What is wrong with the text or with a value read from it.
    struct Malformed: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// The text, as UTF-8 without a byte order mark.
    let bytes: [UInt8]
    let root: Value

    /// Containers may nest this deep, no deeper.
    static let maximumDepth = 512

    init(_ data: [UInt8]) throws(Malformed) {
        bytes = try JSONDocument.utf8(data)
        var scanner = Scanner(bytes: bytes)
        root = try scanner.scanValue()
        while let byte = scanner.peek() {
            guard Scanner.isWhitespace(byte) else { throw Malformed(reason: "unexpected character after the top-level value") }
            scanner.index += 1
        }
    }

    // MARK: Encodings

    /// `data` as UTF-8: a byte order mark or the pattern of zero bytes in the first four
    /// bytes names UTF-16 or UTF-32 (RFC 4627 section 3), anything else is UTF-8.
    static func utf8(_ data: [UInt8]) throws(Malformed) -> [UInt8] {
        func byte(_ index: Int) -> UInt8? { index < data.count ? data[index] : nil }
        enum Encoding {
            case utf8
            case utf16(bigEndian: Bool)
            case utf32(bigEndian: Bool)
        }
        let encoding: Encoding
        let bom: Int
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): (encoding, bom) = (.utf32(bigEndian: true), 4)
        case (0xFE, 0xFF, 0, 0): (encoding, bom) = (.utf32(bigEndian: false), 4)
        case (0xFE, 0xFF, _, _): (encoding, bom) = (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE, _, _): (encoding, bom) = (.utf16(bigEndian: false), 2)
        case (0xEF, 0xBB, 0xBF, _): (encoding, bom) = (.utf8, 3)
        case (0, 0, 0, .some(let b)) where b != 0: (encoding, bom) = (.utf32(bigEndian: true), 0)
        case (0, .some(let a), 0, .some(let b)) where a != 0 && b != 0: (encoding, bom) = (.utf16(bigEndian: true), 0)
        case (.some(let a), 0, 0, 0) where a != 0: (encoding, bom) = (.utf32(bigEndian: false), 0)
        case (.some(let a), 0, .some(let b), 0) where a != 0 && b != 0: (encoding, bom) = (.utf16(bigEndian: false), 0)
        case (0, .some(let a), nil, nil) where a != 0: (encoding, bom) = (.utf16(bigEndian: true), 0)
        case (.some(let a), 0, nil, nil) where a != 0: (encoding, bom) = (.utf16(bigEndian: false), 0)
        default: (encoding, bom) = (.utf8, 0)
        }
        let body = data[min(bom, data.count)...]
        let cannotConvert = Malformed(reason: "the text cannot be converted to UTF-8")
        switch encoding {
        case .utf8:
            return Array(body)
        case .utf16(let bigEndian):
            guard body.count % 2 == 0 else { throw cannotConvert }
            let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { index -> UInt16 in
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            var output: [UInt8] = []
            let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
            guard !failed else { throw cannotConvert }
            return output
        case .utf32(let bigEndian):
            guard body.count % 4 == 0 else { throw cannotConvert }
            var output: [UInt8] = []
            for index in stride(from: body.startIndex, to: body.endIndex, by: 4) {
                let value = (0..<4).reduce(UInt32(0)) { sum, offset in
                    sum << 8 | UInt32(body[index + (bigEndian ? offset : 3 - offset)])
                }
                guard let scalar = Unicode.Scalar(value) else { throw cannotConvert }
                output.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [])
            }
            return output
        }
    }

    // MARK: Scanning

    /// Foundation's scan: structure only; strings and numbers are kept as byte ranges.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        static let endOfText = Malformed(reason: "unexpected end of the text")

        /// Skips white space; the byte after it, not consumed. The end of the text is an error.
        mutating func nextByte() throws(Malformed) -> UInt8 {
            while let byte = peek() {
                if !Scanner.isWhitespace(byte) { return byte }
                index += 1
            }
            throw Scanner.endOfText
        }

        mutating func scanValue() throws(Malformed) -> Value {
            let byte = try nextByte()
            switch byte {
            case UInt8(ascii: "\""): return try scanString()
            case UInt8(ascii: "{"): return try scanObject()
            case UInt8(ascii: "["): return try scanArray()
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
            default: throw Malformed(reason: "unexpected character '\(Unicode.Scalar(byte))'")
            }
        }

        mutating func expect(_ literal: StaticString) throws(Malformed) {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw Scanner.endOfText }
            let matches = literal.withUTF8Buffer { expected in expected.elementsEqual(bytes[index..<(index + count)]) }
            guard matches else { throw Malformed(reason: "unexpected character in a literal") }
            index += count
        }

        mutating func enter() throws(Malformed) {
            guard depth < JSONDocument.maximumDepth else { throw Malformed(reason: "too many nested arrays or objects") }
            depth += 1
        }

        mutating func scanArray() throws(Malformed) -> Value {
            index += 1
            try enter()
            defer { depth -= 1 }
            if try nextByte() == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            var elements: [Value] = []
            while true {
                elements.append(try scanValue())
                switch try nextByte() {
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(elements)
                case UInt8(ascii: ","):
                    index += 1
                    if try nextByte() == UInt8(ascii: "]") {
                        index += 1
                        return .array(elements)
                    }
                default:
                    throw Malformed(reason: "unexpected character in an array")
                }
            }
        }

        mutating func scanObject() throws(Malformed) -> Value {
            index += 1
            try enter()
            defer { depth -= 1 }
            if try nextByte() == UInt8(ascii: "}") {
                index += 1
                return .object([])
            }
            var members: [(key: Value, value: Value)] = []
            while true {
                let key = try scanString()
                guard try nextByte() == UInt8(ascii: ":") else { throw Malformed(reason: "unexpected character in an object") }
                index += 1
                members.append((key, try scanValue()))
                switch try nextByte() {
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                case UInt8(ascii: ","):
                    index += 1
                    if try nextByte() == UInt8(ascii: "}") {
                        index += 1
                        return .object(members)
                    }
                default:
                    throw Malformed(reason: "unexpected character in an object")
                }
            }
        }

        /// A string from its opening quote to its closing one; simple when it holds no
        /// escape and no control character (its bytes are then its UTF-8 as they stand).
        mutating func scanString() throws(Malformed) -> Value {
            guard let quote = peek() else { throw Scanner.endOfText }
            guard quote == UInt8(ascii: "\"") else { throw Malformed(reason: "unexpected character where a string begins") }
            index += 1
            let start = index
            var simple = true
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return .string(start..<(index - 1), simple: simple)
                case UInt8(ascii: "\\"):
                    simple = false
                    index += 1
                    guard let escaped = peek() else { throw Scanner.endOfText }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        guard bytes.count - index >= 4 else { throw Scanner.endOfText }
                        guard !bytes[index..<(index + 4)].contains(UInt8(ascii: "\"")) else {
                            throw Malformed(reason: "a \\u escape with fewer than 4 hexadecimal digits")
                        }
                        index += 4
                    }
                default:
                    if byte < 0x20 { simple = false }
                    index += 1
                }
            }
            throw Scanner.endOfText
        }

        /// A number: the run of digits and `.+-eE` from here, checked only when read.
        mutating func scanNumber() -> Value {
            let start = index
            var exponent = false
            index += 1
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"): index += 1
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    exponent = true
                    index += 1
                default: return .number(start..<index, exponent: exponent)
                }
            }
            return .number(start..<index, exponent: exponent)
        }
    }

    // MARK: Reading values

    /// The text of a string value: its escapes decoded, its bytes checked as UTF-8, a
    /// control character refused (as Foundation reads it).
    func string(_ range: Range<Int>, simple: Bool) throws(Malformed) -> String {
        let invalid = Malformed(reason: "a string that is not valid UTF-8")
        if simple {
            guard let text = String(validating: bytes[range], as: UTF8.self) else { throw invalid }
            return text
        }
        var output = ""
        var index = range.lowerBound
        var chunk = index
        func flush(upTo end: Int) throws(Malformed) {
            guard let text = String(validating: bytes[chunk..<end], as: UTF8.self) else { throw invalid }
            output += text
        }
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                try flush(upTo: index)
                index += 1
                index = try unescape(at: index, end: range.upperBound, into: &output)
                chunk = index
            } else if byte < 0x20 {
                throw Malformed(reason: "an unescaped control character in a string")
            } else {
                index += 1
            }
        }
        try flush(upTo: index)
        return output
    }

    /// Decodes the escape whose letter is at `index` (after its backslash); returns where the
    /// text goes on.
    private func unescape(at index: Int, end: Int, into output: inout String) throws(Malformed) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "\""): output.append("\"")
        case UInt8(ascii: "\\"): output.append("\\")
        case UInt8(ascii: "/"): output.append("/")
        case UInt8(ascii: "b"): output.append("\u{08}")
        case UInt8(ascii: "f"): output.append("\u{0C}")
        case UInt8(ascii: "n"): output.append("\n")
        case UInt8(ascii: "r"): output.append("\r")
        case UInt8(ascii: "t"): output.append("\t")
        case UInt8(ascii: "u"):
            let lead = try hexUnit(at: index + 1)
            guard UTF16.isLeadSurrogate(lead) else {
                guard let scalar = Unicode.Scalar(lead) else { throw Malformed(reason: "a \\u escape that is no character") }
                output.unicodeScalars.append(scalar)
                return index + 5
            }
            let missingLow = Malformed(reason: "a \\u escape of a high surrogate without its low one")
            let next = index + 5
            guard end - next >= 2, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else { throw missingLow }
            let trail = try hexUnit(at: next + 2)
            guard UTF16.isTrailSurrogate(trail) else { throw missingLow }
            output.unicodeScalars.append(UTF16.decode(UTF16.EncodedScalar([lead, trail])))
            return next + 6
        default:
            throw Malformed(reason: "an invalid escape sequence in a string")
        }
        return index + 1
    }

    /// The four hexadecimal digits at `index` (the scan made sure there are four bytes).
    private func hexUnit(at index: Int) throws(Malformed) -> UInt16 {
        var value: UInt16 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed(reason: "an invalid hexadecimal digit in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// A number's text, checked as JSON writes numbers: no leading zero, a digit after a
    /// minus sign and before an exponent, a digit at the end.
    private func numberText(_ range: Range<Int>, exponent: Bool) throws(Malformed) -> String {
        let malformed = Malformed(reason: "a malformed number")
        let text = bytes[range]
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var digits = text.startIndex
        if text[digits] == UInt8(ascii: "-") {
            digits += 1
            guard digits < text.endIndex, isDigit(text[digits]) else { throw malformed }
        }
        if text[digits] == UInt8(ascii: "0"), digits + 1 < text.endIndex {
            switch text[digits + 1] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: throw malformed
            }
        }
        if exponent, let mark = text[(digits + 1)...].firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            guard isDigit(text[mark - 1]) else { throw malformed }
        }
        guard let last = text.last, isDigit(last) else { throw malformed }
        return String(decoding: text, as: UTF8.self)
    }

    /// A number read as a `Double` or a `Float`, as Foundation reads it: one that rounds to
    /// infinity, or to zero from digits that are not all zero, is refused.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ range: Range<Int>, exponent: Bool, as type: T.Type)
        throws(Malformed) -> T
    {
        let text = try numberText(range, exponent: exponent)
        guard let value = T(text) else { throw Malformed(reason: "a malformed number") }
        guard value.isFinite, value != 0 || JSONDocument.isTrueZero(text) else {
            throw Malformed(reason: "the number \(text) is not representable")
        }
        return value
    }

    /// Whether no digit before the exponent is other than zero.
    private static func isTrueZero(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: continue
            }
        }
        return true
    }

    /// A number read as a whole number of type `T`, as Foundation reads it: digits as they
    /// are; else a `Double` that is a whole number in range (`1.0`, `1e2`), and beyond 2^53,
    /// where doubles are all whole, the decimal digits themselves (`12345678901234567.0`),
    /// a fraction dropped.
    func integer<T: FixedWidthInteger>(_ range: Range<Int>, exponent: Bool, as type: T.Type) throws(Malformed) -> T {
        let text = try numberText(range, exponent: exponent)
        if let value = T(text) { return value }
        let unrepresentable = Malformed(reason: "the number \(text) is not representable as \(T.self)")
        if let double = Double(text) {
            guard let value = T(exactly: double) else { throw unrepresentable }
            if double.magnitude < 0x1p53 { return value }
        }
        guard let value: T = JSONDocument.decimalInteger(text) else { throw unrepresentable }
        return value
    }

    /// `text` read as Foundation's `Decimal` reads it (its digits as one whole number and a
    /// power of ten) and then made a whole number, a fraction dropped: nil when the text is
    /// not `digits[.digits][e[+-]digits]`, when the digits overflow 64 bits or when the
    /// result does not fit `T`.
    private static func decimalInteger<T: FixedWidthInteger>(_ text: String) -> T? {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        func digit(_ byte: UInt8) -> UInt64? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? UInt64(byte - UInt8(ascii: "0")) : nil
        }
        var mantissa: UInt64 = 0
        var power = 0
        var overflowed = false
        func take(_ value: UInt64) {
            let (times, high) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(value)
            overflowed = overflowed || high || carried
            mantissa = sum
        }
        var whole = 0
        while let first = bytes.first, let value = digit(first) {
            take(value)
            whole += 1
            bytes = bytes.dropFirst()
        }
        guard whole > 0 else { return nil }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let first = bytes.first, let value = digit(first) {
                take(value)
                power -= 1
                bytes = bytes.dropFirst()
            }
        }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            guard let exponent = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
            power += exponent
            bytes = []
        }
        guard bytes.isEmpty, !overflowed else { return nil }
        while power < 0 {
            mantissa /= 10
            power += 1
        }
        while power > 0 {
            let (times, high) = mantissa.multipliedReportingOverflow(by: 10)
            guard !high else { return nil }
            mantissa = times
            power -= 1
        }
        guard let magnitude = T(exactly: mantissa) else { return nil }
        if negative {
            guard T.isSigned else { return mantissa == 0 ? 0 : nil }
            return 0 - magnitude
        }
        return magnitude
    }
}
