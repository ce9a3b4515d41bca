import BloqGame
import BloqLocalization
import Glibc

/// Damage found in one of the player's files (progress or settings) when it was loaded,
/// and what was done about it: what could be read was kept, the damaged file was kept
/// aside (never deleted). The game says so once, on its title screen (`sentence`), and on
/// standard error (`warnings`).
public struct FileDamage: Sendable, Equatable {
    /// Which of the player's files.
    public enum Kind: String, Sendable {
        case progress, settings
    }

    public var kind: Kind
    /// The damaged file.
    public var file: String
    /// Records (levels, lines; or settings) that could not be read and were dropped.
    public var droppedRecords = 0
    /// Why the whole file could not be read (not JSON, too large, not a regular file), when
    /// it could not; nil when only some records were dropped.
    public var unreadable: ReadReason?
    /// The version a progress file said it had, when it is not one this game knows.
    public var foreignVersion: Int?
    /// Where the damaged file was kept; nil when it could not be moved aside.
    public var keptAs: String?
    /// What was used instead of an unreadable file: the previous save, or a fresh start.
    public var fellBackToPrevious = false
    /// One line a problem, for standard error.
    public var details: [String]
    /// What is wrong with the version the file gives, when no Bloq writes it ("its version
    /// is -1, which no Bloq writes"): the file is damaged, not newer.
    public var versionProblem: VersionProblem?
    /// Why the file cannot be read now ("permission denied"), when it cannot: it was left
    /// as it is, never moved or written over; the game plays on and saves beside it (progress)
    /// or not at all (settings) until it can be read.
    public var cannotRead: ReadReason?
    /// The file is a symbolic link to something that is not Bloq's (a folder, a device, a
    /// FIFO, someone's file, nothing): the link and its target were left exactly as they
    /// are; progress is kept beside the link (the journal), settings in memory.
    public var foreignLink: ForeignLink?
    /// Records (or a whole section) the file gave more than once, whose copies were merged,
    /// the best of each kept: a line-based merge (git, a sync tool, a hand edit) makes them.
    public var mergedDuplicates = 0

    /// The sentence the title screen shows, in the language shown (`tr`), e.g. "3 records in
    /// your progress could not be read; the file was kept as
    /// /home/jo/.local/share/bloq/progress.json.corrupt-1700000000." or "1 of your settings
    /// could not be read; the file was kept as …." The reasons in brackets are
    /// `ReadReason.shown`.
    public var sentence: String { sentence(shown: true) }

    /// The sentence for standard error: its reasons in English (`ReadReason.brief`). Said as
    /// the files are read, before a language is chosen, the rest is English too.
    public var standardErrorSentence: String { sentence(shown: false) }

