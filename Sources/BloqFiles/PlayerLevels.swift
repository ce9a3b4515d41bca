import BloqLocalization
import Glibc

/// The player's own level files: the packs under `$XDG_DATA_HOME/bloq/levels/`, where the
/// editor's Save and `bloq import` write. A level is saved as `NNN-slug.bloq`, numbered after
/// the last level of its pack (so it comes last in the list), written atomically, and never
/// over a file that exists: a name taken meanwhile moves on to the next number.
public enum PlayerLevels {
    /// A level that was not saved, and why.
    public struct SaveError: Error, CustomStringConvertible, Equatable {
        public var description: String
        /// Another copy of Bloq held the lock too long: trying again later may work.
        public var isTemporary = false
    }

    /// The pack the editor and `bloq import` save into when none is named.
    public static let defaultPack = "mine"

    /// Why `name` cannot be a pack (a folder's name), or nil when it can; in the language
    /// shown (the editor says it; the command line, which sets none, in English).
    public static func problem(packName name: String) -> String? {
        if name.isEmpty { return tr("the pack name is empty; give one, such as %1", defaultPack) }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return tr(
                "a pack name cannot contain control characters (a line end, a tab, an escape code); '%1' has U+%2", visible(name),
                hex(control.value))
        }
        if name.contains("/") { return tr("a pack name cannot contain '/': '%1'", name) }
        if name.hasPrefix(".") { return tr("a pack name cannot start with '.': '%1'", name) }
        if name.utf8.count > 100 { return tr("the pack name is %1 bytes long; keep it under 100", "\(name.utf8.count)") }
        return nil
    }

    /// `text` with each control character written as `\u{XX}`, safe to print.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{\(hex(scalar.value))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(4 - digits.count, 0)) + digits
    }

    /// The player's level file (under the folder of packs `levels`) whose board has the
    /// identity `identity` (`Board.identity`: the same grid), or nil when none has: the
    /// same level is never imported twice.
    public static func existing(identity: String, in levels: String) -> String? {
        guard Path.isFolder(levels) else { return nil }
        let files = LevelFiles.walk(levels)?.files ?? []
        return files.filter { $0.level?.board.identity == identity }.map(\.path)
            .min { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The title as a file-name part: lower-case letters and digits joined by single `-`,
    /// at most 40 characters and 120 bytes; `level` when nothing is left. Latin letters with
    /// accents lose them ("Été" is `ete`, typed with a combining accent too, "Straße"
    /// `strasse`); other scripts' letters stay as they are, with their marks ("Лабиринт" is
    /// `лабиринт`, "हिन्दी" `हिन्दी`), so a title in any language names its file.
    public static func slug(_ title: String) -> String {
        var result = ""
        var pendingDash = false
        // Whether the last thing kept is ASCII (a Latin letter, folded or not): an accent
        // combining with it goes, as the folds drop theirs.
        var afterASCII = false
        for scalar in title.lowercased().unicodeScalars {
            let word: String?
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word = String(scalar)
            } else if let folded = latinFolds[scalar] {
                word = folded
            } else if isJoining(scalar) {
                // A mark or joiner continues the word it follows (dropped after Latin, or
                // with nothing to follow).
                if !afterASCII, !pendingDash, !result.isEmpty, result.utf8.count + scalar.utf8.count <= 120 {
                    result.unicodeScalars.append(scalar)
                }
                continue
            } else if scalar.value > 0x7F, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word = String(scalar)
            } else {
                word = nil
            }
            guard let word else {
                pendingDash = true
                continue
            }
            let next = (pendingDash && !result.isEmpty ? "-" : "") + word
            if result.count + next.count > 40 || result.utf8.count + next.utf8.count > 120 { break }
            result += next
            pendingDash = false
            afterASCII = word.unicodeScalars.allSatisfy(\.isASCII)
        }
        return result.isEmpty ? "level" : result
    }

    /// A combining mark (an accent, a vowel sign, a virama) or a zero-width joiner.
    private static func isJoining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: scalar == "\u{200C}" || scalar == "\u{200D}"
        }
    }

    /// The lower-case Latin letters with accents (Latin-1 and Latin Extended-A), as ASCII.
    private static let latinFolds: [Unicode.Scalar: String] = {
        let pairs =
            "àa áa âa ãa äa åa æae çc èe ée êe ëe ìi íi îi ïi ðd ñn òo óo ôo õo öo øo ùu úu ûu üu ýy þth ÿy ßss "
            + "āa ăa ąa ćc ĉc ċc čc ďd đd ēe ĕe ėe ęe ěe ĝg ğg ġg ģg ĥh ħh ĩi īi ĭi įi ıi ĳij ĵj ķk ĸk ĺl ļl ľl ŀl łl "
            + "ńn ņn ňn ŉn ŋn ōo ŏo őo œoe ŕr ŗr řr śs ŝs şs šs ţt ťt ŧt ũu ūu ŭu ůu űu ųu ŵw ŷy źz żz žz ſs"
        var folds: [Unicode.Scalar: String] = [:]
        for pair in pairs.split(separator: " ") {
            guard let letter = pair.unicodeScalars.first else { continue }
            folds[letter] = String(pair.unicodeScalars.dropFirst())
        }
        return folds
    }()

    /// Saves `text` as a level in the pack `pack` of the folder of packs `levels` and returns
    /// its path. With `replacing`, a file this pack already holds (the editor saving the same
    /// draft again), that file's contents are replaced instead, atomically; anything else
    /// (a file elsewhere, a shipped level) is never written: a new file is made.
    public static func save(_ text: String, title: String, pack: String, in levels: String, replacing: String? = nil) throws(SaveError)
        -> String
    {
        if let problem = problem(packName: pack) { throw SaveError(description: problem) }
        let folder = Path.join(levels, pack)
        do {
            try FileSystem.createFolders(folder)
        } catch {
            throw SaveError(description: "cannot create the pack folder \(folder): \(Path.describe(error))")
        }
        let data = Array(text.utf8)
        if let replacing, Path.parent(replacing) == folder, case .regular = RegularFile.kind(replacing) {
            do {
                try AtomicFile.write(data, to: replacing)
                return replacing
            } catch {
                throw SaveError(description: "\(error)")
            }
        }
        let names = FileSystem.names(in: folder) ?? []
        var number = (names.compactMap(leadingNumber).max() ?? 0) + 1
        let slug = slug(title)
        let temporary: String
        do {
            temporary = try AtomicFile.writeTemporary(data, beside: Path.join(folder, ".new-level"))
        } catch {
            throw SaveError(description: "\(error)")
        }
        defer { unlink(temporary) }
        // link() never replaces a file: a name another program took meanwhile fails with
        // EEXIST, and the next number is tried.
        for _ in 0..<10_000 {
            let name = String(repeating: "0", count: max(3 - String(number).count, 0)) + "\(number)-\(slug).bloq"
            let path = Path.join(folder, name)
            if link(temporary, path) == 0 {
                AtomicFile.syncFolder(folder)
                return path
            }
            guard errno == EEXIST else {
                throw SaveError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            number += 1
        }
        throw SaveError(description: "cannot find a free file name in \(folder)")
    }

    /// What `saveOnce` did.
    public enum SavedOnce: Equatable, Sendable {
        /// Saved as a new file, at this path.
        case saved(String)
        /// Not saved: a level with the same grid is among the player's levels already, here.
        case existing(String)
    }

    /// How long `saveOnce` waits for another copy of Bloq that holds the lock (a save takes
    /// milliseconds; another import lists the player's levels and writes one).
    public static let importLockTimeout = 10.0

    /// Saves `text`, a level whose board has the identity `identity`, as `save` does, unless
    /// a level with that identity is among the player's levels already: the check and the
    /// save are made under the lock progress saves take (`progress.json.lock` in the data
    /// folder, the one above `levels`), so copies of `bloq import` started at once save one
    /// file between them. Waits up to `timeout` seconds for the lock, then fails
    /// (`SaveError.isTemporary`).
    public static func saveOnce(
        _ text: String, identity: String, title: String, pack: String, in levels: String,
        timeout: Double = PlayerLevels.importLockTimeout
    ) throws(SaveError) -> SavedOnce {
        if let problem = problem(packName: pack) { throw SaveError(description: problem) }
        let data = Path.parent(levels)
        do {
            try FileSystem.createFolders(data)
        } catch {
            throw SaveError(description: "cannot create the folder \(data): \(Path.describe(error))")
        }
        let lockPath = Path.join(data, ProgressStore.fileName + ".lock")
        let lock = FileLock.acquire(lockPath, timeout: timeout)
        defer { lock.release() }
        guard lock.mayWrite else {
            throw SaveError(
                description: "another copy of Bloq held \(lockPath) for more than \(Int(timeout)) s; try again in a moment",
                isTemporary: true)
        }
        if let existing = existing(identity: identity, in: levels) { return .existing(existing) }
        return .saved(try save(text, title: title, pack: pack, in: levels))
    }

    /// The number a level file's name starts with (`012-x.bloq` → 12).
    static func leadingNumber(_ name: String) -> Int? {
        guard name.hasSuffix(".bloq") else { return nil }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        return Int(digits)
    }
}
