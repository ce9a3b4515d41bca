/// A level as a short, URL-safe text to paste: `bloq share`, `bloq play --code`,
/// `bloq import`, and Copy / Paste code in the game (docs/levels.md, "Share codes").
///
/// A code is `B1` (the format's version) and the base64url (RFC 4648 §5, no padding) of
/// these bits, most significant first:
/// - rows − 2 and columns − 2, 4 bits each;
/// - a title flag, 1 bit;
/// - the cells row by row, two to 7 bits (`10·a + b`, each cell 0 empty, 1 wall, 2–9 the
///   colours R O Y G B P C W), a last odd cell in 4 bits;
/// - with the flag, the title's UTF-8 length in 8 bits (1–255) and its bytes;
/// - zero bits to the next byte, then a CRC-16/CCITT-FALSE of the bytes so far (16 bits),
///   so a mistyped character is caught.
///
/// A 4x4 level's code is 17 characters; a 16x16 one's 157 without a title.
public enum ShareCode {
    /// The prefix and version every code of this format starts with.
    public static let prefix = "B1"
    /// The longest title a code carries, in UTF-8 bytes.
    public static let maximumTitleBytes = 255
    /// The longest code that can be valid (a 16x16 board and the longest title).
    public static let maximumLength: Int = {
        let bytes = (8 + 1 + 128 * 7 + 8 + 255 * 8 + 7) / 8 + 2
        return prefix.count + (bytes * 8 + 5) / 6
    }()

    /// What is wrong with a code: the kind of fault, for a player's words (the game says
    /// each kind in the player's language), and the whole account, for the command line.
    public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Reason: Sendable, Equatable {
            /// Nothing, or spaces only.
            case empty
            /// Longer than any code: text, not a code.
            case tooLong
            /// Does not start as a code does: text, not a code.
            case notACode
            /// A later version's code, which this Bloq does not read.
            case newerVersion
            /// A character no code uses, at this 1-based place.
            case badCharacter(Int)
            /// Characters missing at the end.
            case cutShort
            /// A character wrong or missing: the checksum or what it holds does not read.
            case damaged
            /// It reads, but its board is no valid level (same colours touching, no blocks).
            case invalidLevel
        }

        public var reason: Reason
        public var message: String
        public var description: String { message }

