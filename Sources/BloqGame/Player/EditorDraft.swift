/// The level editor's work, kept in the player's progress so that quitting, or a crash,
/// loses nothing: the grid (a level file's rows), the title and the pack typed (nil while
/// they are the editor's own placeholders), the file its last Save wrote (so that saving
/// again after a restart replaces it, as within a run), and when it was kept, in seconds
/// since 1970. Two copies of the game keep the newer.
public struct EditorDraft: Hashable, Sendable {
    public var lines: [String]
    public var title: String?
    public var pack: String?
    /// The level file the editor's last Save wrote, and the pack it went into.
    public var savedFile: SavedFile?
    public var savedAt: Double

    public struct SavedFile: Hashable, Sendable {
        public var path: String
        public var pack: String

        public init(path: String, pack: String) {
            self.path = path
            self.pack = pack
        }

        /// A path up to `longestPath` bytes and a pack name up to `longestName` characters.
        public var isPlausible: Bool { path.utf8.count <= EditorDraft.longestPath && pack.count <= EditorDraft.longestName }
    }

    public init(lines: [String], title: String?, pack: String?, savedFile: SavedFile? = nil, savedAt: Double = 0) {
        self.lines = lines
        self.title = title
        self.pack = pack
        self.savedFile = savedFile
        self.savedAt = savedAt
    }

    /// The draft of `draft` and `pack` (nil for a placeholder), not yet stamped (the shell
    /// stamps it as it keeps it): a title or pack longer than `longestName` (a copy of a
    /// level whose file has a longer title) is kept cut to it, so that what is written is
    /// always read back.
    public init(_ draft: LevelDraft, title: String?, pack: String?, savedFile: SavedFile?) {
        let cut = { (name: String) in String(name.prefix(EditorDraft.longestName)) }
        let file = savedFile.flatMap { $0.isPlausible ? $0 : nil }
        self.init(lines: draft.board.lines, title: title.map(cut), pack: pack.map(cut), savedFile: file)
    }

    /// The grid as the editor's draft, titled `placeholder` when no title was typed; nil
    /// when its rows are no grid the editor makes.
    public func levelDraft(placeholder: String) -> LevelDraft? {
        guard let board = Board(lines) else { return nil }
        return LevelDraft(board: board, title: title ?? placeholder)
    }

    /// Whether it is a grid the editor makes (a board: `Board.sizeRange` rows and columns of
    /// level cells) with a title, pack and saved file of a sane length and a real time.
    public var isPlausible: Bool {
        Board(lines) != nil && savedAt.isFinite && (title?.count ?? 0) <= EditorDraft.longestName
            && (pack?.count ?? 0) <= EditorDraft.longestName && (savedFile?.isPlausible ?? true)
    }

    /// The longest title or pack name kept.
    public static let longestName = 200
    /// The longest path of a saved file kept (Linux's PATH_MAX).
    public static let longestPath = 4096

    /// Whether it was kept after `other` (by time; the same time by its contents, so that
    /// either copy merged into the other keeps the same one).
    public func isNewer(than other: EditorDraft) -> Bool {
        if savedAt != other.savedAt { return savedAt > other.savedAt }
        return (lines.joined(separator: "/"), title ?? "", pack ?? "") > (
            other.lines.joined(separator: "/"), other.title ?? "", other.pack ?? ""
        )
    }
}
