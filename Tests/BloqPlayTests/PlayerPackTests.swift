import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// The player's own packs: every level open (they made them), and a level numbered as its
/// tile is when a broken file comes before it.
@Suite("Level list: the player's own packs")
struct PlayerPackTests {
    /// A pack of three items, a broken file first, as the player's or as a shipped one.
    static func pack(isPlayers: Bool) -> PackEntry {
        var pack = testPack(2, title: "Mine")
        pack.items.insert(.broken(name: "/home/jo/.local/share/bloq/levels/mine/01-bad.bloq", error: "line 3, column 1: x"), at: 0)
        pack.isPlayers = isPlayers
        return pack
    }

    @Test("every level of the player's own pack is open; a shipped pack opens one at a time")
    func allOpen() {
        let mine = testApp([Self.pack(isPlayers: true)])
        #expect(mine.isOpen(pack: 0, level: 0) && mine.isOpen(pack: 0, level: 1))
        #expect(mine.openLevel(pack: 0, level: 1), "the second level, nothing cleared")
        let shipped = testApp([Self.pack(isPlayers: false)])
        #expect(shipped.isOpen(pack: 0, level: 0) && !shipped.isOpen(pack: 0, level: 1))
    }

    @Test("a level after a broken file is numbered as its tile: Level 2 of 3")
    func numbering() {
        let app = testApp([Self.pack(isPlayers: true)])
        #expect(app.openLevel(pack: 0, level: 0))
        #expect(app.playScreen?.caption == "Level 2 of 3")
    }
}
