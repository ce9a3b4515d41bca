extension StringProtocol {
    /// Whether `part` occurs in this text, compared byte for byte in UTF-8 (so "é" written as
    /// one scalar does not match "é" written as two). The standard library's `contains(_:)`
    /// for a string is `_StringProcessing`'s, and one call to it anywhere in the game links
    /// that module and the regex parser into the package: 1.3 MB installed for a substring
    /// search (docs/packaging.md).
    public func containsBytes<Part: StringProtocol>(of part: Part) -> Bool {
        let text = Array(utf8)
        let bytes = Array(part.utf8)
        guard bytes.count <= text.count else { return false }
        guard !bytes.isEmpty else { return true }
        return (0...(text.count - bytes.count)).contains { start in
            text[start..<(start + bytes.count)].elementsEqual(bytes)
        }
    }
}
