import BloqPlay
import Testing

@Suite("Text fields: the keys a desktop field takes")
struct TextFieldTests {
    @Test("typing goes at the caret; arrows, Home and End move it; Backspace deletes before it")
    func caret() {
        var field = TextField("Bloq")
        #expect(field.caret == 4)
        field.move(.home)
        field.insert("My ")
        #expect(field.text == "My Bloq" && field.caret == 3)
        field.move(.end)
        field.insert("!")
        field.move(.left)
        field.move(.left)
        field.deleteBackward()
        #expect(field.text == "My Blq!" && field.caret == 5)
        field.move(.right)
        field.move(.right)
        field.move(.right)
        #expect(field.caret == 7, "the caret stops at the end")
    }

    @Test("Ctrl+A selects everything: typing replaces it, Backspace empties it")
    func selectAll() {
        var field = TextField("Old title")
        field.selectAll()
        #expect(field.isAllSelected)
        field.insert("New")
        #expect(field.text == "New" && !field.isAllSelected)
        field.selectAll()
        field.deleteBackward()
        #expect(field.text.isEmpty)
    }

    @Test("Ctrl+Backspace deletes the word before the caret; pasted text keeps to one line and the limit")
    func words() {
        var field = TextField("Into the  Gap")
        field.deleteWordBackward()
        #expect(field.text == "Into the  ")
        field.deleteWordBackward()
        #expect(field.text == "Into ")
        var short = TextField("", limit: 5)
        short.insert("ab\ncd\u{1B}[31mefgh")
        #expect(short.text == "abcd[", "no newline or escape character, at most 5 characters")
    }
}
