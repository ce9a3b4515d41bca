import BloqGame
import Foundation

/// Reads and writes the player's settings, `settings.json` under `$XDG_CONFIG_HOME/bloq/`
/// (`~/.config/bloq/`). A file that cannot be trusted is moved aside with a warning and the
/// defaults are used.
public struct SettingsStore: Sendable {
    public let folder: String
    public var path: String { (folder as NSString).appendingPathComponent("settings.json") }

    public init(folder: String) { self.folder = folder }

    /// `$XDG_CONFIG_HOME/bloq`, or `~/.config/bloq`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return (config as NSString).appendingPathComponent("bloq")
        }
        return ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config/bloq")
    }

    public func load() -> (settings: Settings, warning: String?) {
        guard FileManager.default.fileExists(atPath: path) else { return (Settings(), nil) }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        if data.count <= 64 * 1024, let settings = try? JSONDecoder().decode(Settings.self, from: data), settings.isPlausible {
            return (settings, nil)
        }
        let aside = path + ".corrupt-\(time(nil))"
        let moved = rename(path, aside) == 0
        return (Settings(), "\(path) is not valid settings; \(moved ? "moved it to \(aside)" : "ignored it") and used the defaults")
    }

    public func save(_ settings: Settings) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(try encoder.encode(settings), to: path)
    }
}
