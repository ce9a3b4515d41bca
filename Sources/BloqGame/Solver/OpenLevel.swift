/// The open lists of one level: a stack per depth, and the deepest that may hold entries.
struct OpenLevel {
    var lists: [OpenList] = []
    var deepest = -1

    var isEmpty: Bool { lists.allSatisfy(\.isEmpty) }
}
