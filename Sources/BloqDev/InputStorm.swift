import BloqEngine
import BloqGame
import BloqPlay

/// Random input for robustness tests: long, seeded scripts of everything a player, a
/// touchscreen or a broken driver can send, replayed through the real pipeline.
enum InputStorm {
    static let keys = [
        "Left", "Right", "Up", "Down", "Shift+Left", "Shift+Right", "Shift+Up", "Shift+Down", "Z", "Y", "R", "H",
        "Ctrl+Z", "Ctrl+Shift+Z", "Return", "Escape", "F1", "N", "P", "Q", "Shift+S", "Space", "Insert", "F13", "Alt+F4",
    ]

    /// A script of `events` random events (plus `end`) for a `rows` x `columns` board,
    /// starting at `startTime` milliseconds.
    public static func script(seed: UInt64, events: Int, rows: Int, columns: Int, startTime: Double = 0) -> InputScript {
        var random = SeededGenerator(seed: seed)
        func unit() -> Double { random.unit() }
        func point() -> CellPoint {
            switch random.below(10) {
            case 0: return CellPoint(row: (unit() - 0.5) * 200_000, column: (unit() - 0.5) * 200_000)  // absurd
            case 1, 2: return CellPoint(row: unit() * Double(rows + 8) - 4, column: unit() * Double(columns + 8) - 4)  // outside
            default: return CellPoint(row: unit() * Double(rows) - 0.5, column: unit() * Double(columns) - 0.5)
            }
        }
        func near(_ p: CellPoint) -> CellPoint {
            CellPoint(
                row: min(max(p.row + (unit() - 0.5) * 1.6, -99_999), 99_999),
                column: min(max(p.column + (unit() - 0.5) * 1.6, -99_999), 99_999))
        }
        var out: [InputScript.Event] = []
        out.reserveCapacity(events + 1)
        var time = startTime
        var mouse: CellPoint?
        var fingers: [Int: CellPoint] = [:]
        while out.count < events {
            // Bursts at the same millisecond, quick motion, and the odd long pause.
            switch random.below(20) {
            case 0: time += 400 + unit() * 800
            case 1, 2, 3: break
            default: time += (unit() * 24).rounded()
            }
            let action: InputScript.Action
            switch random.below(16) {
            case 0, 1:
                if let last = mouse {
                    let to = near(last)
                    mouse = nil
                    action = .release(.cell(to))
                } else {
                    let at = point()
                    mouse = at
                    action = .press(.cell(at))
                }
            case 2, 3, 4:
                if let last = mouse {
                    let to = near(last)
                    mouse = to
                    action = .drag(.cell(to))
                } else {
                    action = .drag(.cell(point()))
                }
            case 5, 6, 7, 8:
                let id = random.below(12)
                if let last = fingers[id] {
                    if random.below(4) == 0 {
                        fingers[id] = nil
                        action = .touch(id: id, phase: .up, .cell(near(last)))
                    } else {
                        let to = near(last)
                        fingers[id] = to
                        action = .touch(id: id, phase: .move, .cell(to))
                    }
                } else {
                    let at = point()
                    fingers[id] = at
                    action = .touch(id: id, phase: .down, .cell(at))
                }
            case 9, 10, 11:
                // Fingers that move without being down (an unknown id) are ignored like live.
                action = .touch(id: 100 + random.below(5), phase: random.below(2) == 0 ? .move : .up, .cell(point()))
            case 12, 13:
                action = .key(keys[random.below(keys.count)])
            case 14:
                action = random.below(8) == 0 ? .resize(width: 160 + random.below(1800), height: 160 + random.below(1200)) : .cancel
            default:
                action = .drag(.cell(point()))
            }
            if case .cancel = action {
                mouse = nil
                fingers.removeAll()
            }
            out.append(InputScript.Event(time: time, action: action))
        }
        out.append(InputScript.Event(time: time + 1, action: .end))
        return InputScript(events: out)
    }
}

/// The invariants a storm checks after every simulation step.
struct StormInvariants {
    private let start: Board
    private var counts: [BlockColor: Int]
    private var logLength = 0
    private var lastBoard: Board
    /// Steps checked so far.
    public private(set) var steps = 0

    public init(start: Board) {
        self.start = start
        counts = start.colorCounts
        lastBoard = start
    }

    /// Checks the game after a step; returns what is wrong, or nil.
    public mutating func check(_ game: GameController) -> String? {
        steps += 1
        let session = game.scene.session
        // The board is the level's start with the log applied (checked when it changes).
        if session.board != lastBoard || session.log.count != logLength {
            guard start.applying(session.log) == session.board else {
                return "the board is not the start with the log applied (log of \(session.log.count) moves)"
            }
            // Colours change only by vanishing pairs and groups: one more move takes 0 or at
            // least 2 blocks of one colour; undo, redo and restart give back whole moves.
            let now = session.board.colorCounts
            if session.log.count == logLength + 1 {
                var changed = 0
                for color in BlockColor.allCases {
                    let before = counts[color] ?? 0
                    let after = now[color] ?? 0
                    if before != after {
                        changed += 1
                        guard before - after >= 2 else { return "\(color) went from \(before) to \(after) blocks in one move" }
                    }
                }
                guard changed <= 1 else { return "one move changed \(changed) colours" }
            }
            counts = now
            logLength = session.log.count
            lastBoard = session.board
        }
        return game.scene.consistencyProblem()
    }
}