    /// The sentence, its reasons as the title screen says them (`shown`) or as standard
    /// error does.
    private func sentence(shown: Bool) -> String {
        // Paths as the player reads them (~ for the home folder), as Settings shows its file.
        let file = PlayerFolders.displayPath(file)
        let kept = keptAs.map { tr("the file was kept as %1", PlayerFolders.displayPath($0)) } ?? tr("the file was left where it is")
        if let foreignLink {
            switch kind {
            case .progress:
                return tr(
                    "Your progress file %1 is a symbolic link to %2, which is not a Bloq progress file (%3), so both were left as they are. What you do is kept beside the link and merged in once it leads to a progress file; to save into %1 itself, remove the link.",
                    file, PlayerFolders.displayPath(foreignLink.target), foreignLink.what.clause)
            case .settings:
                return tr(
                    "Your settings file %1 is a symbolic link to %2, which is not a Bloq settings file (%3), so both were left as they are and the defaults are used; to keep the settings you change, remove the link.",
                    file, PlayerFolders.displayPath(foreignLink.target), foreignLink.what.clause)
            }
        }
        if let cannotRead = cannotRead.map({ shown ? $0.shown : $0.brief }) {
            switch (kind, fellBackToPrevious) {
            case (.settings, _):
                return tr(
                    "Your settings file %1 cannot be read (%2); it was left as it is: the defaults are used, and your changes are saved into it once it can be read.",
                    file, cannotRead)
            case (.progress, true):
                return tr(
                    "Your progress file %1 cannot be read (%2); it was left as it is, and your previous save is used; what you do is kept beside it and merged into it once it can be read.",
                    file, cannotRead)
            case (.progress, false):
                return tr(
                    "Your progress file %1 cannot be read (%2); it was left as it is, and you play on from a fresh start; what you do is kept beside it and merged into it once it can be read.",
                    file, cannotRead)
            }
        }
        if let unreadable = unreadable.map({ shown ? $0.shown : $0.brief }) {
            switch (kind, fellBackToPrevious) {
            case (.settings, _): return tr("Your settings could not be read (%1); %2, and the defaults are used.", unreadable, kept)
            case (.progress, true): return tr("Your progress could not be read (%1); %2, and your previous save is used.", unreadable, kept)
            case (.progress, false): return tr("Your progress could not be read (%1); %2, and progress starts afresh.", unreadable, kept)
            }
        }
        var parts: [String] = []
        if let versionProblem = versionProblem.map({ shown ? ReadReason($0).shown : $0.english }) {
            parts.append(tr("Your progress file is damaged (%1); what could be read was kept", versionProblem))
        }
        if let foreignVersion {
            parts.append(
                tr("Your progress was saved by a newer Bloq (file version %1); what this one understands was kept", "\(foreignVersion)"))
        }
        if mergedDuplicates > 0 {
            parts.append(
                tr(
                    "%1 record in your progress file was given more than once, as a merge by git or a sync tool can leave it; the copies were merged, keeping the best of each",
                    "%1 records in your progress file were given more than once, as a merge by git or a sync tool can leave them; the copies were merged, keeping the best of each",
                    count: mergedDuplicates, "\(mergedDuplicates)"))
        }
        if droppedRecords > 0 {
            parts.append(
                kind == .progress
                    ? tr(
                        "%1 record in your progress could not be read", "%1 records in your progress could not be read",
                        count: droppedRecords, "\(droppedRecords)")
                    : tr(
                        "%1 of your settings could not be read", "%1 of your settings could not be read", count: droppedRecords,
                        "\(droppedRecords)"))
        }
        return (parts + [kept]).joined(separator: "; ") + "."
    }
}

/// What the player's files held at start-up, for the title screen to say once.
public struct PlayerFilesNotice: Sendable, Equatable {
    public var progress: FileDamage?
    public var settings: FileDamage?

    public init(progress: FileDamage?, settings: FileDamage?) {
        self.progress = progress
        self.settings = settings
    }

    /// The sentences to show, or nil when both files were sound.
    public var message: String? {
        let sentences = [progress, settings].compactMap { $0?.sentence }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }
}

extension FileDamage {
    /// The file is a symbolic link someone made to what is not Bloq's: the link and what it
    /// leads to were left as they are.
    static func foreign(_ kind: Kind, _ link: ForeignLink) -> FileDamage {
        FileDamage(
            kind: kind, file: link.link, details: ["\(link.link): \(link.reason(noun: "\(kind.rawValue) file")); left both as they are"],
            foreignLink: link)
    }

    /// `file` cannot be read now (`reason`: its permissions, an I/O error): it was left as it is.
    static func cannotRead(_ kind: Kind, _ file: String, _ reason: ReadReason, fellBackToPrevious: Bool = false) -> FileDamage {
        FileDamage(
            kind: kind, file: file, fellBackToPrevious: fellBackToPrevious,
            details: ["\(file): cannot be read (\(reason)); left it as it is"], cannotRead: reason)
    }

    /// `file` holds nothing that can be read (`reason`); with `moving`, it is moved aside.
    static func unreadable(_ kind: Kind, _ file: String, _ reason: ReadReason, moving: Bool) -> FileDamage {
        let kept = moving ? moveAside(file) : nil
        return FileDamage(
            kind: kind, file: file, unreadable: reason, keptAs: kept,
            details: ["\(file): \(reason); \(kept.map { "moved it to \($0)" } ?? "left it in place")"])
    }

    /// A free name to keep a damaged `file` aside under: `FILE.corrupt-TIME` (a later second
    /// when that one is taken).
    static func asideName(_ file: String) -> String {
        var stamp = time(nil)
        while RegularFile.kind("\(file).corrupt-\(stamp)") != .failed(.missing) { stamp += 1 }
        return "\(file).corrupt-\(stamp)"
    }

