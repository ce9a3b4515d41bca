import ArgumentParser

/// Numeric options, range-checked as they are parsed: a value that is not a whole number in
/// the range is a usage error (exit 64) that names the range.
public enum Arguments {
    /// Refuses an empty path (`""`, as an unset shell variable gives): it names no file, and
    /// would otherwise be reported as `:1:1:` with no file name. Nil values are not given.
    public static func checkPaths(_ paths: KeyValuePairs<String, String?>) throws {
        for (name, path) in paths where path?.isEmpty == true {
            throw ValidationError("\(name) is an empty path (''), which names no file or folder; give its path")
        }
    }

    /// A parser for `option`, a whole number in `range`.
    public static func wholeNumber(_ option: String, in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { argument in
            let digits = argument.hasPrefix("-") ? argument.dropFirst() : Substring(argument)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(argument), range.contains(value)
            else {
                throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), not '\(argument)'")
            }
            return value
        }
    }
}
