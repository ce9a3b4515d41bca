import BloqLocalization
import Glibc

/// Where a path the game writes (`progress.json`, `settings.json`, a `.prev` copy) leads when
/// someone made it a symbolic link: a dotfiles manager, a sync folder, or a link to
/// `/dev/null` to switch saving off. The game follows such a link and never replaces it, and
/// it writes through it only to a regular file that holds the game's own data (the caller
/// checks the contents: `ProgressFile.holdsProgress`, `SettingsStore.holdsSettings`).
/// Anything else the link leads to (a folder, a device, a FIFO, someone's file, nothing)
/// is left exactly as it is.
public enum LinkedPath {
    /// What stands at a path.
    public enum Place: Equatable, Sendable {
        /// Not a symbolic link (or nothing there): the game's own name in its own folder.
        case own
        /// A symbolic link that leads, through every link, to the regular file `target`.
        case regular(target: String)
        /// A symbolic link to something that is not a regular file, or to nothing.
        case foreign(target: String, what: Foreign)
        /// A symbolic link that cannot be followed now (a loop, a folder on the way that
        /// cannot be searched): like a file that cannot be read now.
        case unreachable(reason: String)
    }

    /// What a symbolic link leads to when it is not a file of the game's.
    public enum Foreign: Equatable, Sendable {
        case folder, device, fifo, socket
        /// Nothing: the link is broken.
        case missing
        /// A regular file that does not hold the game's data (someone's text, an empty file).
        case otherFile

        /// The clause that says what it is, in the language shown: "it is a folder".
        public var clause: String { tr(englishClause) }

        /// The same clause in English, for standard error.
        public var englishClause: String {
            switch self {
            case .folder: trLater("it is a folder")
            case .device: trLater("it is a device")
            case .fifo: trLater("it is a named pipe")
            case .socket: trLater("it is a socket")
            case .missing: trLater("it does not exist")
            case .otherFile: trLater("it holds something else")
            }
        }
    }

    /// What stands at `path`, following a symbolic link (through every link) without
    /// touching anything.
    public static func place(_ path: String) -> Place {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return .own }
        let target: String
        do {
            target = try AtomicFile.target(of: path)
        } catch {
            return .unreachable(reason: error.reason)
        }
        guard lstat(target, &status) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .foreign(target: target, what: .missing)
            case EACCES, EPERM: return .unreachable(reason: "permission denied")
            default: return .unreachable(reason: String(cString: strerror(errno)))
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(target: target)
        case S_IFDIR: return .foreign(target: target, what: .folder)
        case S_IFCHR, S_IFBLK: return .foreign(target: target, what: .device)
        case S_IFIFO: return .foreign(target: target, what: .fifo)
        default: return .foreign(target: target, what: .socket)
        }
    }
}

extension LinkedPath {
    /// What one of the game's own files held when it was read.
    enum Reading<Contents> {
        /// Nothing is there.
        case missing
        /// The file's bytes, and what they decode to.
        case read(Contents, bytes: [UInt8])
        /// The file is there but cannot be read now (its permissions, a symbolic link loop, an
        /// I/O error; in a few words): it is left as it is and never moved or written over.
        case inaccessible(ReadReason)
        /// Its contents cannot be the game's (too large): why.
        case unreadable(ReadReason)
        /// Read through a symbolic link (`strict`), it is not the game's data, or nothing:
        /// it is left as it is and never written over.
        case foreign(Foreign)
    }

