import BloqGame

/// The JSON forms of CONTRACT section 2, written by hand so keys keep their documented order.
enum JSON {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `{"row": 2, "col": 2, "direction": "left"}`
    static func move(_ move: Move) -> String {
        "{\"row\": \(move.from.row), \"col\": \(move.from.column), \"direction\": \"\(move.direction.rawValue)\"}"
    }

    static func moves(_ moves: [Move]) -> String { "[" + moves.map(move).joined(separator: ", ") + "]" }

    static func board(_ board: Board) -> String { "[" + board.lines.map(string).joined(separator: ", ") + "]" }
}
