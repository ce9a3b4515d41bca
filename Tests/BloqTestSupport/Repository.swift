import Foundation

/// The source tree the tests read (shipped levels, pinned boards, replays, catalogs,
/// scripts): found once, from this file's place in it, so no test works out a root of its
/// own from `#filePath`.
public enum Repository {
    /// The package's folder, where Package.swift is.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relative` ("levels/easy") in the source tree.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of `relative` in the source tree.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The text of the file `relative` in the source tree.
    public static func text(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }
}