        init(_ reason: Reason, _ message: String) {
            self.reason = reason
            self.message = message
        }
    }

    /// The code for `board`, with `title` when given. Nil when the title is longer than
    /// `maximumTitleBytes` (the caller says so).
    public static func encode(_ board: Board, title: String? = nil) -> String? {
        var bits = BitWriter()
        guard write(board, title: title, into: &bits) else { return nil }
        return prefix + sealed(bits)
    }

    /// Writes the board and title (the payload of a share code, and the first part of a
    /// solve code's); false when the title is too long.
    static func write(_ board: Board, title: String?, into bits: inout BitWriter) -> Bool {
        bits.write(board.rows - 2, width: 4)
        bits.write(board.columns - 2, width: 4)
        let titleBytes = title.map { Array($0.utf8) } ?? []
        guard titleBytes.count <= maximumTitleBytes else { return false }
        bits.write(titleBytes.isEmpty ? 0 : 1, width: 1)
        let symbols = board.cells.map(symbol)
        var index = 0
        while index + 1 < symbols.count {
            bits.write(symbols[index] * 10 + symbols[index + 1], width: 7)
            index += 2
        }
        if index < symbols.count { bits.write(symbols[index], width: 4) }
        if !titleBytes.isEmpty {
            bits.write(titleBytes.count, width: 8)
            for byte in titleBytes { bits.write(Int(byte), width: 8) }
        }
        return true
    }

    /// The bits' bytes with their CRC-16, in base64url.
    static func sealed(_ bits: BitWriter) -> String {
        var bytes = bits.bytes
        let crc = crc16(bytes)
        bytes += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        return base64url(bytes)
    }

    /// The board and title a code holds, or what is wrong with it. The board is checked
    /// only for what a code can get wrong (sizes, cells); whether it makes a valid level
    /// is `LevelParser`'s to say, as for a file.
    public static func decode(_ code: String) -> Result<(board: Board, title: String?), DecodeError> {
        Result { () throws(DecodeError) in
            var bits = try unsealed(code, prefix: prefix, kind: "share code", maximumLength: maximumLength)
            let read = try readBoard(&bits, kind: "share code")
            guard bits.remainingAreZero else { throw DecodeError(.damaged, "the share code has data after its level: it is damaged") }
            return read
        }
    }

    /// The code in pasted `text`: the text without the spaces, tabs and line ends around it
    /// (a pasted code often ends in one; "\r\n" is one Character, which `isNewline` knows),
    /// or out of the message or link it was pasted with: of text in several words (split at
    /// spaces and at a link's `/ ? = & # :`), the last word that starts as a share or solve
    /// code does, without the punctuation after it. The Cleared card's Share copies "Bloq
    /// First Push ★★★ 1 move (par 1) 0:03 S1…", which a friend pastes whole. Text with no
    /// such word is kept as it is, so that what is wrong with it is said of it.
    public static func code(in code: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        let text = String(code.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        let words = text.split { isSpace($0) || "/?=&#:".contains($0) }
        guard words.count > 1,
            let word = words.last(where: { $0.hasPrefix(prefix) || $0.hasPrefix(SolveCode.prefix) })
        else { return text }
        return String(word.reversed().drop { !alphabet.contains($0) }.reversed())
    }

    /// The bits of a code of `kind` ("share code") starting with `prefix`, its characters,
    /// length and checksum checked.
    static func unsealed(_ code: String, prefix: String, kind: String, maximumLength: Int) throws(DecodeError) -> BitReader {
        let text = Self.code(in: code)
        guard !text.isEmpty else { throw DecodeError(.empty, "the \(kind) is empty") }
        guard text.count <= maximumLength else {
            throw DecodeError(.tooLong, "the \(kind) is \(text.count) characters long; no code is longer than \(maximumLength)")
        }
        let letter = String(prefix.prefix(1))
        guard text.hasPrefix(letter) else {
            throw DecodeError(.notACode, "a \(kind) starts with \(prefix); this one starts with '\(text.prefix(1))'")
        }
        guard text.hasPrefix(prefix) else {
            guard text.count > 1 else {
                throw DecodeError(
                    .cutShort,
                    "the \(kind) is cut short: '\(text)' is only its first letter (a code starts with \(prefix)); copy the whole code")
            }
            let version = text.dropFirst().prefix(1)
            throw DecodeError(
                .newerVersion, "this \(kind) is of version '\(version)', which this Bloq does not read (it reads \(prefix)); update Bloq")
        }
        var values: [UInt8] = []
        for (offset, character) in text.dropFirst(prefix.count).enumerated() {
            guard let value = alphabet.firstIndex(of: character) else {
                throw DecodeError(
                    .badCharacter(offset + prefix.count + 1),
                    "character \(offset + prefix.count + 1) of the \(kind), '\(character)', is not one a code uses (letters, digits, - and _)"
                )
            }
            values.append(UInt8(value))
        }
        guard values.count % 4 != 1 else { throw DecodeError(.cutShort, "the \(kind) is cut short or has a character too many") }
        // The last character's bits past the last whole byte are zero in a real code.
        let spare = values.count * 6 % 8
        guard let last = values.last, Int(last) & ((1 << spare) - 1) == 0 else {
            throw DecodeError(.cutShort, "the \(kind) is cut short, or its last character is wrong; copy the whole code again")
        }
        var bytes = fromBase64url(values)
        guard bytes.count >= 4 else { throw DecodeError(.cutShort, "the \(kind) is too short: a character is missing") }
        let stored = UInt16(bytes[bytes.count - 2]) << 8 | UInt16(bytes[bytes.count - 1])
        bytes.removeLast(2)
        guard crc16(bytes) == stored else {
            throw DecodeError(.damaged, "the \(kind)'s checksum does not match: a character is wrong or missing; copy the code again")
        }
        return BitReader(bytes)
    }

    /// The board and title read from `bits` (a share code's payload, a solve code's start).
    static func readBoard(_ bits: inout BitReader, kind: String) throws(DecodeError) -> (board: Board, title: String?) {
        guard let rows = bits.read(4).map({ $0 + 2 }), let columns = bits.read(4).map({ $0 + 2 }), let hasTitle = bits.read(1) else {
            throw DecodeError(.cutShort, "the \(kind) is too short")
        }
        guard Board.sizeRange.contains(rows), Board.sizeRange.contains(columns) else {
            throw DecodeError(.damaged, "the \(kind)'s board is \(rows)x\(columns); boards are 2 to 16 cells each way")
        }
        var symbols: [Int] = []
        let count = rows * columns
        while symbols.count + 1 < count {
            guard let pair = bits.read(7), pair < 100 else { throw DecodeError(.damaged, "the \(kind)'s cells are damaged") }
            symbols += [pair / 10, pair % 10]
        }
        if symbols.count < count {
            guard let last = bits.read(4), last < 10 else { throw DecodeError(.damaged, "the \(kind)'s cells are damaged") }
            symbols.append(last)
        }
        var title: String?
        if hasTitle == 1 {
            guard let length = bits.read(8), length > 0 else { throw DecodeError(.damaged, "the \(kind)'s title is damaged") }
            var titleBytes: [UInt8] = []
            for _ in 0..<length {
                guard let byte = bits.read(8) else { throw DecodeError(.damaged, "the \(kind)'s title is cut short") }
                titleBytes.append(UInt8(byte))
            }
            guard let decoded = String(validating: titleBytes, as: UTF8.self) else {
                throw DecodeError(.damaged, "the \(kind)'s title is not valid UTF-8 text")
            }
            // A title from a stranger: no escape codes or other control characters reach
            // the screen, a file or a terminal.
            // Spaces at either end go too: a title of spaces alone is no title.
            let printable = LevelText.printable(decoded).trimmed
            title = printable.allSatisfy(\.isWhitespace) ? nil : printable
        }
        guard let board = Board(rows: rows, columns: columns, cells: symbols.map(cell)) else {
            throw DecodeError(.damaged, "the \(kind)'s board does not fit its size")
        }
        return (board, title)
    }

    /// The level a code holds, checked by the level parser as a file is (two same-coloured
    /// blocks touching, no blocks), or what is wrong with the code or its level. Without a
    /// title in the code the level is called `untitled`.
    /// A solve code (`SolveCode`) gives its level too.
    public static func level(from code: String, untitled: String = "Shared level") -> Result<Level, DecodeError> {
        let decoded = SolveCode.isSolveCode(code) ? SolveCode.decode(code).map { ($0.board, $0.title) } : decode(code)
        return decoded.flatMap { level(board: $0.board, title: $0.title ?? untitled) }
    }

    /// The level of a code's board and title, checked by the level parser as a file is.
    public static func level(board: Board, title: String) -> Result<Level, DecodeError> {
        switch LevelParser.parse(LevelText.file(board: board, title: title), name: "share code") {
        case .success(let level): return .success(level)
        case .failure(let error):
            let messages = error.diagnostics.filter { $0.severity == .error }.map(\.message)
            let more = messages.count > 3 ? "; and \(messages.count - 3) more problems like these" : ""
            return .failure(
                DecodeError(
                    .invalidLevel, "the share code's board is not a valid level: \(messages.prefix(3).joined(separator: "; "))\(more)"))
        }
    }

    /// The text of a level file holding a decoded code (the library's API; the game calls
    /// `LevelText.file`).
    public static func levelText(board: Board, title: String?) -> String {
        LevelText.file(board: board, title: title)
    }

    // MARK: Pieces

    static let alphabet: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    private static func symbol(_ cell: Cell) -> Int {
        switch cell {
        case .empty: 0
        case .wall: 1
        case .block(let color): 2 + color.index
        }
    }

    private static func cell(_ symbol: Int) -> Cell {
        switch symbol {
        case 0: .empty
        case 1: .wall
        default: .block(BlockColor.allCases[symbol - 2])
        }
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        var bits = BitReader(bytes)
        var text = ""
        while bits.remaining > 0 {
            let width = min(6, bits.remaining)
            let value = (bits.read(width) ?? 0) << (6 - width)
            text.append(alphabet[value])
        }
        return text
    }

    static func fromBase64url(_ values: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        for value in values { writer.write(Int(value), width: 6) }
        // Whole bytes only: the padding bits of the last character are dropped.
        return Array(writer.bytes.prefix(values.count * 6 / 8))
    }

    /// CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF).
    static func crc16(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        }
        return crc
    }
}

/// Bits written most significant first into bytes.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0  // bits used in the last byte

    mutating func write(_ value: Int, width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) {
            if used == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> used) }
            used = (used + 1) % 8
        }
    }
}

/// Bits read most significant first from bytes.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count * 8 - position }

    /// Whether every bit left is zero (the padding to a whole byte).
    var remainingAreZero: Bool {
        var probe = self
        while probe.remaining > 0 { if probe.read(1) != 0 { return false } }
        return remaining < 8
    }

    mutating func read(_ width: Int) -> Int? {
        guard width <= remaining else { return nil }
        var value = 0
        for _ in 0..<width {
            let bit = (bytes[position / 8] >> (7 - position % 8)) & 1
            value = value << 1 | Int(bit)
            position += 1
        }
        return value
    }
}
