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
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            WindowSize.range.contains(width), WindowSize.range.contains(height)
        else { return nil }
        self.width = width
        self.height = height
    }

    static var defaultCompletionKind: CompletionKind { .list(["800x600", "1280x800", "1920x1080"]) }
}
