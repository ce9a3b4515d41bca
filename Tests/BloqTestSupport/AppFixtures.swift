import BloqEngine
import BloqGame
import BloqPlay
import Testing

/// A pack of `count` one-move levels ("R.R" pushed right clears it, par 1), each a
/// different board so each has its own identity; a broken level second when asked.
public func testPack(_ count: Int, broken: Bool = false, title: String = "Test") -> PackEntry {
    var items: [PackEntry.Item] = (0..<count).map { index in
        // Rows of holes below make every board distinct.
        let rows = ["R.R", "..."] + Array(repeating: "...", count: index % 13) + (index >= 13 ? ["..B", "B.."] : [])
        let board = Board(rows) ?? Board(["R.R", "..."])!
        return .playable(PlayableLevel(name: "\(title)/level\(index).bloq", level: Level(title: "L\(index)", par: 1, board: board)))
    }
    if broken { items.insert(.broken(name: "bad.bloq", error: "line 3: unknown cell 'x'"), at: 1) }
    return PackEntry(title: title, items: items)
}

/// An app on 800x600 with 40-pixel buttons, its environment made from `packs` and
/// `progress` and then changed by `configure`.
public func testApp(
    _ packs: [PackEntry] = [testPack(30)], progress: PlayerProgress = PlayerProgress(), singleLevel: Bool = false,
    configure: (inout AppEnvironment) -> Void = { _ in }
) -> AppController {
    var environment = AppEnvironment(packs: packs, progress: progress)
    configure(&environment)
    let app = AppController(environment: environment, viewport: Size(width: 800, height: 600), singleLevel: singleLevel)
    app.display(minimumButtonSize: 40, scale: 1)
    return app
}

public func run(_ app: AppController, _ seconds: Double) {
    for _ in 0..<Int((seconds * 120).rounded()) { app.step(1.0 / 120) }
}

public func key(_ app: AppController, _ name: String) {
    app.handle(.key(KeyChord(parsing: name) ?? KeyChord(name)))
}

public func control(_ app: AppController, _ id: ControlID) -> Control? { app.top.controls.first { $0.id == id } }

/// Clears the open level (a one-move test level) by the keyboard and lets it settle.
public func clearOpenLevel(_ app: AppController) {
    key(app, "Shift+Right")
    run(app, 1.5)
}

/// A pack of the one level `level`, titled as the level is, as a level-mode replay and
/// `play --level` make it.
public func singleLevelPack(_ level: PlayableLevel) -> PackEntry {
    PackEntry(title: level.level.title, items: [.playable(level)])
}

/// The shipped level at `relative` ("levels/easy/001-first-push.bloq"), read as the game
/// reads it, named by that path; the test fails when it does not load.
public func shippedLevel(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PlayableLevel {
    let text = try Repository.text(relative)
    switch LevelParser.parse(text, name: relative) {
    case .success(let level): return PlayableLevel(name: relative, level: level)
    case .failure(let error):
        Issue.record("\(relative) does not load: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}
