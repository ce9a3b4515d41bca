import BloqGame
import BloqLocalization
import BloqSync
import Glibc

/// Reads and writes the player's settings, `settings.json` under `$XDG_CONFIG_HOME/bloq/`
/// (`~/.config/bloq/`). Only a regular file of at most 64 KiB is read. A setting that
/// cannot be read or is out of range is dropped (its default stands) and the rest kept; a
/// damaged file is kept aside (`settings.json.corrupt-TIME`) and reported (`FileDamage`).
/// A file that cannot be read now (its permissions) is left as it is and never written
/// over: the defaults are used, and once it can be read, a save applies the player's
/// changes over what it holds. A symbolic link is followed and never replaced: written
/// through (the link stays) when it leads to a regular file of Bloq's settings, and left
/// alone with what it leads to otherwise (a folder, a device, someone's file, nothing): the
/// defaults are used, the player is told, and changes live in memory.
public struct SettingsStore: Sendable {
    /// Larger files are not read.
    public static let maximumFileSize = 64 * 1024

    public let folder: String
    public var path: String { Path.join(folder, "settings.json") }
    /// Shared by copies of the store: the settings loaded, or last handed to `save` (what
    /// the player's changes are changes from; the defaults when the file could not be read).
    private let known = Locked(Settings())

    public init(folder: String) { self.folder = folder }

    /// What loading found: the settings, and the damage, if any.
    public struct Load: Sendable {
        public var settings: Settings
        public var damage: FileDamage?
    }

    /// The settings with a report of any damage; a damaged file is kept aside and replaced
    /// by what could be read of it.
    public func loadReport() -> Load {
        let loaded = read()
        known.withLock { $0 = loaded.settings }
        return loaded
    }

    /// The keys of the settings some Bloq writes: a file a symbolic link leads to is
    /// written over only when it holds these and no others.
    static let knownKeys: Set<String> = [
        "colorBlindSymbols", "sound", "fullscreen", "theme", "contrast", "motion", "reducedMotion", "windowWidth", "windowHeight",
        "language",
    ]

    /// Whether `bytes` hold Bloq's settings: a JSON object of settings (at least one, and no
    /// key Bloq does not write). Someone's JSON, an empty file or any other text is not.
    static func holdsSettings(_ bytes: [UInt8]) -> Bool {
        guard let members = (try? JSONValue.parse(bytes))?.members, !members.isEmpty else { return false }
        return members.allSatisfy { knownKeys.contains($0.key) }
    }

    // MARK: The file's text

    /// The settings on the lines of `bytes` that read on their own (`"sound": false,`), and
    /// the numbers of those that hold something else; nil when no line holds a setting.
    static func settingLines(_ bytes: [UInt8]) -> (members: [JSONValue.Member], damaged: [Int])? {
        var members: [JSONValue.Member] = []
        var damaged: [Int] = []
        for (number, text) in JSONValue.recordLines(bytes) {
            if let read = try? JSONValue.parse(Array("{\(text)}".utf8)).members, read.count == 1 {
                members += read
            } else {
                damaged.append(number)
            }
        }
        return members.isEmpty ? nil : (members, damaged)
    }

