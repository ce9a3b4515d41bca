/// A one-line text being typed in: its text, the caret (a character index), and whether
/// everything is selected (Ctrl+A: what is typed next replaces it). The editing keys a
/// desktop field takes: arrows, Home and End, Backspace, Ctrl+Backspace (a word), Ctrl+A,
/// and paste.
public struct TextField: Hashable, Sendable {
    public private(set) var text: String
    /// Where typing goes: the number of characters before the caret.
    public private(set) var caret: Int
    /// Whether the whole text is selected.
    public private(set) var isAllSelected = false
    /// The most characters the field holds.
    public let limit: Int

    /// A field holding `text`, the caret at its end.
    public init(_ text: String, limit: Int = 60) {
        self.limit = limit
        self.text = String(text.prefix(limit))
        caret = self.text.count
    }

    /// Where the caret goes.
    public enum Motion: Hashable, Sendable {
        case left, right, home, end
    }

    /// Types `typed` at the caret (over the selection), one line, up to the limit.
    public mutating func insert(_ typed: String) {
        if isAllSelected { replaceAll(with: "") }
        for character in typed where !character.isNewline && !character.isControl && text.count < limit {
            text.insert(character, at: index(caret))
            caret += 1
        }
    }

    /// Deletes the character before the caret (or the selection).
    public mutating func deleteBackward() {
        if isAllSelected { return replaceAll(with: "") }
        guard caret > 0 else { return }
        text.remove(at: index(caret - 1))
        caret -= 1
    }

    /// Deletes the word before the caret, and the spaces after it (or the selection).
    public mutating func deleteWordBackward() {
        if isAllSelected { return replaceAll(with: "") }
        var start = caret
        let characters = Array(text)
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        text.removeSubrange(index(start)..<index(caret))
        caret = start
    }

    /// Moves the caret (an arrow also ends a selection, where it was).
    public mutating func move(_ motion: Motion) {
        let wasAll = isAllSelected
        isAllSelected = false
        switch motion {
        case .left: caret = wasAll ? 0 : max(caret - 1, 0)
        case .right: caret = wasAll ? text.count : min(caret + 1, text.count)
        case .home: caret = 0
        case .end: caret = text.count
        }
    }

    /// Selects everything.
    public mutating func selectAll() { isAllSelected = !text.isEmpty }

    private mutating func replaceAll(with replacement: String) {
        text = replacement
        caret = replacement.count
        isAllSelected = false
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count)) }
}

extension Character {
    /// Whether it is a control character (a terminal escape, a tab), never typed into a field.
    var isControl: Bool { unicodeScalars.contains { $0.properties.generalCategory == .control } }
}
