import BloqPlay
import Testing

@Suite("Keys: SDL's names read once, at the edge")
struct KeyTests {
    @Test("SDL's names become the keys the game binds, and back")
    func names() {
        let sdlNames: [(String, Key)] = [
            ("Left", .left), ("Right", .right), ("Up", .up), ("Down", .down), ("Return", .enter), ("Keypad Enter", .keypadEnter),
            ("Space", .space), ("Escape", .escape), ("Tab", .tab), ("Backspace", .backspace), ("Delete", .delete),
            ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown), ("F1", .function(1)),
            ("F11", .function(11)), ("A", .character("A")), ("/", .character("/")), ("?", .character("?")),
            ("Left Shift", .other("Left Shift")),
        ]
        for (name, key) in sdlNames {
            #expect(Key(name: name) == key, "\(name)")
            #expect(key.name == name, "\(key) is named \(name) by SDL")
        }
        #expect(Key(name: "z") == .character("Z"), "letters in any case")
        #expect(Key(name: "Page Down") == .pageDown && Key(name: "Enter") == .enter, "the names a person writes")
    }

    @Test("SDL's own name for Page Down pages the level list (it was bound as 'Page Down', which SDL never sends)")
    func pageKeysFromSDL() {
        let table = CommandTable.standard
        #expect(table.command(for: KeyChord(Key(name: "PageDown")), in: [.levels, .menu, .anywhere]) == .nextPage)
        #expect(table.command(for: KeyChord(Key(name: "PageUp")), in: [.levels, .menu, .anywhere]) == .previousPage)
    }

    @Test("the key help names keys for a player")
    func helpNames() {
        let rows = CommandTable.standard.helpRows.map(\.keys)
        #expect(rows.contains("Page Down"))
        #expect(rows.contains { $0.contains("Enter") } && !rows.contains { $0.contains("Return") })
    }
}