    /// What `file` holds, at most `limit` bytes of it (`noun` names it in reasons:
    /// "progress file"), decoded. `strict`, for a file a symbolic link leads to: anything but
    /// the game's data (`holds`), damaged or not, and anything that cannot be read but for
    /// its permissions, is `.foreign`.
    static func read<Contents>(
        _ file: String, limit: Int, noun: String, strict: Bool, holds: ([UInt8]) -> Bool, decode: ([UInt8]) -> Contents
    ) -> Reading<Contents> {
        switch RegularFile.read(file, limit: limit) {
        case .success(let bytes): return strict && !holds(bytes) ? .foreign(.otherFile) : .read(decode(bytes), bytes: bytes)
        case .failure(let failure) where failure.isMissing: return strict ? .foreign(.missing) : .missing
        // The file may well be sound, but cannot be read now: its permissions, a symbolic
        // link loop, an error of the system (I/O).
        case .failure(.permissionDenied): return .inaccessible(ReadReason("permission denied", phrase: trLater("permission denied")))
        case .failure(.symlinkLoop):
            let loop = "too many levels of symbolic links"
            return .inaccessible(ReadReason(loop, phrase: trLater("too many levels of symbolic links")))
        case .failure(.unreadable(let reason)):
            // TRANSLATORS: %1 is the system's message, in English ("Input/output error").
            return .inaccessible(ReadReason(reason, phrase: trLater("the system says: %1"), reason))
        case .failure where strict: return .foreign(.otherFile)
        // A folder, a FIFO or a device where the file should be is not a save of the game's:
        // left where it is, never moved aside, and the player told to move it.
        case .failure(let failure) where failure == .isFolder || failure.isNotRegular:
            let english = "\(failure.reason(noun: noun)); move it away"
            return switch failure {
            case .isFolder: .inaccessible(ReadReason(english, phrase: trLater("it is a folder; move it away")))
            case .notRegular("a named pipe"): .inaccessible(ReadReason(english, phrase: trLater("it is a named pipe; move it away")))
            case .notRegular("a socket"): .inaccessible(ReadReason(english, phrase: trLater("it is a socket; move it away")))
            case .notRegular(let what) where what.hasSuffix("device"):
                .inaccessible(ReadReason(english, phrase: trLater("it is a device; move it away")))
            default: .inaccessible(ReadReason(english, phrase: trLater("it is not a regular file; move it away")))
            }
        case .failure(.tooLarge(let size)):
            let english = "it is \(size.map { "\($0) bytes" } ?? "larger than that"), more than the \(limit) bytes a \(noun) may be"
            guard let size else {
                return .unreadable(ReadReason(english, phrase: trLater("it is more than the %1 bytes it may be"), "\(limit)"))
            }
            let phrase = trLater("it is %1 bytes, more than the %2 bytes it may be")
            return .unreadable(ReadReason(english, phrase: phrase, "\(size)", "\(limit)"))
        case .failure(let failure): return .unreadable(ReadReason(failure.reason(noun: noun)))
        }
    }

    /// What the game's own file at `path` holds (`read`), and the file read: `path`, or the
    /// regular file a symbolic link at `path` leads to, read `strict`ly; a link to anything
    /// else is `.foreign`, its target not read. A link that cannot be followed reads as a
    /// file that cannot be read now.
    static func read<Contents>(
        following path: String, limit: Int, noun: String, holds: ([UInt8]) -> Bool, decode: ([UInt8]) -> Contents
    ) -> (file: String, reading: Reading<Contents>) {
        switch place(path) {
        case .own, .unreachable: (path, read(path, limit: limit, noun: noun, strict: false, holds: holds, decode: decode))
        case .regular(let target): (target, read(target, limit: limit, noun: noun, strict: true, holds: holds, decode: decode))
        case .foreign(let target, let what): (target, .foreign(what))
        }
    }
}

/// A symbolic link the game left alone because it does not lead to a file of the game's:
/// where it is, where it leads and what is there.
public struct ForeignLink: Sendable, Equatable {
    /// The link (`~/.local/share/bloq/progress.json`).
    public var link: String
    /// Where it leads, through every link.
    public var target: String
    public var what: LinkedPath.Foreign

    /// `target` is shown as its folder's real path and its name (`../sync/x` as
    /// `/home/jo/sync/x`), when that folder exists.
    public init(link: String, target: String, what: LinkedPath.Foreign) {
        self.link = link
        self.what = what
        if let folder = realpath(Path.parent(target), nil) {
            self.target = Path.join(String(cString: folder), Path.lastComponent(target))
            free(folder)
        } else {
            self.target = target
        }
    }

    /// Why the file cannot be used, in English, for standard error and the save notices:
    /// "it is a symbolic link to /dev/null, which is not a Bloq progress file (it is a device)".
    public func reason(noun: String) -> String {
        "it is a symbolic link to \(target), which is not a Bloq \(noun) (\(what.englishClause))"
    }
}
