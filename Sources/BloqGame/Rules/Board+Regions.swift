extension Board {
    /// Each cell's region: the connected part of the board between walls (cells joined side
    /// to side) that no block ever leaves, numbered from 0 in the order of each region's
    /// first cell row by row; -1 for a wall. With the number of regions.
    func regionLabels() -> (labels: [Int32], count: Int) {
        var labels = [Int32](repeating: -1, count: cells.count)
        var count: Int32 = 0
        var stack: [Int] = []
        for first in cells.indices where cells[first] != .wall && labels[first] < 0 {
            labels[first] = count
            stack.append(first)
            while let cell = stack.popLast() {
                let row = cell / columns
                let column = cell % columns
                for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where r >= 0 && r < rows && c >= 0 && c < columns {
                    let next = r * columns + c
                    if cells[next] != .wall, labels[next] < 0 {
                        labels[next] = count
                        stack.append(next)
                    }
                }
            }
            count += 1
        }
        return (labels, Int(count))
    }
}
