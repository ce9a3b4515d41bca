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

    /// `text` as a header value: one line (line ends become spaces), and no `;`, which would
    /// start a comment (it becomes `,`).
    public static func headerValue(_ text: String) -> String {
        String(text.map { $0 == ";" ? "," : ($0.isNewline ? " " : $0) })
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
