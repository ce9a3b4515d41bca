/// One problem found in a file, reported as compilers do:
/// `PATH:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The name the file is shown by (usually its path).
    public var file: String
    /// Line from 1; a problem with the whole file is at line 1, column 1.
    public var line: Int
    /// Column from 1, counted in characters.
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    /// `diagnostics` in the order of their places: by line, then column; problems at the
    /// same place keep their order.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
    }
}

/// The diagnostics of a file that could not be loaded: at least one is an error.
public struct LevelLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Words for messages.
public enum Wording {
    /// "1 position", "2 positions": a count with its noun in the right number.
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// `value` with `places` decimals, rounded half away from zero ("2.5", "0.35").
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        let scale = (0..<max(places, 0)).reduce(1.0) { value, _ in value * 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let digits = String(fraction)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: max(places - digits.count, 0)) + digits
    }

    /// "did you mean 'title'? " for a key one or two letters off a known one ("titel",
    /// "auther", "ordr"), else "": for the unknown-key errors of level and pack files.
    public static func didYouMean(_ key: String, among known: [String]) -> String {
        let near = known.sorted().first { editDistance(key.lowercased(), $0) <= min(2, $0.count / 3) }
        return near.map { "did you mean '\($0)'? " } ?? ""
    }

    /// The fewest letters to insert, remove, change or swap (side by side) to make `a` of
    /// `b`: how far a misspelled name is from a known one, for "did you mean" in an error.
    public static func editDistance(_ a: some StringProtocol, _ b: some StringProtocol) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let change = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + change)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
