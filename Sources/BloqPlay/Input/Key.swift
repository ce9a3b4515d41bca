/// A key of the keyboard as the game knows it. The keys it binds are cases; any other key
/// keeps the name SDL gives it, so scripts and recordings can name every key. SDL's names
/// are read in one place (`Key(name:)`), at the edge: the platform's decoder and the
/// script parser; the shell and the command table see only keys.
public enum Key: Hashable, Sendable {
    case left, right, up, down
    case enter, keypadEnter, space, escape, tab, backspace, delete, home, end, pageUp, pageDown
    /// F1 to F24.
    case function(Int)
    /// A key that types one character: a letter (upper case, as SDL names letters), a
    /// digit or a sign ("/", "?").
    case character(Character)
    /// Any other key, by SDL's name ("Left Shift", "Keypad 5").
    case other(String)

    /// The key SDL calls `name` (any case; "Page Down" and "Enter" are read too).
    public init(name: String) {
        if let key = Key.byName[name.lowercased()] {
            self = key
        } else if let number = Key.functionNumber(name) {
            self = .function(number)
        } else if name.count == 1, let character = name.uppercased().first {
            self = .character(character)
        } else {
            self = .other(name)
        }
    }

    /// SDL's name of the key (what scripts and recordings write).
    public var name: String {
        switch self {
        case .function(let number): "F\(number)"
        case .character(let character): String(character)
        case .other(let name): name
        // Listed, not `default`: a new case must be named here and in `named`.
        case .left, .right, .up, .down, .enter, .keypadEnter, .space, .escape, .tab, .backspace, .delete, .home, .end, .pageUp, .pageDown:
            Key.named.first { $0.key == self }?.name ?? ""
        }
    }

    /// The cases with names of their own, as SDL names them.
    private static let named: [(key: Key, name: String)] = [
        (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"), (.enter, "Return"), (.keypadEnter, "Keypad Enter"),
        (.space, "Space"), (.escape, "Escape"), (.tab, "Tab"), (.backspace, "Backspace"), (.delete, "Delete"), (.home, "Home"),
        (.end, "End"), (.pageUp, "PageUp"), (.pageDown, "PageDown"),
    ]

    /// Those cases by their names in lower case, and by the other names people give them.
    private static let byName = Dictionary(uniqueKeysWithValues: named.map { ($0.name.lowercased(), $0.key) }).merging(
        ["enter": .enter, "esc": .escape, "page up": .pageUp, "page down": .pageDown], uniquingKeysWith: { first, _ in first })

    /// The digit the key types, if it types one.
    public var digit: Int? {
        if case .character(let character) = self { return character.wholeNumberValue }
        return nil
    }

    private static func functionNumber(_ name: String) -> Int? {
        guard name.count >= 2, name.first == "F" || name.first == "f", let number = Int(name.dropFirst()), (1...24).contains(number)
        else { return nil }
        return number
    }
}
