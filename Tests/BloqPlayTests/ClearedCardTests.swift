import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// The Cleared card says why each star is missing under that star (issue 38): the reasons
/// follow GAME.md's scoring, and each sits in its star's column inside the card at every
/// window size.
@Suite("Cleared card: a reason under each missing star")
struct ClearedCardTests {
    /// A card for a clear of a level of `par` in `moves`, its stars as `Score` gives them.
    func card(moves: Int, par: Int?, hint: Bool = false, solution: Bool = false) -> ClearedOverlay {
        ClearedOverlay(
            stars: Score.stars(moves: moves, par: par, usedHint: hint, showedSolution: solution), moves: moves, par: par, time: 12,
            showedSolution: solution, usedHint: hint, before: nil, after: nil, hasNextLevel: true, showsLevelsButton: true,
            confetti: nil)
    }

    @Test("each missing star's reasons by the scoring rules; none under a star earned")
    func reasons() {
        // Par 9: three stars at 9 moves, two up to 9 + ceil(9 / 4) = 12, one beyond.
        #expect(card(moves: 9, par: 9).starReasons == [[], [], []])
        #expect(card(moves: 11, par: 9).starReasons == [[], [], ["2 moves over par"]])
        #expect(card(moves: 12, par: 9).starReasons == [[], [], ["3 moves over par"]])
        #expect(card(moves: 13, par: 9).starReasons == [[], ["more than 12 moves"], ["4 moves over par"]])
        // A hint caps the stars at two: the third says so, with the moves over par if any.
        #expect(card(moves: 9, par: 9, hint: true).starReasons == [[], [], ["a hint was used"]])
        #expect(card(moves: 10, par: 9, hint: true).starReasons == [[], [], ["1 move over par", "a hint was used"]])
        #expect(card(moves: 20, par: 9, hint: true).starReasons == [[], ["more than 12 moves"], ["11 moves over par", "a hint was used"]])
        // Par 1: two stars up to 2 moves.
        #expect(card(moves: 3, par: 1).starReasons == [[], ["more than 2 moves"], ["2 moves over par"]])
        // No par yet: one star, and both others say why.
        #expect(card(moves: 4, par: nil).starReasons == [[], ["no par yet"], ["no par yet"]])
        // Show solution: no stars, and the card's line says why (not each star).
        let solved = card(moves: 9, par: 9, solution: true)
        #expect(solved.starReasons.isEmpty && solved.stars == 0)
        #expect(!card(moves: 13, par: 9).lines.contains { $0.contains("over par") }, "no reasons line under the stars any more")
    }

    /// The first level (par 1) cleared in three moves by the keyboard, the card settled.
    private func clearedInThree() -> AppController {
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        for push in ["Shift+Down", "Shift+Up", "Shift+Right"] {
            key(app, push)
            run(app, 1)
        }
        run(app, 1.5)
        return app
    }

    /// helper-52: the Review ran to the window's bottom edge, its corners cut off, and at
    /// 360x640 touched both sides.
    @Test("the review stays inside the window's margins at every window")
    func reviewInsideMargins() throws {
        let app = clearedInThree()
        Hand(app).tap(.review)
        for (width, height) in [(360.0, 640.0), (320.0, 480.0), (400.0, 300.0), (800.0, 600.0), (1920.0, 1080.0)] {
            app.resize(Size(width: width, height: height))
            let panel = try #require(app.playScreen?.layout.card?.frame, "\(width)x\(height): no review")
            #expect(panel.minX >= 4 && panel.maxX <= width - 4 && panel.maxY <= height - 4, "\(width)x\(height): \(panel)")
        }
    }

