/// What a player meets along an optimal line of play, as the solver can measure it: the
/// features of the fitted difficulty measure (docs/levels.md, "Difficulty that predicts").
///
/// The line is the solver's optimal solution. At each of its positions (the start and the
/// position after each move but the last), every legal move is sorted: *optimal* (an
/// optimal solution remains: the position after it clears in one move fewer), a *dead end*
/// (no sequence of moves clears the board after it, proved by the search; mostly a block
/// left alone with its colour) or a *detour* (the board still clears, or may, but in more
/// moves).
public struct DifficultyProfile: Hashable, Sendable {
    /// The optimal number of moves (the level's par).
    public var optimal: Int
    /// Positions the solver's proof of the optimum stores (the same on every machine).
    public var effort: Int
    /// Legal moves at the positions of the line, summed.
    public var legalMoves: Int
    /// Of those, the optimal ones.
    public var optimalMoves: Int
    /// Of those, the dead ends.
    public var deadEnds: Int
    /// Positions of the line where exactly one legal move is optimal.
    public var forcedMoves: Int
    /// The base-2 logarithm of the product, over the line's positions, of the optimal moves
    /// at each: how many optimal solutions branch off the line (the exact count of optimal
    /// solutions when every optimal position offers as many optimal moves as the line's).
    public var optimalSolutionsLog2: Double
    /// Legal moves at the start, and of those the optimal ones (what `DifficultyRating`'s
    /// ambiguity and branching are made of).
    public var openingMoves: Int
    public var optimalOpenings: Int
    /// Positions all the searches stored (the proof and one capped search a legal move).
    public var states: Int

    public init(
        optimal: Int, effort: Int, legalMoves: Int, optimalMoves: Int, deadEnds: Int, forcedMoves: Int, optimalSolutionsLog2: Double,
        openingMoves: Int, optimalOpenings: Int, states: Int
    ) {
        self.optimal = optimal
        self.effort = effort
        self.legalMoves = legalMoves
        self.optimalMoves = optimalMoves
        self.deadEnds = deadEnds
        self.forcedMoves = forcedMoves
        self.optimalSolutionsLog2 = optimalSolutionsLog2
        self.openingMoves = openingMoves
        self.optimalOpenings = optimalOpenings
        self.states = states
    }

    /// The names of `features`, in order.
    public static let featureNames = [
        "optimal moves", "log10 effort", "forced share", "dead-end share", "optimal-move share", "optimal solutions log2 a move",
        "legal moves a position",
    ]

    /// What the measure weighs: the optimal length; the solver's effort (log10 of the
    /// positions its proof stores); the share of the line's positions with a single optimal
    /// move; the shares of the line's legal moves that are dead ends and that are optimal;
    /// the optimal solutions' logarithm a move; and the legal moves a position.
    public static func features(_ p: DifficultyProfile) -> [Double] {
        let moves = Double(max(p.optimal, 1))
        let legal = Double(max(p.legalMoves, 1))
        return [
            Double(p.optimal), Self.log10(Double(max(p.effort, 1))), Double(p.forcedMoves) / moves, Double(p.deadEnds) / legal,
            Double(p.optimalMoves) / legal, p.optimalSolutionsLog2 / moves, Double(p.legalMoves) / moves,
        ]
    }

    /// The weights of `features` in `measure`, fitted on the 450 shipped levels by `BloqDev
    /// difficulty-fit bench/difficulty-profiles.txt` (docs/levels.md): a level of a later
    /// pack is harder than one of an earlier pack.
    public static let weights: [Double] = [0.441973, 1.020410, -0.009916, -0.771250, -5.419244, 0.516014, 0.131441]

    /// The fitted difficulty measure (higher is harder): the weighted sum of `features`.
    public var measure: Double { zip(DifficultyProfile.weights, DifficultyProfile.features(self)).map(*).reduce(0, +) }

    /// `DifficultyRating.score` of the same board, from the profile's start.
    public static func ratingScore(_ p: DifficultyProfile) -> Double {
        DifficultyRating(
            optimal: p.optimal, openingMoves: p.openingMoves, goodOpeningMoves: p.optimalOpenings, area: 0, holes: 0, walls: 0
        ).score
    }

    /// The profile of a solvable board, or nil when the board is cleared, unsolvable, or a
    /// search runs out of `maxStates` positions.
    public static func measure(_ board: Board, maxStates: Int = Solver.defaultMaxStates) -> DifficultyProfile? {
        let solver = Solver(maxStates: maxStates)
        let proof = solver.solve(board)
        guard case .solved(let line) = proof.outcome, !line.isEmpty else { return nil }
        var profile = DifficultyProfile(
            optimal: line.count, effort: proof.states, legalMoves: 0, optimalMoves: 0, deadEnds: 0, forcedMoves: 0,
            optimalSolutionsLog2: 0, openingMoves: 0, optimalOpenings: 0, states: proof.states)
        var position = board
        for (step, move) in line.enumerated() {
            let left = line.count - step
            let moves = position.legalMoves
            var optimal = 0
            for candidate in moves {
                guard let next = position.applying(candidate) else { continue }
                let (answer, states) = solver.clears(next, within: left - 1)
                profile.states += states
                switch answer {
                case .clears: optimal += 1
                case .never: profile.deadEnds += 1
                case .longer: break
                case nil: return nil
                }
            }
            profile.legalMoves += moves.count
            profile.optimalMoves += optimal
            if optimal == 1 { profile.forcedMoves += 1 }
            profile.optimalSolutionsLog2 += Self.log2(Double(max(optimal, 1)))
            if step == 0 {
                profile.openingMoves = moves.count
                profile.optimalOpenings = optimal
            }
            guard let next = position.applying(move) else { return nil }
            position = next
        }
        return profile
    }

    /// The base-2 logarithm of `x` (positive and finite) within an ulp or two, in Swift alone
    /// (the rules import no C library): the binary exponent, plus the significand's
    /// logarithm from the series ln((1 + s) / (1 − s)) = 2 (s + s³/3 + s⁵/5 + …), with
    /// the significand taken into [√½, √2) so that |s| < 0.172 and a dozen terms suffice.
    /// Exact at powers of two (0 at 1). Zero gives −∞; a negative number or NaN gives NaN.
    static func log2(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : x == .infinity ? .infinity : .nan }
        var exponent = Double(x.exponent)
        var significand = x.significand
        if significand > 2.0.squareRoot() {
            significand /= 2
            exponent += 1
        }
        let s = (significand - 1) / (significand + 1)
        let square = s * s
        var power = s
        var sum = 0.0
        for odd in stride(from: 1.0, through: 61, by: 2) {
            let next = sum + power / odd
            if next == sum { break }
            sum = next
            power *= square
        }
        return exponent + 2 * sum / ln2
    }

    /// The base-10 logarithm of `x`, from `log2` (0 at 1).
    static func log10(_ x: Double) -> Double { log2(x) * log10Of2 }

    private static let ln2 = 0.693_147_180_559_945_309_417_232
    private static let log10Of2 = 0.301_029_995_663_981_195_213_739
}
