/// A pack of levels as the level list shows it: playable levels and, for players' own
/// packs, broken ones with their error (shown, never hidden).
public struct PackEntry: Sendable {
    public enum Item: Sendable {
        case playable(PlayableLevel)
        case broken(name: String, error: String)
    }

    public var title: String
    public var items: [Item]
    /// True for packs the player made (under their data folder).
    public var isPlayers: Bool
    /// The name of the pack's folder (`mine`), what the editor's Pack field names; nil for
    /// levels that are in no pack folder (a file or a share code played alone).
    public var folder: String?

    public init(title: String, items: [Item], isPlayers: Bool = false, folder: String? = nil) {
        self.title = title
        self.items = items
        self.isPlayers = isPlayers
        self.folder = folder
    }

    /// What a player's pack's title ends with ("Mine (yours)"), in English; the level list
    /// shows it in the language shown.
    public static let playersMark = " (yours)"

    /// The title without `playersMark`: the name a player's pack shows beside its mark.
    public var name: String { isPlayers && title.hasSuffix(Self.playersMark) ? String(title.dropLast(Self.playersMark.count)) : title }

    /// The index among the playable levels of the one whose board is `board` (the same
    /// identity, which progress is kept by), other than the file `except`.
    public func playableIndex(of board: Board, except name: String? = nil) -> Int? {
        playable.firstIndex { $0.name != name && $0.level.board.identity == board.identity }
    }

    /// The playable level item `item` is (nil for a broken one, or no such item).
    public func playableIndex(ofItem item: Int) -> Int? {
        guard items.indices.contains(item), case .playable = items[item] else { return nil }
        return items.prefix(item).reduce(0) { if case .playable = $1 { return $0 + 1 } else { return $0 } }
    }

    /// Where playable level `index` is among all the items (broken files count, as the level
    /// list numbers its tiles); nil when there is no such level.
    public func itemIndex(ofPlayable index: Int) -> Int? {
        var seen = 0
        for (position, item) in items.enumerated() {
            guard case .playable = item else { continue }
            if seen == index { return position }
            seen += 1
        }
        return nil
    }

    /// The playable levels in order.
    public var playable: [PlayableLevel] {
        items.compactMap { if case .playable(let level) = $0 { return level } else { return nil } }
    }
}
