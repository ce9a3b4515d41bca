import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// The key line under the board names only keys that do something there.
@Suite("Play: the key line names only what works")
struct FooterTests {
    @Test("a single level (bloq play --level) has no way back: its key line has no Esc; a pack's has 'Esc levels'")
    func singleLevel() throws {
        let single = testApp(singleLevel: true)
        #expect(single.openLevel(pack: 0, level: 0))
        let alone = try #require(single.playScreen?.footer?.text)
        #expect(!alone.contains("Esc"), "\(alone)")
        #expect(alone.contains("Z undo"), "\(alone)")
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        let listed = try #require(app.playScreen?.footer?.text)
        #expect(listed.contains("Esc levels"), "\(listed)")
    }
}