    /// What `bytes` hold, setting by setting; or why they cannot be read at all.
    public static func decode(_ bytes: [UInt8]) -> Result<SalvagedSettings, UnreadableSettings> {
        var salvaged = SalvagedSettings()
        let members: [JSONValue.Member]
        do {
            let root = try JSONValue.parse(bytes)
            guard let all = root.members else { return .failure(UnreadableSettings(reason: "it holds \(root.kind), not an object")) }
            members = all
        } catch {
            // Cut short or damaged (a write interrupted, a stray byte): Bloq writes one
            // setting a line, so each line that still reads is kept, as progress does
            // (helper-47 cut the file in its last line and lost every setting above it).
            guard let lines = settingLines(bytes) else {
                return .failure(UnreadableSettings(reason: "the text is not JSON: \(error)"))
            }
            members = lines.members
            let numbers = lines.damaged.map(String.init).joined(separator: ", ")
            salvaged.dropped.append(
                "line\(lines.damaged.count == 1 ? "" : "s") \(numbers): damaged; the settings on the other lines were kept")
        }
        // A setting given twice: the last copy counts, as when a file is edited by hand.
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.value }
        func flag(_ name: String, _ apply: (inout Settings, Bool) -> Void) {
            guard let value = values[name] else { return }
            if let flag = value.boolValue { apply(&salvaged.settings, flag) } else { salvaged.dropped.append("\(name): not true or false") }
        }
        func size(_ name: String, _ apply: (inout Settings, Int) -> Void) {
            guard let value = values[name], value != .null else { return }
            if let size = value.intValue, Settings.windowSizes.contains(size) {
                apply(&salvaged.settings, size)
            } else {
                salvaged.dropped.append(
                    "\(name): not a whole number from \(Settings.windowSizes.lowerBound) to \(Settings.windowSizes.upperBound)")
            }
        }
        flag("colorBlindSymbols") { $0.colorBlindSymbols = $1 }
        flag("sound") { $0.sound = $1 }
        flag("fullscreen") { $0.fullscreen = $1 }
        // A file of a version before `motion` says only whether motion was reduced: true
        // was the player's choice; false, the default then, now follows the system.
        flag("reducedMotion") { $0.motion = $1 ? .reduced : .system }
        func choice<Choice: RawRepresentable<String> & CaseIterable>(_ name: String, _ apply: (inout Settings, Choice) -> Void) {
            guard let value = values[name] else { return }
            if let text = value.stringValue, let chosen = Choice(rawValue: text) {
                apply(&salvaged.settings, chosen)
            } else {
                let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
                salvaged.dropped.append("\(name): not " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
            }
        }
        choice("motion") { $0.motion = $1 }
        choice("theme") { $0.theme = $1 }
        choice("contrast") { $0.contrast = $1 }
        size("windowWidth") { $0.windowWidth = $1 }
        size("windowHeight") { $0.windowHeight = $1 }
        if let value = values["language"] {
            if let code = value.stringValue, Settings.isLanguageSetting(code) {
                salvaged.settings.language = code
            } else {
                salvaged.dropped.append("language: not \"\(Settings.automaticLanguage)\" or a language code such as \"de\"")
            }
        }
        return .success(salvaged)
    }

    /// Why a settings file cannot be read at all.
    public struct UnreadableSettings: Error, Sendable {
        public var reason: String
    }

    /// The file's text for `settings`: one setting a line, in the order of their names, and
    /// `reducedMotion` beside `motion` for the versions before it (which read only that,
    /// and a choice to follow the system as no reduced motion).
    public static func encode(_ settings: Settings) -> [UInt8] {
        var members: [JSONValue.Member] = [
            .init("colorBlindSymbols", .bool(settings.colorBlindSymbols)), .init("fullscreen", .bool(settings.fullscreen)),
            .init("language", .string(settings.language)), .init("reducedMotion", .bool(settings.reducedMotion)),
            .init("sound", .bool(settings.sound)), .init("theme", .string(settings.theme.rawValue)),
            .init("contrast", .string(settings.contrast.rawValue)), .init("motion", .string(settings.motion.rawValue)),
        ]
        if let height = settings.windowHeight { members.append(.init("windowHeight", .int(height))) }
        if let width = settings.windowWidth { members.append(.init("windowWidth", .int(width))) }
        members.sort { $0.key < $1.key }
        return Array((JSONValue.object(members).text(pretty: true) + "\n").utf8)
    }

    /// What `settings.json` holds: itself, or the regular file of Bloq's settings it links to
    /// (`file`); a link to anything else is `.foreign`.
    private func readFile() -> (file: String, reading: LinkedPath.Reading<Result<SalvagedSettings, UnreadableSettings>>) {
        LinkedPath.read(
            following: path, limit: SettingsStore.maximumFileSize, noun: "settings file", holds: SettingsStore.holdsSettings,
            decode: SettingsStore.decode)
    }

