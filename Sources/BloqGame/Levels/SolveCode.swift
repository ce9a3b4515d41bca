/// A cleared line of play as a short, URL-safe text: the level and the moves that clear it,
/// versioned and checksummed like a share code (CONTRACT section 5, "Solve codes";
/// docs/levels.md). The Cleared card's Share copies one after a one-line result; `bloq
/// verify` replays it through the rules; `bloq import` and Paste code take it as a share
/// code, with its solution to watch.
///
/// A code is `S1` and the base64url (no padding) of these bits, most significant first:
/// - the board and title, as a share code holds them (`ShareCode`);
/// - the number of moves, 14 bits;
/// - each move: the row and the column of the block it pushes, 4 bits each, and the
///   direction, 2 bits (up, down, left, right);
/// - zero bits to the next byte, then a CRC-16/CCITT-FALSE of the bytes so far (16 bits).
///
/// A 4x4 level cleared in 9 moves is a 33-character code.
public enum SolveCode {
    /// The prefix and version every code of this format starts with.
    public static let prefix = "S1"
    /// The most moves a code carries (a line of play holds no more).
    public static let maximumMoves = PlaySession.maximumMoves
    /// The longest code that can be valid.
    public static let maximumLength: Int = {
        let bits = 8 + 1 + 128 * 7 + 8 + 255 * 8 + 14 + maximumMoves * 10 + 7
        return prefix.count + ((bits / 8 + 2) * 8 + 5) / 6
    }()

    /// What a solve code holds.
    public struct Contents: Sendable, Equatable {
        public var board: Board
        public var title: String?
        public var moves: [Move]

        public init(board: Board, title: String?, moves: [Move]) {
            self.board = board
            self.title = title
            self.moves = moves
        }
    }

    /// Whether `text` is meant as a solve code (it starts with `S`) rather than a share code.
    public static func isSolveCode(_ text: String) -> Bool {
        ShareCode.code(in: text).first == "S"
    }

    /// The code for `moves` played on `board` (the level's start), with `title` when given.
    /// Nil when the title is too long, there are too many moves, or a move names a cell off
    /// the board.
    public static func encode(_ board: Board, title: String? = nil, moves: [Move]) -> String? {
        var bits = BitWriter()
        guard ShareCode.write(board, title: title, into: &bits), moves.count <= maximumMoves else { return nil }
        bits.write(moves.count, width: 14)
        for move in moves {
            guard board.contains(move.from), let direction = Direction.allCases.firstIndex(of: move.direction) else { return nil }
            bits.write(move.from.row, width: 4)
            bits.write(move.from.column, width: 4)
            bits.write(direction, width: 2)
        }
        return prefix + ShareCode.sealed(bits)
    }

    /// The board, title and moves a code holds, or what is wrong with it.
    public static func decode(_ code: String) -> Result<Contents, ShareCode.DecodeError> {
        Result { () throws(ShareCode.DecodeError) in
            var bits = try ShareCode.unsealed(code, prefix: prefix, kind: "solve code", maximumLength: maximumLength)
            let level = try ShareCode.readBoard(&bits, kind: "solve code")
            guard let count = bits.read(14), count <= maximumMoves else {
                throw ShareCode.DecodeError(.damaged, "the solve code's moves are damaged")
            }
            var moves: [Move] = []
            for _ in 0..<count {
                guard let row = bits.read(4), let column = bits.read(4), let direction = bits.read(2) else {
                    throw ShareCode.DecodeError(.cutShort, "the solve code's moves are cut short")
                }
                moves.append(Move(row: row, column: column, direction: Direction.allCases[direction]))
            }
            guard bits.remainingAreZero else {
                throw ShareCode.DecodeError(.damaged, "the solve code has data after its moves: it is damaged")
            }
            return Contents(board: level.board, title: level.title, moves: moves)
        }
    }

    /// What replaying a code's moves on its level gives.
    public struct Verdict: Sendable, Equatable {
        /// Whether the moves clear the board.
        public var cleared: Bool
        /// The moves played (all of them when they clear it).
        public var moves: Int
        /// Why they do not clear it: the move that cannot be played (counted from 1, its
        /// cell counted from 1), or the blocks left ("after its 9 moves the board still
        /// holds 2 blocks"); nil when they do.
        public var failure: String?

        public init(cleared: Bool, moves: Int, failure: String?) {
            self.cleared = cleared
            self.moves = moves
            self.failure = failure
        }
    }

    /// The line a text carries when it is a solve code whose moves clear its board; nil
    /// otherwise (a share code, a damaged code, a line that does not clear).
    public static func clearingLine(in text: String) -> [Move]? {
        guard isSolveCode(text), case .success(let contents) = decode(text), replay(contents.moves, on: contents.board).cleared
        else { return nil }
        return contents.moves
    }

    /// Plays `moves` from `board` through the rules, one by one.
    public static func replay(_ moves: [Move], on board: Board) -> Verdict {
        var session = PlaySession(start: board)
        for (index, move) in moves.enumerated() {
            let place = "row \(move.from.row + 1), column \(move.from.column + 1)"
            guard !session.isCleared else {
                return Verdict(
                    cleared: false, moves: index,
                    failure: "move \(index + 1) (\(place), \(move.direction.rawValue)) comes after the board is cleared")
            }
            guard session.play(move) != nil else {
                let reason =
                    session.board.contains(move.from) && session.board[move.from].color != nil
                    ? "that block cannot move \(move.direction.rawValue)" : "no block is there"
                return Verdict(
                    cleared: false, moves: index,
                    failure: "move \(index + 1) (\(place), \(move.direction.rawValue)) cannot be played: \(reason)")
            }
        }
        guard session.isCleared else {
            let left = session.board.blockCount
            return Verdict(
                cleared: false, moves: moves.count,
                failure:
                    "after its \(moves.count) move\(moves.count == 1 ? "" : "s") the board still holds \(left) block\(left == 1 ? "" : "s"): the moves do not clear it"
            )
        }
        return Verdict(cleared: true, moves: moves.count, failure: nil)
    }
}
