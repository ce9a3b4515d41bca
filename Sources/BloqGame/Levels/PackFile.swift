/// The optional `pack` file of a folder of levels (CONTRACT section 1): a `title:` line and
/// `order:` lines, one level file name each, which give the play order.
///
/// ```
/// ; comments and blank lines as in level files
/// title: My Pack
/// order: 02-warm-up.bloq
/// order: 01-the-real-thing.bloq
/// ```
///
/// Every problem is a diagnostic at `PACK:LINE:COLUMN`: an unknown key, a line that is not
/// `key: value`, an `order:` naming a file that is not a level of the folder or naming one
/// twice (errors), and levels the order leaves out (warnings: they play after the ordered
/// ones, in byte order of their names). LF, CRLF or CR line ends.
public struct PackFile: Sendable, Equatable {
    /// The keys a pack file may use.
    public static let knownKeys = ["title", "order"]
    /// Larger files are refused: a pack file names at most a few thousand levels.
    public static let maximumFileSize = 64 * 1024

    public var title: String?
    /// The level names the `order:` lines give, each a level of the folder, each once.
    public var order: [String]
    public var diagnostics: [Diagnostic]

    public init(title: String? = nil, order: [String] = [], diagnostics: [Diagnostic] = []) {
        self.title = title
        self.order = order
        self.diagnostics = diagnostics
    }

    /// Parses a pack file. `name` is the path diagnostics are reported under; `levels` are
    /// the level file names of its folder.
    public static func parse(_ bytes: [UInt8], name: String, levels: [String]) -> PackFile {
        var pack = PackFile()
        func report(_ line: Int, _ column: Int, _ message: String, _ severity: Diagnostic.Severity = .error) {
            pack.diagnostics.append(Diagnostic(file: name, line: line, column: column, severity: severity, message: message))
        }
        guard bytes.count <= maximumFileSize else {
            report(1, 1, "pack file is \(bytes.count) bytes, more than the limit of \(maximumFileSize) (64 KiB)")
            return pack
        }
        guard let text = TextFile.decode(bytes, name: name, diagnostics: &pack.diagnostics) else { return pack }
        let known = Set(levels)
        var orderedAt: [String: Int] = [:]
        var titleLine: Int?
        var lastOrderLine: Int?
        for (index, line) in TextFile.lines(text).enumerated() {
            let number = index + 1
            let characters = Array(line.prefix { $0 != ";" })
            guard let start = characters.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            guard let colon = characters.firstIndex(of: ":") else {
                report(number, start + 1, "expected 'title: TEXT' or 'order: FILE.bloq'; a pack file holds only those lines and comments")
                continue
            }
            let key = String(characters[start..<colon]).trimmed
            let valueStart = characters[(colon + 1)...].firstIndex { $0 != " " && $0 != "\t" } ?? characters.count
            let value = String(characters[(colon + 1)...]).trimmed
            let valueColumn = valueStart + 1
            switch key {
            case "title":
                if let first = titleLine {
                    report(number, start + 1, "'title' is given twice (first at line \(first)); keep one")
                } else if value.isEmpty {
                    report(number, valueColumn, "'title:' has no value; write the pack's title after the colon or remove the line")
                } else {
                    titleLine = number
                    pack.title = value
                }
            case "order":
                lastOrderLine = number
                if value.isEmpty {
                    report(number, valueColumn, "'order:' has no value; write a level file name of this folder after the colon")
                } else if let first = orderedAt[value] {
                    report(number, valueColumn, "'\(value)' is already in the order (line \(first)); name each level once")
                } else if !known.contains(value) {
                    report(
                        number, valueColumn,
                        "order names '\(value)', which is not a .bloq file in this folder; check the name or remove the line")
                } else {
                    orderedAt[value] = number
                    pack.order.append(value)
                }
            default:
                report(
                    number, start + 1,
                    "unknown key '\(key)'; \(Wording.didYouMean(key, among: knownKeys))a pack file knows the keys \(knownKeys.map { "'\($0):'" }.joined(separator: " and "))"
                )
            }
        }
        if let lastOrderLine {
            for level in levels where orderedAt[level] == nil {
                report(
                    lastOrderLine, 1,
                    "'\(level)' is not in the order; it plays after the ordered levels (add 'order: \(level)' to place it)",
                    .warning)
            }
        }
        pack.diagnostics = Diagnostic.sorted(pack.diagnostics)
        return pack
    }

    /// `levels` (the folder's level names in byte order) in play order: the ordered ones,
    /// then the rest in the order given.
    public func playOrder(_ levels: [String]) -> [String] {
        let ordered = Set(order)
        return order + levels.filter { !ordered.contains($0) }
    }
}
