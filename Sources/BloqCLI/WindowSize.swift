import ArgumentParser

/// A `WIDTHxHEIGHT` option value such as `800x600`. Any text parses, so that `check()` can
/// say what is wrong with it, with the allowed range, rather than a bare "invalid value".
public struct WindowSize: ExpressibleByArgument {
    public static let range = 160...8192
    public var width: Int
    public var height: Int
    /// The option's text when it is not a size in range.
    public var invalid: String?

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init?(argument: String) {
        guard let (width, height) = parseDimensions(argument, within: WindowSize.range) else {
            self.init(width: 0, height: 0)
            invalid = argument
            return
        }
        self.init(width: width, height: height)
    }

    /// Throws the usage error for a value out of range (exit 64).
    public func check() throws {
        if let invalid {
            throw ValidationError("--window must be WIDTHxHEIGHT with each from 160 to 8192, as in 800x600, not '\(invalid)'")
        }
    }

    public static var defaultCompletionKind: CompletionKind { .list(["800x600", "1280x800", "1920x1080"]) }
}

/// Parses `AxB` (either case of x) with both numbers in `range`; nil otherwise.
public func parseDimensions(_ argument: String, within range: ClosedRange<Int>) -> (Int, Int)? {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]), range.contains(first), range.contains(second)
    else { return nil }
    return (first, second)
}
