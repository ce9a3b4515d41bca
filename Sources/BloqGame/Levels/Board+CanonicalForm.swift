extension Board {
    /// The board's form up to symmetry and colour names: the smallest of its rotations and
    /// mirrors (8 for a square board, 4 otherwise) after relabelling colours in order of
    /// first appearance. Two boards with the same canonical form are the same puzzle.
    public var canonicalForm: String {
        var best: String?
        for transform in 0..<8 {
            guard let image = transformed(transform) else { continue }
            let key = image.relabelled
            if let current = best, current <= key { continue }
            best = key
        }
        return best ?? relabelled
    }

    /// The board after one of the 8 symmetries of a square (rotations by 0, 90, 180, 270
    /// degrees, each mirrored or not); nil for the quarter turns of a board that is not square.
    func transformed(_ index: Int) -> Board? {
        let turns = index % 4
        let mirror = index >= 4
        let square = rows == columns
        if !square, turns % 2 == 1 { return nil }
        let outRows = turns % 2 == 0 ? rows : columns
        let outColumns = turns % 2 == 0 ? columns : rows
        var cells: [Cell] = []
        cells.reserveCapacity(rows * columns)
        for r in 0..<outRows {
            for c in 0..<outColumns {
                let column = mirror ? outColumns - 1 - c : c
                let (sr, sc): (Int, Int)
                switch turns {
                case 0: (sr, sc) = (r, column)
                case 1: (sr, sc) = (rows - 1 - column, r)
                case 2: (sr, sc) = (rows - 1 - r, columns - 1 - column)
                default: (sr, sc) = (column, columns - 1 - r)
                }
                cells.append(self[sr, sc])
            }
        }
        return Board(rows: outRows, columns: outColumns, cells: cells)
    }

    /// The board after symmetry `index` (0..<8), for tests.
    public func transformedForTest(_ index: Int) -> Board? { transformed(index) }

    /// The rows with colours renamed a, b, c, ... in order of first appearance.
    var relabelled: String {
        var names: [BlockColor: Character] = [:]
        var text = "\(rows)x\(columns):"
        for cell in cells {
            switch cell {
            case .empty: text.append(".")
            case .wall: text.append("#")
            case .block(let color):
                if names[color] == nil { names[color] = Character(UnicodeScalar(UInt8(97 + names.count))) }
                text.append(names[color] ?? "?")
            }
        }
        return text
    }
}