    @Test("each star in its column with its reasons under it, inside the card and off its buttons, at every window")
    func layout() throws {
        // A hint, then three moves on a par-1 level: one star, and the most said under them.
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        key(app, "H")
        run(app, 1)
        for push in ["Shift+Down", "Shift+Up", "Shift+Right"] {
            key(app, push)
            run(app, 1)
        }
        run(app, 1.5)
        let overlay = try #require(app.playScreen?.visibleOverlay)
        #expect(overlay.starReasons == [[], ["more than 2 moves"], ["2 moves over par", "a hint was used"]])
        for (width, height) in [(360.0, 640.0), (320.0, 480.0), (400.0, 300.0), (480.0, 320.0), (800.0, 600.0), (1920.0, 1080.0)] {
            app.resize(Size(width: width, height: height))
            let card = try #require(app.playScreen?.layout.card)
            let said = "\(Int(width))x\(Int(height))"
            let stars = card.texts.filter { $0.role == .stars }
            #expect(stars.map(\.text) == ["★", "☆", "☆"], "\(said): \(stars.map(\.text))")
            #expect(zip(stars, stars.dropFirst()).allSatisfy { $0.frame.maxX <= $1.frame.minX + 0.5 }, "\(said): side by side")
            let reasons = card.texts.filter { box in overlay.starReasons.joined().contains { $0.contains(box.text) } }
            #expect(!reasons.isEmpty && reasons.allSatisfy { !$0.text.hasSuffix("…") }, "\(said): \(reasons.map(\.text))")
            for (index, star) in stars.enumerated() {
                // Each reason's lines sit under its star, in its column.
                let under = reasons.filter { abs($0.frame.center.x - star.frame.center.x) < 1 }
                #expect(
                    under.map(\.text).joined(separator: " ") == overlay.starReasons[index].joined(separator: " "),
                    "\(said): star \(index + 1) says \(under.map(\.text))")
                #expect(under.allSatisfy { $0.frame.minY >= star.frame.maxY - 0.5 }, "\(said): under the star")
            }
            for text in card.texts {
                let ink = text.inkFrame
                #expect(
                    ink.minX >= card.frame.minX - 0.5 && ink.maxX <= card.frame.maxX + 0.5 && ink.minY >= card.frame.minY - 0.5
                        && ink.maxY <= card.frame.maxY + 0.5, "\(said): \"\(text.text)\" \(ink) outside the card \(card.frame)")
                for control in app.top.controls where control.rect.intersects(card.frame) {
                    #expect(
                        min(ink.maxY, control.rect.maxY) <= max(ink.minY, control.rect.minY) + 0.5
                            || min(ink.maxX, control.rect.maxX) <= max(ink.minX, control.rect.minX) + 0.5,
                        "\(said): \"\(text.text)\" over \(control.label)")
                }
            }
        }
    }

    /// helper-46: a level cleared at 400x300, the window then made 800x600: the card kept
    /// its old place, off the board, and a click on Next level opened Review.
    @Test("the Cleared card follows a resize: the same card as a clear made in that window")
    func resized() throws {
        func cleared(at size: Size) throws -> AppController {
            let app = testApp()
            app.resize(size)
            #expect(app.openLevel(pack: 0, level: 0))
            key(app, "Shift+Right")
            run(app, 2)
            _ = try #require(app.playScreen?.visibleOverlay)
            return app
        }
        let resized = try cleared(at: Size(width: 400, height: 300))
        resized.resize(Size(width: 800, height: 600))
        let direct = try cleared(at: Size(width: 800, height: 600))
        #expect(resized.boardRect == direct.boardRect)
        #expect(resized.playScreen?.layout.card?.frame == direct.playScreen?.layout.card?.frame)
        #expect(resized.top.controls.map(\.rect) == direct.top.controls.map(\.rect))
    }

    @Test("a clear in three moves of a par-1 level: the card shows one star and why the other two are missing")
    func throughTheApp() throws {
        let app = clearedInThree()
        let overlay = try #require(app.playScreen?.visibleOverlay)
        #expect(overlay.stars == 1 && overlay.moves == 3)
        let texts = try #require(app.playScreen?.layout.card).texts
        #expect(texts.filter { $0.role == .stars }.map(\.text) == ["★", "☆", "☆"])
        let words = texts.map(\.text).joined(separator: " ")
        #expect(words.contains("more than 2 moves") && words.contains("2 moves over par"), "\(texts.map(\.text))")
        #expect(app.shownTexts.contains { $0.text == "2 moves over par" }, "what a player sees, as replays report it")
    }
}
