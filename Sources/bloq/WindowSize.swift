import ArgumentParser

/// A `WIDTHxHEIGHT` option value such as `800x600`.
struct WindowSize: ExpressibleByArgument {
    static let range = 160...8192
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        guard let (width, height) = parseDimensions(argument, within: WindowSize.range) else { return nil }
        self.init(width: width, height: height)
    }

    static var defaultCompletionKind: CompletionKind { .list(["800x600", "1280x800", "1920x1080"]) }
}

/// Parses `AxB` (either case of x) with both numbers in `range`; nil otherwise.
func parseDimensions(_ argument: String, within range: ClosedRange<Int>) -> (Int, Int)? {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]), range.contains(first), range.contains(second)
    else { return nil }
    return (first, second)
}
