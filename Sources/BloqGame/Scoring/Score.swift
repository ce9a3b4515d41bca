/// The scoring rules of GAME.md.
public enum Score {
    /// Stars for clearing a level in `moves`: 3 at par, 2 at most par + ceil(par / 4),
    /// 1 otherwise, and 1 when par is unknown. A hint since the level was opened caps it at
    /// 2; a level finished by showing the solution earns none.
    public static func stars(moves: Int, par: Int?, usedHint: Bool = false, showedSolution: Bool = false) -> Int {
        if showedSolution { return 0 }
        guard let par, par > 0 else { return 1 }
        let earned = moves <= par ? 3 : moves <= par + (par + 3) / 4 ? 2 : 1
        return usedHint ? min(earned, 2) : earned
    }

    /// The most stars still possible with `moves` made and at least `remaining` to go.
    public static func starsInReach(moves: Int, remaining: Int, par: Int?, usedHint: Bool, showedSolution: Bool) -> Int {
        stars(moves: moves + max(remaining, 0), par: par, usedHint: usedHint, showedSolution: showedSolution)
    }
}

extension Board {
    /// The level's identity: a hash of its content (size and cells), not of where the file
    /// is, so progress follows a level that moves and an edited level starts afresh.
    /// 16 hexadecimal digits of FNV-1a over "ROWSxCOLUMNS:row/row/...".
    public var identity: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(rows)x\(columns):\(lines.joined(separator: "/"))".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
