/// A catalog's `Plural-Forms` rule (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`),
/// parsed and evaluated by Bloq itself, never by glibc: a rule that divides by zero is an
/// error here (glibc's evaluator raises SIGFPE), and so is one nested too deep, too long,
/// or naming a form the catalog does not have.
///
/// The grammar is gettext's (its `plural.y`): `n`, decimal numbers, parentheses, `!`,
/// `* / %`, `+ -`, `< > <= >=`, `== !=`, `&&`, `||` and `?:`, in that order of precedence,
/// on unsigned 64-bit values (gettext's `unsigned long`), wrapping on overflow.
public struct PluralRule: Hashable, Sendable {
    /// The number of forms a plural translation has.
    public let count: Int
    let expression: Expression

    /// The most forms a rule may name (gettext's languages need at most 6).
    public static let maximumForms = 6
    /// The longest rule read, in bytes.
    public static let maximumLength = 512
    /// The deepest nesting of a rule's expression.
    public static let maximumDepth = 64

    /// The rule of a catalog without one (gettext's default): two forms, the first for one.
    public static let germanic = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The form for `n` (0 ..< `count`), or nil when the rule cannot say (it divides by
    /// zero for this `n`, or names a form past the last).
    public func form(for n: UInt64) -> Int? {
        guard let value = expression.evaluate(n), value < UInt64(count) else { return nil }
        return Int(value)
    }

    /// The values of n a rule is tried on before a catalog is accepted: every n to 1,000,
    /// and a few large ones.
    public static let checkedValues: [UInt64] =
        Array(0...1_000) + [10_000, 100_000, 1_000_000, 1 << 31 - 1, 1 << 31, 1 << 32 - 1, 1 << 32, UInt64.max]

    /// Reads a `Plural-Forms` header value: "nplurals=N; plural=EXPRESSION;". The rule is
    /// then evaluated for every value of `checkedValues`: each must give a form below N
    /// without dividing by zero.
    public init(header value: String) throws(CatalogError) {
        guard value.utf8.count <= Self.maximumLength else {
            throw CatalogError("its Plural-Forms rule is \(value.utf8.count) bytes long, more than the \(Self.maximumLength) read")
        }
        var count: Int?
        var rule: Substring?
        for part in value.split(separator: ";") {
            let trimmed = part.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("nplurals=") {
                count = Int(trimmed.dropFirst("nplurals=".count).filter { $0 != " " && $0 != "\t" })
                guard count != nil else { throw CatalogError("its Plural-Forms 'nplurals=' is not a whole number") }
            } else if trimmed.hasPrefix("plural=") {
                rule = trimmed.dropFirst("plural=".count)
            }
        }
        guard let count else { throw CatalogError("its Plural-Forms header has no 'nplurals='") }
        guard (1...Self.maximumForms).contains(count) else {
            throw CatalogError("its Plural-Forms header says nplurals=\(count); a language has 1 to \(Self.maximumForms) forms")
        }
        guard let rule else { throw CatalogError("its Plural-Forms header has no 'plural=' rule") }
        var parser = Parser(Array(rule.utf8))
        let expression = try parser.parse()
        self.init(count: count, expression: expression)
        for n in Self.checkedValues {
            guard let value = expression.evaluate(n) else {
                throw CatalogError("its Plural-Forms rule divides by zero for n = \(n)")
            }
            guard value < UInt64(count) else {
                throw CatalogError("its Plural-Forms rule gives form \(value) for n = \(n), but nplurals is \(count)")
            }
        }
    }

    // MARK: The expression

    enum Operator: Hashable, Sendable {
        case times, divided, remainder, plus, minus, less, greater, lessOrEqual, greaterOrEqual, equal, notEqual, and, or
    }

    indirect enum Expression: Hashable, Sendable {
        case n
        case number(UInt64)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        /// The value for `n`; nil when it divides (or takes a remainder) by zero.
        func evaluate(_ n: UInt64) -> UInt64? {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand):
                guard let value = operand.evaluate(n) else { return nil }
                return value == 0 ? 1 : 0
            case .choice(let condition, let yes, let no):
                guard let value = condition.evaluate(n) else { return nil }
                return value != 0 ? yes.evaluate(n) : no.evaluate(n)
            case .binary(let op, let left, let right):
                guard let a = left.evaluate(n) else { return nil }
                // && and || evaluate their right side only when it decides, as C does.
                if op == .and, a == 0 { return 0 }
                if op == .or, a != 0 { return 1 }
                guard let b = right.evaluate(n) else { return nil }
                switch op {
                case .times: return a &* b
                case .divided: return b == 0 ? nil : a / b
                case .remainder: return b == 0 ? nil : a % b
                case .plus: return a &+ b
                case .minus: return a &- b
                case .less: return a < b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .lessOrEqual: return a <= b ? 1 : 0
                case .greaterOrEqual: return a >= b ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual: return a != b ? 1 : 0
                case .and, .or: return b != 0 ? 1 : 0
                }
            }
        }
    }

    /// Recursive descent over the rule's bytes, one call a precedence level (`levels`); `depth`
    /// counts the nesting so that no rule can exhaust the stack.
    struct Parser {
        let text: [UInt8]
        var at = 0
        var depth = 0

        init(_ text: [UInt8]) { self.text = text }

        mutating func parse() throws(CatalogError) -> Expression {
            let expression = try choice()
            skipSpaces()
            guard at == text.count else { throw error("unexpected '\(character(at))'") }
            return expression
        }

        func error(_ what: String) -> CatalogError {
            CatalogError("its Plural-Forms rule cannot be read: \(what) at byte \(at + 1) of the rule")
        }

        func character(_ index: Int) -> String {
            index < text.count ? String(decoding: [text[index]], as: UTF8.self) : "end"
        }

        mutating func skipSpaces() {
            while at < text.count, text[at] == 0x20 || text[at] == 0x09 || text[at] == 0x0A || text[at] == 0x0D { at += 1 }
        }

        /// Whether the next token is `token` (consumed when it is).
        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let bytes = Array(token.utf8)
            guard at + bytes.count <= text.count, Array(text[at..<at + bytes.count]) == bytes else { return false }
            // "<" is not "<=", "!" is not "!=", "|" alone is nothing.
            if bytes.count == 1, at + 1 < text.count, text[at + 1] == 0x3D, [0x3C, 0x3E, 0x21, 0x3D].contains(bytes[0]) {
                return false
            }
            at += bytes.count
            return true
        }

        mutating func nested<T>(_ body: (inout Parser) throws(CatalogError) -> T) throws(CatalogError) -> T {
            depth += 1
            defer { depth -= 1 }
            guard depth <= PluralRule.maximumDepth else { throw error("nesting deeper than \(PluralRule.maximumDepth)") }
            return try body(&self)
        }

        mutating func choice() throws(CatalogError) -> Expression {
            try nested { (parser: inout Parser) throws(CatalogError) -> Expression in
                let condition = try parser.binary()
                guard parser.take("?") else { return condition }
                let yes = try parser.choice()
                guard parser.take(":") else { throw parser.error("'?' without ':'") }
                let no = try parser.choice()
                return .choice(condition, yes, no)
            }
        }

        /// The binary operators by precedence, loosest first.
        static let levels: [[(String, Operator)]] = [
            [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)], [("+", .plus), ("-", .minus)],
            [("*", .times), ("/", .divided), ("%", .remainder)],
        ]

        /// The operators of `levels[level]` between operands of the next level (or `unary`).
        mutating func binary(_ level: Int = 0) throws(CatalogError) -> Expression {
            func operand(_ parser: inout Parser) throws(CatalogError) -> Expression {
                level + 1 < Parser.levels.count ? try parser.binary(level + 1) : try parser.unary()
            }
            var left = try nested(operand)
            var terms = 0
            while let (_, op) = Parser.levels[level].first(where: { take($0.0) }) {
                terms += 1
                // A long chain (n+n+n+…) nests as deep as it is long when evaluated.
                guard depth + terms <= PluralRule.maximumDepth else { throw error("a chain longer than \(PluralRule.maximumDepth)") }
                left = .binary(op, left, try nested(operand))
            }
            return left
        }

        mutating func unary() throws(CatalogError) -> Expression {
            if take("!") { return .not(try nested { (p: inout Parser) throws(CatalogError) in try p.unary() }) }
            skipSpaces()
            guard at < text.count else { throw error("the rule ends where a value was expected") }
            if take("(") {
                let inner = try choice()
                guard take(")") else { throw error("'(' without ')'") }
                return inner
            }
            if text[at] == 0x6E {  // n
                at += 1
                return .n
            }
            var value: UInt64 = 0
            var digits = 0
            while at < text.count, (0x30...0x39).contains(text[at]) {
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowPlus) = times.addingReportingOverflow(UInt64(text[at] - 0x30))
                guard !overflowTimes, !overflowPlus else { throw error("a number too large") }
                value = next
                digits += 1
                at += 1
            }
            guard digits > 0 else { throw error("unexpected '\(character(at))'") }
            return .number(value)
        }
    }
}

/// Why a message catalog was not used: what is wrong with it, in words.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
