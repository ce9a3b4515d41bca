/// Reads the level format of CONTRACT section 1 from bytes.
///
/// The parser takes bytes and a display name, not a path, so it can report invalid UTF-8
/// at its position and never touches the file system. It collects every error of the file
/// rather than stopping at the first.
public enum LevelParser {
    /// Files larger than this are refused without being read further.
    public static let maximumFileSize = 64 * 1024

    /// The header keys a level file may use (keys starting with `x-` are also allowed).
    public static let knownKeys: Set<String> = ["title", "par", "difficulty", "author", "tip"]

    /// Parses a level. `name` is the path or name diagnostics are reported under; the
    /// title defaults to its last path component without the `.bloq` extension.
    public static func parse(_ bytes: some Collection<UInt8>, name: String) -> Result<Level, LevelLoadError> {
        var parser = Parser(name: name)
        return parser.run(Array(bytes))
    }

    /// Parses a level from text (tests and tools).
    public static func parse(_ text: String, name: String) -> Result<Level, LevelLoadError> {
        parse(Array(text.utf8), name: name)
    }

    /// The error for a file of `size` bytes, over the limit (nil: the size is not known).
    public static func tooLargeMessage(size: Int?) -> String {
        "file is \(size.map { "\($0) bytes" } ?? "larger than that"), more than the limit of \(maximumFileSize) (64 KiB); a level file holds one board of at most 16x16 cells"
    }

    /// The title a file stands for when it gives none: its name without folder and extension.
    public static func defaultTitle(for name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        return base.hasSuffix(".bloq") ? String(base.dropLast(5)) : base
    }
}

private struct Parser {
    let name: String
    var diagnostics: [Diagnostic] = []
    /// Where the `par:` value is, once a valid one is read.
    var parLocation: (line: Int, column: Int)?

    init(name: String) { self.name = name }

    mutating func error(_ line: Int, _ column: Int, _ message: String) {
        diagnostics.append(Diagnostic(file: name, line: line, column: column, message: message))
    }

    mutating func run(_ bytes: [UInt8]) -> Result<Level, LevelLoadError> {
        if bytes.count > LevelParser.maximumFileSize {
            error(1, 1, LevelParser.tooLargeMessage(size: bytes.count))
            return .failure(LevelLoadError(diagnostics: diagnostics))
        }
        guard let text = TextFile.decode(bytes, name: name, diagnostics: &diagnostics) else { return finish(nil) }

        var header: [String: String] = [:]
        var gridRows: [(line: Int, cells: [(column: Int, cell: Cell)])] = []
        // The line that ended the grid (a blank line, or one with only a comment), if one has.
        var gridEnd: (line: Int, comment: Bool)?
        var reportedRowAfterGrid = false
        // A cell that is not one the format knows stands in as a wall, so the grid's other
        // checks still run; the grid is then not said to have no blocks.
        var unknownCells = false

        let lines = TextFile.lines(text)
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            // The content before a comment, as characters with their 1-based columns.
            let characters = Array(line.prefix { $0 != ";" })
            let content = String(characters)
            // Blank: spaces and tabs, and any a file may carry unseen (a carriage return left
            // by a doubled conversion, a no-break space), which say nothing there.
            if content.allSatisfy({ Parser.invisibleName($0) != nil }) {
                if !gridRows.isEmpty, gridEnd == nil { gridEnd = (lineNumber, characters.count < line.count) }
                continue
            }
            if let colon = headerColon(characters) {
                if !gridRows.isEmpty {
                    error(
                        lineNumber, 1,
                        "header line after the grid; move '\(String(characters[..<colon]).trimmed)' above the first row of cells"
                    )
                    continue
                }
                parseHeader(characters, colon: colon, line: lineNumber, comment: line.dropFirst(characters.count + 1), into: &header)
                continue
            }
            // A header line without its ':' ("title My level"), or a line of words (a
            // title or a note written as is): one error that says what it should be, not one
            // "unknown cell" per letter.
            if gridRows.isEmpty, let fixed = headerWithoutColon(content) {
                error(lineNumber, firstNonBlank(characters), "'\(content.trimmed)' needs a ':' after its key; write '\(fixed)'")
                continue
            }
            if gridRows.isEmpty, LevelParser.knownKeys.contains(content.trimmed.lowercased()) {
                let key = content.trimmed.lowercased()
                error(
                    lineNumber, firstNonBlank(characters),
                    "'\(content.trimmed)' is a header key with no ':' or value; write '\(key): ' and its value, or remove the line")
                continue
            }
            if isWords(characters) {
                let words = content.trimmed
                error(
                    lineNumber, firstNonBlank(characters),
                    "'\(words)' is words, not a row of cells; write a title as 'title: \(words)' and a note as '; \(words)'; rows use '.' empty, '#' wall and R O Y G B P C W"
                )
                continue
            }
            if let gridEnd {
                if !reportedRowAfterGrid {
                    // helper-62's note inside the grid was told of a blank line it did not have.
                    let what = gridEnd.comment ? "comment line" : "blank line"
                    error(
                        lineNumber, firstNonBlank(characters),
                        "row after a \(what) (line \(gridEnd.line)) that ended the grid; a grid is one run of rows, so remove the \(what) or this row"
                    )
                    reportedRowAfterGrid = true
                }
                continue
            }
            var cells: [(Int, Cell)] = []
            for (offset, character) in characters.enumerated() where character != " " && character != "\t" {
                let column = offset + 1
                if let cell = Cell(character: character) {
                    cells.append((column, cell))
                } else if Parser.invisibleName(character) != nil {
                    // A space of another kind (a no-break space, a stray carriage return) is
                    // said, and parts cells as a space does: the row's other cells are counted
                    // right, and no sound row is said to be ragged (helper-62).
                    error(lineNumber, column, unknownCellMessage(character))
                    unknownCells = true
                } else {
                    error(lineNumber, column, unknownCellMessage(character))
                    cells.append((column, .wall))
                    unknownCells = true
                }
            }
            gridRows.append((lineNumber, cells))
        }

