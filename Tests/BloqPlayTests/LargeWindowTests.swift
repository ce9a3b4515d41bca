import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// A large window's room goes to what it shows (issue 38): the level list's tiles and their
/// boards grow across the width instead of sitting in wide margins, to a size that stays a
/// tile; the play screen's side panel says the tip and the keys, not one line in its middle.
@Suite("Large windows: the level list's tiles and the play screen's side panel")
struct LargeWindowTests {
    /// The list's tiles and miniature boards in a window of `width` by `height`.
    func tiles(_ width: Double, _ height: Double) throws -> (tiles: [Rect], boards: [Rect], grid: LevelListScreen.Grid, unit: Double) {
        let app = testApp()
        app.resize(Size(width: width, height: height))
        app.showLevels(pack: 0)
        let list = try #require(app.root.levelList)
        let tiles = app.top.controls.filter { if case .tile = $0.id { true } else { false } }.map(\.rect)
        let boards = list.layout.miniatures.sorted { $0.key < $1.key }.map(\.value)
        return (tiles, boards, list.grid, app.metrics.unit)
    }

    @Test("at 1280x800 and 1920x1080 the tiles span the width in ten columns, their boards over twice as large as five columns gave")
    func listUsesTheWidth() throws {
        for (width, height, least) in [(1280.0, 800.0, 90.0), (1920.0, 1080.0, 130.0)] {
            let shown = try tiles(width, height)
            let said = "\(Int(width))x\(Int(height))"
            #expect(shown.grid.columns == 10 && shown.grid.rows == 2, "\(said): \(shown.grid.columns)x\(shown.grid.rows)")
            #expect(shown.tiles.count == 20)
            let span = (shown.tiles.map(\.maxX).max() ?? 0) - (shown.tiles.map(\.minX).min() ?? 0)
            #expect(span >= shown.grid.area.width * 0.95, "\(said): the tiles span \(span) of \(shown.grid.area.width)")
            // Each miniature is square in its tile (the board drawn in it is centred).
            let board = shown.boards.map { min($0.width, $0.height) }.min() ?? 0
            #expect(board >= least, "\(said): boards of \(board) px")
            #expect(shown.tiles.allSatisfy { $0.width <= shown.unit * 3.5 + 0.5 }, "\(said): no tile beyond the largest")
            #expect(shown.tiles.allSatisfy { $0.height >= $0.width }, "\(said): as tall as wide at least, for a board as wide as the tile")
        }
        // Five columns of four rows at 800x600, as before: the tiles wider than tall.
        let usual = try tiles(800, 600)
        #expect(usual.grid.columns == 5 && usual.grid.rows == 4)
        #expect(usual.tiles.allSatisfy { $0.width > $0.height })
    }

    /// A player's pack of one or three levels sat in the top-left corner as tiles of a page
    /// of twenty (seen live at 800x600), the rest of the window empty: a pack smaller than a
    /// page gets tiles as large as a tile may be, centred.
    @Test("a pack smaller than a page: its tiles as large as they may be, centred across the window")
    func smallPack() throws {
        for (width, height) in [(800.0, 600.0), (360.0, 640.0)] {
            let full = try tiles(width, height)
            for count in [1, 3] {
                let app = testApp([PackEntry(title: "friends", items: testPack(count).items)])
                app.resize(Size(width: width, height: height))
                app.showLevels(pack: 0)
                let list = try #require(app.root.levelList)
                let shown = app.top.controls.filter { if case .tile = $0.id { true } else { false } }.map(\.rect)
                let said = "\(Int(width))x\(Int(height)), \(count)"
                #expect(shown.count == count)
                let usual = full.tiles.map(\.width).max() ?? 0
                #expect(shown.allSatisfy { $0.width > usual * 1.3 }, "\(said): \(shown) beside \(usual)")
                let middle = ((shown.map(\.minX).min() ?? 0) + (shown.map(\.maxX).max() ?? 0)) / 2
                #expect(abs(middle - width / 2) < 1, "\(said): centred on \(middle)")
                // No row or column of the grid left empty.
                let empty = list.grid.perPage - count
                #expect(empty < min(list.grid.columns, list.grid.rows), "\(said): \(list.grid.columns)x\(list.grid.rows)")
            }
        }
    }

    @Test("a tile grows no larger than three and a half units across, however large the window")
    func largestTile() throws {
        let shown = try tiles(6000, 1200)
        #expect(shown.tiles.allSatisfy { $0.width <= shown.unit * 3.5 + 0.5 && $0.height <= shown.unit * 3.5 * 1.4 + 0.5 })
        let span = (shown.tiles.map(\.maxX).max() ?? 0) - (shown.tiles.map(\.minX).min() ?? 0)
        #expect(span < shown.grid.area.width * 0.9, "capped: margins are left in a very wide window")
    }

    @Test("at 1920x1080 the side panel says the level's tip and the keys under it")
    func sidePanel() throws {
        let tip = "Drag the red block toward the other red."
        let level = PlayableLevel(
            name: "easy/001.bloq", level: Level(title: "First", par: 1, tip: tip, board: Board(["...", "R.R", "..."])!))
        let app = testApp([PackEntry(title: "Easy", items: [.playable(level)])])
        app.resize(Size(width: 1920, height: 1080))
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.2)
        let board = try #require(app.boardRect)
        let panel = app.shownTexts.filter { $0.frame.minX > board.maxX }
        let tipBox = try #require(panel.first { $0.text == tip }, "\(board) \(app.shownTexts.map { ($0.text, $0.frame) })")
        let keys = panel.filter { $0.role == .secondary && $0.frame.minY > tipBox.frame.maxY }
        #expect(keys.count >= 5 && keys.contains { $0.text == "H hint" }, "\(panel.map(\.text))")
        // Without the room (800x600, the panel above the board), the tip alone as before.
        app.resize(Size(width: 800, height: 600))
        #expect(!app.shownTexts.contains { $0.text == "H hint" } && app.shownTexts.contains { $0.text == tip })
    }
}