    /// Moves `file` aside (`asideName`); returns where, or nil when it could not be moved.
    static func moveAside(_ file: String) -> String? {
        let target = asideName(file)
        return rename(file, target) == 0 ? target : nil
    }

    /// Keeps `bytes`, the damaged `file` whole, aside, then replaces `file` by `repaired`,
    /// each atomically; returns where the bytes were kept (nil, and `file` left as it is,
    /// when they could not be).
    static func keepAside(_ bytes: [UInt8], of file: String, replacingWith repaired: [UInt8]) -> String? {
        let aside = asideName(file)
        guard (try? AtomicFile.write(bytes, to: aside)) != nil else { return nil }
        try? AtomicFile.write(repaired, to: file)
        return aside
    }
}

/// Why one of the player's files could not be read: in English for standard error (what a
/// string literal or interpolation makes), and, for the reasons a player meets, a phrase
/// the title screen shows in the language shown ("permission denied", "it is a folder; move
/// it away"). The phrase is looked up when shown, since the files are read before the
/// language is chosen. Two reasons are equal when their English is.
public struct ReadReason: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The reason for standard error, with its details.
    public var english: String
    /// The player's phrase (a msgid marked with `trLater`; nil: `brief`) and its `%1`…
    /// arguments.
    var phrase: String?
    var arguments: [String]

    public init(_ english: String, phrase: String, _ arguments: String...) {
        self.english = english
        self.phrase = phrase
        self.arguments = arguments
    }

    /// A reason with no phrase of its own: the title screen says `brief`.
    public init(_ english: String) {
        self.english = english
        arguments = []
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    public var description: String { english }

    /// The phrase in the language shown (`brief` when it has none: the bracketed grammar of
    /// "the text is not JSON: line 1, column 1: …" is for standard error's details).
    public var shown: String { phrase.map { Localized.format(Localized.string($0), arguments) } ?? brief }

    /// The English without its bracketed details.
    public var brief: String { english.firstRange(of: " (").map { String(english[..<$0.lowerBound]) } ?? english }

    public static func == (one: ReadReason, other: ReadReason) -> Bool { one.english == other.english }
}

extension ReadReason {
    /// Why a file could not be written into `folder` (errno `code`): the common causes in
    /// the player's language with what to do; another, the system's words (`reason`). Said
    /// by the settings' footer and the save notices (helper-64 read an English middle in a
    /// German sentence).
    public static func writing(code: Int32, reason: String, folder: String) -> ReadReason {
        let english = "\(reason); make \(folder) writable, or free some space on its disk"
        let shownFolder = PlayerFolders.displayPath(folder)
        switch code {
        case EACCES, EPERM: return ReadReason(english, phrase: trLater("permission denied: make %1 writable"), shownFolder)
        case EROFS: return ReadReason(english, phrase: trLater("%1 is on a read-only disk"), shownFolder)
        case ENOSPC, EDQUOT: return ReadReason(english, phrase: trLater("the disk of %1 is full: free some space on it"), shownFolder)
        default: return ReadReason(english, phrase: trLater("the system says: %1"), reason)
        }
    }

    /// Why a file could not be written, in the folder the write failed in (beside a link's
    /// target): nil for a failure that is no system call's (a size limit), whose English says it.
    static func writing(_ failure: AtomicFile.Failure) -> ReadReason? {
        failure.code == 0 ? nil : writing(code: failure.code, reason: failure.reason, folder: Path.parent(failure.path))
    }

    /// Why a folder could not be made: its parent is the one to make writable.
    static func writing(_ error: SystemError) -> ReadReason {
        writing(code: error.code, reason: error.reason, folder: Path.parent(error.path))
    }

    /// A version no Bloq writes, as standard error and the title screen say it.
    init(_ problem: VersionProblem) {
        switch problem {
        case .unknown(let version):
            self.init(problem.english, phrase: trLater("its version is %1, which no Bloq writes"), "\(version)")
        case .notWhole: self.init(problem.english, phrase: trLater("its version is not a whole number"))
        case .damagedLine: self.init(problem.english, phrase: trLater("its version line is damaged"))
        }
    }
}
