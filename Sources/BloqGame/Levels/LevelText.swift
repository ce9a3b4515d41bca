/// Level file text: the one writer of level files (the editor, imports, `bloq generate`,
/// the daily board), and edits that keep everything else as the author wrote it:
/// comments, spacing, order, and line ends (LF, CRLF or CR alone).
public enum LevelText {
    /// A level file: comment lines, the header (title, par, difficulty, author, when given)
    /// and the grid, cells separated by spaces.
    public static func file(
        board: Board, title: String?, par: Int? = nil, difficulty: Difficulty? = nil, author: String? = nil, comments: [String] = []
    ) -> String {
        var lines: [String] = comments.map { "; " + headerValue($0) }
        if let title { lines.append("title: \(headerValue(title))") }
        if let par { lines.append("par: \(par)") }
        if let difficulty { lines.append("difficulty: \(difficulty.rawValue)") }
        if let author, !author.isEmpty { lines.append("author: \(headerValue(author))") }
        lines.append("")
        lines += board.lines.map { $0.map(String.init).joined(separator: " ") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a header value: printable (`printable(_:)`: one line, no control
    /// characters), and no `;`, which would start a comment (it becomes `,`).
    public static func headerValue(_ text: String) -> String {
        String(printable(text).map { $0 == ";" ? "," : $0 })
    }

    /// `text` without control characters, for a title or name from a stranger (a share
    /// code, a level file) on its way to the screen, a file or a terminal: a terminal escape
    /// sequence (ESC or CSI, then its parameters up to its final character; an OSC, DCS or
    /// similar string up to BEL or ESC \) is removed whole, any other control character
    /// (C0, DEL, C1) is removed, and a tab or line end becomes a space. `keepingLines`, for
    /// a message of several lines on its way to a terminal (standard error), keeps line
    /// feeds and tabs as they are.
    public static func printable(_ text: String) -> String { printable(text, keepingLines: false) }

    /// `printable(_:)`, keeping line feeds and tabs when `keepingLines`.
    public static func printable(_ text: String, keepingLines: Bool) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        /// Skips a control sequence's parameters up to its final character (0x40 to 0x7E).
        func skipControlSequence() {
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        }
        /// Skips a control string up to BEL, ST (0x9C) or ESC \.
        func skipControlString() {
            while let next = scalars.next() {
                if next.value == 0x07 || next.value == 0x9C { return }
                if next.value == 0x1B {
                    _ = scalars.next()
                    return
                }
            }
        }
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let next = scalars.next() else { break }
                switch next {
                case "[": skipControlSequence()
                case "]", "P", "X", "^", "_": skipControlString()
                default: break  // ESC and one character
                }
            case 0x9B: skipControlSequence()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipControlString()
            case 0x09 where keepingLines, 0x0A where keepingLines: result.append(scalar)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: break
            case 0x2028, 0x2029: result.append(" ")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with its `par:` set to `par`: the value of an existing `par:` line is replaced
    /// (a trailing comment stays); otherwise a `par:` line is added after the last header
    /// line, or before the grid when there is no header.
    public static func settingPar(_ text: String, to par: Int) -> String {
        let scalars = text.unicodeScalars
        let ending =
            scalars.contains("\n")
            ? (text.contains("\r\n") ? "\r\n" : "\n") : (scalars.contains("\r") ? "\r" : "\n")
        var lines = TextFile.lines(text).map(String.init)
        var lastHeader: Int?
        var firstGridRow: Int?
        for (index, line) in lines.enumerated() {
            let content = line.prefix { $0 != ";" }
            let trimmed = content.trimmed
            guard !trimmed.isEmpty else { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                firstGridRow = index
                break
            }
            let key = trimmed[..<colon].trimmed
            if key == "par" {
                let comment = line[content.endIndex...]
                let prefix = line[..<line.index(after: line.firstIndex(of: ":") ?? line.startIndex)]
                lines[index] = "\(prefix) \(par)" + (comment.isEmpty ? "" : "   \(comment)")
                return lines.joined(separator: ending)
            }
            lastHeader = index
        }
        let insertAt = lastHeader.map { $0 + 1 } ?? firstGridRow ?? 0
        lines.insert("par: \(par)", at: insertAt)
        return lines.joined(separator: ending)
    }
}