        let board = buildBoard(gridRows, lastLine: max(lines.count, 1), unknownCells: unknownCells)
        let level = board.map { board in
            var level = Level(
                title: header["title"].map(LevelText.printable).flatMap { $0.isEmpty ? nil : $0 } ?? LevelParser.defaultTitle(for: name),
                par: header["par"].flatMap { Int($0) },
                difficulty: header["difficulty"].flatMap(Difficulty.init(rawValue:)),
                author: header["author"].map(LevelText.printable),
                tip: header["tip"].map(LevelText.printable).flatMap { $0.isEmpty ? nil : $0 },
                board: board,
                warnings: diagnostics.filter { $0.severity == .warning })
            level.parLocation = parLocation
            level.cellPlaces = Level.CellPlaces(rows: gridRows.map { ($0.line, $0.cells.map(\.column)) })
            return level
        }
        return finish(level)
    }

    /// The level, or every diagnostic sorted by line and column when any is an error.
    mutating func finish(_ level: Level?) -> Result<Level, LevelLoadError> {
        diagnostics = Diagnostic.sorted(diagnostics)
        if var level, !diagnostics.contains(where: { $0.severity == .error }) {
            level.warnings = diagnostics.filter { $0.severity == .warning }
            return .success(level)
        }
        return .failure(LevelLoadError(diagnostics: diagnostics))
    }

    /// The index of the ':' ending a `key:` prefix, if the line is a header line. A header
    /// key starts with a lowercase letter or digit; anything else (grid rows) has no such colon.
    func headerColon(_ characters: [Character]) -> Int? {
        guard let colon = characters.firstIndex(of: ":") else { return nil }
        let key = String(characters[..<colon]).trimmed
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return colon
    }

    /// Reads a header line's `key: value` from `characters` (the line before its `comment`,
    /// the text after a ';').
    mutating func parseHeader(
        _ characters: [Character], colon: Int, line: Int, comment: Substring, into header: inout [String: String]
    ) {
        let keyStart = firstNonBlank(characters)
        let key = String(characters[..<colon]).trimmed
        let value = String(characters[(colon + 1)...]).trimmed
        let valueColumn = colon + 2 + (characters[(colon + 1)...].prefix { $0 == " " || $0 == "\t" }.count)
        guard key.allSatisfy({ ($0.isLowercase && $0.isASCII) || ($0.isNumber && $0.isASCII) || $0 == "-" }) else {
            // Suggest the spelling only when it names a key the format has; otherwise the
            // key is unknown whatever its spelling, and the message says which keys exist.
            let respelled = String(key.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
            let spellable = respelled.allSatisfy({ ($0.isLowercase && $0.isASCII) || ($0.isNumber && $0.isASCII) || $0 == "-" })
            if spellable, LevelParser.knownKeys.contains(respelled) || respelled.hasPrefix("x-") {
                error(line, keyStart, "header key '\(key)' must be lower-case letters, digits and '-'; write '\(respelled)'")
            } else {
                error(line, keyStart, unknownKeyMessage(key))
            }
            return
        }
        if key.hasPrefix("x-") { return }
        guard LevelParser.knownKeys.contains(key) else {
            error(line, keyStart, unknownKeyMessage(key))
            return
        }
        if header[key] != nil {
            error(line, keyStart, "'\(key)' is given twice; keep one")
            return
        }
        guard !value.isEmpty else {
            error(line, valueColumn, "'\(key):' has no value; write one after the colon or remove the line")
            return
        }
        switch key {
        case "par":
            // Digits only: Int() would also take "+1".
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let par = Int(value), par >= 1, par <= 999 else {
                error(line, valueColumn, "par must be a whole number of moves from 1 to 999, not '\(value)'")
                return
            }
            header[key] = String(par)
            parLocation = (line, valueColumn)
        case "difficulty":
            guard Difficulty(rawValue: value) != nil else {
                // 'Easy' is easy in capitals: say so, as a key in capitals is told its spelling.
                let lower = Difficulty(rawValue: value.lowercased()) != nil ? "; write '\(value.lowercased())', in lower case" : ""
                error(line, valueColumn, "difficulty must be easy, medium or hard (or expert or master), not '\(value)'\(lower)")
                return
            }
            header[key] = value
        default:
            header[key] = value
            // Words with a ';' in them ("title: Semi; colon") lose what follows it, as a
            // comment: said, since the game would show "Semi" (helper-62). A comment set
            // apart by a space ("title: Gap  ; a note") is one on purpose.
            if !comment.trimmed.isEmpty, let last = characters.last, last != " ", last != "\t" {
                diagnostics.append(
                    Diagnostic(
                        file: name, line: line, column: characters.count + 1, severity: .warning,
                        message: "the ';' starts a comment, so the \(key) is '\(value)'; leave out the ';' to keep the words after it"))
            }
        }
    }

    mutating func buildBoard(_ rows: [(line: Int, cells: [(column: Int, cell: Cell)])], lastLine: Int, unknownCells: Bool = false) -> Board?
    {
        guard let first = rows.first else {
            error(lastLine, 1, "no grid: add rows of cells ('.' empty, '#' wall, R O Y G B P C W blocks) after the header")
            return nil
        }
        let width = first.cells.count
        var ragged = false
        for row in rows.dropFirst() where row.cells.count != width {
            let column = row.cells.count > width ? row.cells[width].column : (row.cells.last.map { $0.column + 1 } ?? 1)
            error(
                row.line, column,
                "row has \(row.cells.count) cells but the first row (line \(first.line)) has \(width); every row needs the same number of cells"
            )
            ragged = true
        }
        if !Board.sizeRange.contains(rows.count) {
            error(
                first.line, 1,
                "grid has \(rows.count) row\(rows.count == 1 ? "" : "s"); a board needs 2 to 16 rows")
        }
        if !Board.sizeRange.contains(width) {
            error(
                first.line, first.cells.first?.column ?? 1,
                "grid has \(width) column\(width == 1 ? "" : "s"); a board needs 2 to 16 columns")
        }
        guard !ragged, let board = Board(rows: rows.count, columns: width, cells: rows.flatMap { $0.cells.map(\.cell) })
        else { return nil }
        if board.blockCount == 0, !unknownCells {
            error(first.line, 1, "the grid has no blocks; add at least one (R O Y G B P C W)")
        }
        for (a, b) in board.touchingPairs {
            let row = rows[b.row]
            error(
                row.line, row.cells[b.column].column,
                "\(board[b].color?.name ?? "") blocks at row \(a.row + 1), column \(a.column + 1) and row \(b.row + 1), column \(b.column + 1) touch at the start; same-coloured blocks must not share an edge"
            )
        }
        return board
    }

    /// `key: value` for a line that is a known header key, then a blank or '=', then a
    /// value ("par 9", "Title = My level"). No such key spells a row: each has a letter that
    /// is no colour.
    func headerWithoutColon(_ content: String) -> String? {
        let text = content.trimmed
        let key = text.prefix { $0.isLetter }
        guard LevelParser.knownKeys.contains(key.lowercased()), let next = text.dropFirst(key.count).first,
            next == " " || next == "\t" || next == "="
        else { return nil }
        let rest = text.dropFirst(key.count).drop { $0 == " " || $0 == "\t" || $0 == "=" }
        guard !rest.isEmpty else { return nil }
        return "\(key.lowercased()): \(rest)"
    }

    /// Whether the line holds a word: three letters or more in a run, two of them no
    /// colour in any case (a row written without spaces, even in lower case, has none).
    func isWords(_ characters: [Character]) -> Bool {
        var run = 0
        var foreign = 0
        for character in characters + [" "] {
            if character.isLetter {
                run += 1
                if character.uppercased().first.flatMap({ Cell(character: $0) }) == nil { foreign += 1 }
            } else {
                if run >= 3, foreign >= 2 { return true }
                run = 0
                foreign = 0
            }
        }
        return false
    }

    /// What an author would call a character they cannot see between cells ("a no-break
    /// space"), or nil for one they can. Such a character parts cells as a space does.
    static func invisibleName(_ character: Character) -> String? {
        switch character {
        case "\u{00A0}": "a no-break space"
        case "\r": "a carriage return"
        case "\u{3000}": "an ideographic space"
        case "\u{200B}": "a zero-width space"
        case "\u{FEFF}": "a zero-width no-break space (a byte-order mark)"
        default: character.isWhitespace ? "a space character" : nil
        }
    }

    func unknownKeyMessage(_ key: String) -> String {
        // A known key one or two letters off ("titel", "auther") is named (helper-62).
        "unknown header key '\(key)'; \(Wording.didYouMean(key, among: Array(LevelParser.knownKeys)))known keys are title, par, difficulty, author and tip (prefix a tool's own key with 'x-')"
    }

    func unknownCellMessage(_ character: Character) -> String {
        let code = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
        if let name = Parser.invisibleName(character) {
            return "unknown cell: \(name) (\(code)); use ' ' or a tab between cells, or none"
        }
        let printable =
            character.asciiValue.map { (0x21..<0x7F).contains($0) } ?? !character.unicodeScalars.contains {
                $0.properties.generalCategory == .control
            }
        let shown = character.isASCII && printable ? "'\(character)'" : printable ? "'\(character)' (\(code))" : code
        if let upper = character.uppercased().first, Cell(character: upper) != nil, character.isLowercase {
            return "unknown cell \(shown); colours are upper case: write '\(upper)'"
        }
        return "unknown cell \(shown); use '.' empty, '#' wall or a colour R O Y G B P C W"
    }

    func firstNonBlank(_ characters: [Character]) -> Int {
        (characters.firstIndex { $0 != " " && $0 != "\t" } ?? 0) + 1
    }
}

extension StringProtocol {
    /// The text with its first letter in capitals ("my-pack" as its tab's "My-pack").
    public var capitalizingFirst: String { prefix(1).uppercased() + dropFirst() }

    /// The text without spaces of any kind at either end.
    var trimmed: String {
        var scalars = Substring(self)
        // Spaces and tabs, and a stray carriage return or no-break space ("par: 9\r").
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// The text without spaces, tabs and carriage returns at either end (a line of a file
    /// written on Windows: progress files, input scripts).
    public var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
