import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// The play screen's header (issue 38): the stars in reach are legible (at least the body
/// size, drawn as star shapes) and nothing in it moves sideways as the count goes on.
@Suite("The play header")
struct PlayHeaderTests {
    /// A level where pushes leave the board uncleared: "R..B" / "...." / "B..R".
    static func app(_ viewport: Size) -> AppController {
        let board = Board(["R..B", "....", "B..R"]) ?? Board(["R.R"])!
        let pack = PackEntry(
            title: "Header", items: [.playable(PlayableLevel(name: "h.bloq", level: Level(title: "H", par: 4, board: board)))])
        let app = AppController(environment: AppEnvironment(packs: [pack]), viewport: viewport)
        app.openLevel(pack: 0, level: 0)
        run(app, 0.5)
        return app
    }

    @Test(
        "the stars and the moves keep their places from 0 moves to 1 (\"move\") to 2 (\"moves\")",
        arguments: [
            Size(width: 800, height: 600), Size(width: 360, height: 640), Size(width: 1280, height: 800),
        ])
    func steady(viewport: Size) throws {
        let app = Self.app(viewport)
        func boxes() throws -> (stars: TextBox, par: TextBox) {
            let texts = try #require(app.playScreen?.layout.texts)
            let stars = try #require(texts.first { $0.role == .stars })
            let par = try #require(texts.first { $0.text.contains("par ") }, "\(texts.map(\.text))")
            return (stars, par)
        }
        let start = try boxes()
        #expect(start.stars.px >= app.metrics.type.body, "the stars are at least the body size")
        var seen: [Int] = []
        for push in ["Shift+Right", "Shift+Left"] {
            key(app, push)
            run(app, 1)
            let now = try boxes()
            seen.append(app.game?.scene.session.moves ?? -1)
            #expect(now.stars.frame == start.stars.frame, "after \(push): the stars moved from \(start.stars.frame) to \(now.stars.frame)")
            #expect(now.par.frame == start.par.frame, "after \(push): \(now.par.text) in \(now.par.frame), was \(start.par.frame)")
        }
        #expect(seen == [1, 2], "the pushes were moves")
    }
}