    private func read() -> Load {
        let (file, reading) = readFile()
        let damage: FileDamage?
        switch reading {
        case .read(.success(let salvaged), let bytes):
            guard !salvaged.dropped.isEmpty else { return Load(settings: salvaged.settings, damage: nil) }
            let kept = FileDamage.keepAside(bytes, of: path, replacingWith: SettingsStore.encode(salvaged.settings))
            return Load(
                settings: salvaged.settings,
                damage: FileDamage(
                    kind: .settings, file: path, droppedRecords: salvaged.dropped.count, keptAs: kept,
                    details: salvaged.dropped.map { "\(path): \($0)" }))
        case .missing: damage = nil
        case .foreign(let what): damage = .foreign(.settings, ForeignLink(link: path, target: file, what: what))
        case .inaccessible(let reason): damage = .cannotRead(.settings, path, reason)
        case .unreadable(let reason): damage = .unreadable(.settings, path, reason, moving: true)
        case .read(.failure(let unreadable), _):
            let english = "it is not valid settings JSON (\(unreadable.reason))"
            damage = .unreadable(.settings, path, ReadReason(english, phrase: trLater("it is not valid settings JSON")), moving: true)
        }
        return Load(settings: Settings(), damage: damage)
    }

    /// A save that was not made; the file is as it was.
    public struct SaveError: Error, CustomStringConvertible {
        public var path: String
        /// Why, in English for standard error, and in the player's language with what to do
        /// (`shown`: the Settings screen and its notice say it, helper-64 read an English
        /// middle in a German sentence).
        public var reason: ReadReason
        public var description: String { "cannot save settings to \(path): \(reason.english)" }
        public var shown: String { reason.shown }
    }

    /// Why a save would not be made now, before one is tried (the Settings screen says it
    /// from the start): the file is a link to what is not Bloq's, or cannot be read, or its
    /// folder cannot be written into. Nil: a save may well be made.
    public func saveProblem() -> SaveError? {
        let (file, reading) = readFile()
        if let refusal = refusal(file: file, reading) { return refusal }
        // The folder a save writes into: beside the file a link leads to, if it is one.
        let written = Path.parent(file)
        guard access(written, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM else { return nil }
        let code = errno
        return SaveError(path: path, reason: ReadReason.writing(code: code, reason: String(cString: strerror(code)), folder: written))
    }

    /// A file a save must leave as it is: a link to what is not Bloq's settings, or one that
    /// cannot be read (a save would write over what it cannot see).
    private func refusal(file: String, _ reading: LinkedPath.Reading<Result<SalvagedSettings, UnreadableSettings>>) -> SaveError? {
        switch reading {
        case .foreign(let what):
            let link = ForeignLink(link: path, target: file, what: what)
            return SaveError(
                path: path,
                reason: ReadReason(
                    "\(link.reason(noun: "settings file")), so both are left as they are",
                    phrase: trLater("settings.json is a link to a file that is not Bloq's; remove the link")))
        case .inaccessible(let reason):
            return SaveError(
                path: path,
                reason: ReadReason(
                    "it cannot be read (\(reason)), so it is left as it is", phrase: trLater("settings.json cannot be read (%1)"),
                    reason.shown))
        case .read, .missing, .unreadable:
            return nil
        }
    }

    /// Saves `settings` and returns what the file holds now: the changes made since the
    /// load (or the last save) applied over what the file holds, so another copy's changes
    /// since, or a hand edit, stay (a second copy that quit wrote its whole stale settings
    /// over the first's). A file that cannot be read is not written over (`SaveError`).
    @discardableResult
    public func save(_ settings: Settings) throws(SaveError) -> Settings {
        do {
            try FileSystem.createFolders(folder)
        } catch {
            throw SaveError(path: path, reason: .writing(error))
        }
        var result = settings
        let (file, reading) = readFile()
        if let refusal = refusal(file: file, reading) { throw refusal }
        if case .read(.success(let current), _) = reading {
            result = current.settings.applying(changesFrom: known.withLock { $0 }, to: settings)
        }
        do {
            try AtomicFile.write(SettingsStore.encode(result), to: path)
        } catch {
            // The failure names the settings file and says how to fix it (the temporary file
            // it failed on is a detail).
            // The folder the write failed in: beside the file a link leads to, if it is one.
            throw SaveError(path: path, reason: .writing(error) ?? ReadReason(error.reason))
        }
        // What this copy's next changes are changes from: its own settings, not the merge
        // (the game keeps those; the merge's other values are another copy's, which a later
        // save would otherwise write back over).
        known.withLock { $0 = settings }
        return result
    }
}
