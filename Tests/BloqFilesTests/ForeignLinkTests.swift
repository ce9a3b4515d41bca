import BloqFiles
import BloqGame
import BloqTestSupport
import Dispatch
import Foundation
import Testing

/// A file the game writes that someone made a symbolic link is followed and never
/// replaced, and what it leads to is written only when it is a regular file of the game's
/// own; anything else is left exactly as it is, the player is told, and nothing is lost.
@Suite("Links to what is not the game's are left alone")
struct ForeignLinkTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    let id = "00000000000000c1"

    /// What a path is, to compare before and after: its kind, inode, mode and bytes (a
    /// folder's names; a FIFO's or device's nothing, they are never read).
    struct Snapshot: Equatable {
        var type: mode_t
        var inode: ino_t
        var mode: mode_t
        var contents: [String]

        init(_ path: String) {
            var status = stat()
            lstat(path, &status)
            type = status.st_mode & S_IFMT
            inode = status.st_ino
            mode = status.st_mode
            switch type {
            case S_IFREG: contents = [String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)]
            case S_IFDIR: contents = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            default: contents = []
            }
        }
    }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// Runs `body` on another thread and fails (instead of hanging the run) when it takes
    /// more than `seconds`: a FIFO opened for reading with no writer blocks for ever.
    func withinSeconds<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        Thread.detachNewThread {
            result = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result
    }

    /// Loads and saves a clear through `data/progress.json`, a link to `target`, and checks
    /// that the link and the target are as they were, nothing was moved aside or made beside
    /// either, the load said what the link leads to, and the clear is in the journal (the
    /// next load has it).
    /// The progress in `data` loaded, then saved with a clear of level c1 added (nil when
    /// that hung: a FIFO opened for reading with no writer blocks).
    func loadAndClear(_ data: String) -> (ProgressStore.Load, ProgressStore.Saved?)? {
        let store = ProgressStore(folder: data)
        return withinSeconds(30) { () -> (ProgressStore.Load, ProgressStore.Saved?) in
            let loaded = store.loadReport()
            var progress = loaded.progress
            progress.recordClear(level: "00000000000000c1", stars: 3, moves: 4, time: 5, at: 100)
            return (loaded, try? store.save(progress))
        }
    }

    func checkLeftAlone(data: String, target: String, what: LinkedPath.Foreign) throws {
        let link = data + "/progress.json"
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        let before = Snapshot(target)
        let targetFolder = (target as NSString).deletingLastPathComponent
        let besideTarget = names(targetFolder)
        let (loaded, saved) = try #require(loadAndClear(data), "loading and saving returned (no hang)")
        let damage = try #require(loaded.damage)
        #expect(damage.foreignLink?.what == what, "\(damage)")
        #expect(damage.keptAs == nil)
        #expect(damage.sentence.contains("is a symbolic link to"), "\(damage.sentence)")
        #expect(damage.sentence.contains("both were left as they are"), "\(damage.sentence)")
        #expect(damage.sentence.contains("remove the link"), "how to fix it: \(damage.sentence)")
        #expect(saved?.journaled?.reason.contains("is a symbolic link to") == true, "\(String(describing: saved))")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == destination, "still the same link")
        #expect(Snapshot(target) == before, "what the link leads to is untouched")
        #expect(names(targetFolder) == besideTarget, "nothing made or moved beside the target")
        #expect(!names(data).contains { $0.contains("corrupt") || $0.hasSuffix(".prev") }, "\(names(data))")
        // Nothing lost: the journal beside the link holds the clear for the next start.
        let again = try #require(withinSeconds(30) { ProgressStore(folder: data).loadReport() })
        #expect(again.progress.levels[id]?.cleared == true)
        #expect(Snapshot(target) == before)
    }

    @Test("a link to a folder: the folder is not renamed, nothing is written into it")
    func folder() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Documents", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/Documents/letter.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: "../Documents")
        try checkLeftAlone(data: root + "/data", target: root + "/Documents", what: .folder)
    }

    @Test("a folder or a FIFO at progress.json itself: left where it is, never moved aside; the player told to move it; nothing lost")
    func notAFile() throws {
        for make in ["folder", "fifo"] {
            let data = try scratch.newFolder("bloq-data")
            let path = data + "/progress.json"
            if make == "folder" {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                try Data("mine".utf8).write(to: URL(fileURLWithPath: path + "/letter.txt"))
            } else {
                #expect(mkfifo(path, 0o644) == 0)
            }
            let before = Snapshot(path)
            let (loaded, saved) = try #require(loadAndClear(data), "\(make): loading and saving returned (no hang)")
            let damage = try #require(loaded.damage)
            #expect(damage.keptAs == nil, "\(make): \(damage)")
            #expect(damage.sentence.contains("it was left as it is") && damage.sentence.contains("move it away"), "\(damage.sentence)")
            #expect(saved?.journaled != nil, "\(make): kept beside it: \(String(describing: saved))")
            #expect(Snapshot(path) == before, "\(make): left where it is, as it is")
            #expect(!names(data).contains { $0.contains("corrupt") }, "\(names(data))")
            let again = try #require(withinSeconds(30) { ProgressStore(folder: data).loadReport() })
            #expect(again.progress.levels[id]?.cleared == true, "\(make): the clear is kept")
            #expect(Snapshot(path) == before)
        }
    }

    /// Seen by helper-47: a reading list with `"version": 2` was taken for a newer Bloq's
    /// progress, kept aside and written over through the link.
    @Test("a link to someone's text file, or to JSON that is not progress (a package.json has a version too): left as it is")
    func otherFiles() throws {
        let files = [
            ("notes.txt", "my notes\n"), ("package.json", "{\"name\": \"x\", \"version\": \"1.0.0\"}\n"),
            ("reading.json", "{\n \"version\": 2,\n \"name\": \"my reading list\",\n \"books\": [\"Dune\", \"Emma\"]\n}\n"),
            ("notes.json", "{\"my\":\"notes\",\"version\":3}"), ("empty", ""),
        ]
        for (name, text) in files {
            let root = try scratch.newFolder("bloq-link")
            try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
            chmod(root + "/" + name, 0o600)
            try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: root + "/" + name)
            try checkLeftAlone(data: root + "/data", target: root + "/" + name, what: .otherFile)
        }
    }

    @Test("a link to a FIFO: nothing blocks, and the FIFO is neither read, renamed nor replaced")
    func fifo() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: "../pipe")
        try checkLeftAlone(data: root + "/data", target: root + "/pipe", what: .fifo)
    }

    /// A character device of our own, the twin of /dev/null (1, 3), when the system lets us
    /// make one (root with CAP_MKNOD): a regression then renames a node in the scratch
    /// folder, never the real /dev/null.
    /// The device number of /dev/null (major 1, minor 3), as glibc's makedev packs it.
    static let nullDevice = dev_t(1 << 8 | 3)

    static let canMakeDevices: Bool = {
        let path = "/tmp/bloq-mknod-probe-\(getpid())"
        defer { unlink(path) }
        return mknod(path, S_IFCHR | 0o666, ForeignLinkTests.nullDevice) == 0
    }()

    @Test(
        "a link to a character device (a twin of /dev/null): the device is neither renamed nor replaced",
        .enabled(if: ForeignLinkTests.canMakeDevices, "making a device node needs root (CAP_MKNOD); the FIFO test covers the path"))
    func device() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        #expect(mknod(root + "/null", S_IFCHR | 0o666, ForeignLinkTests.nullDevice) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: root + "/null")
        try checkLeftAlone(data: root + "/data", target: root + "/null", what: .device)
        var status = stat()
        #expect(lstat(root + "/null", &status) == 0 && status.st_rdev == ForeignLinkTests.nullDevice, "the same device")
    }

    @Test("a dangling link stays dangling: no file is made where it points")
    func dangling() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: "../elsewhere/gone.json")
        try checkLeftAlone(data: root + "/data", target: root + "/elsewhere/gone.json", what: .missing)
        #expect(!FileManager.default.fileExists(atPath: root + "/elsewhere/gone.json"))
    }

    @Test("a link to a progress file is written through: the link stays, the target gets the clear, keeps its mode, its .prev beside it")
    func progressFile() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/sync", withIntermediateDirectories: true)
        var earlier = PlayerProgress()
        earlier.recordClear(level: "00000000000000c0", stars: 2, moves: 9, time: 9, at: 50)
        try ProgressStore(folder: root + "/sync").save(earlier)
        chmod(root + "/sync/progress.json", 0o600)
        try FileManager.default.createSymbolicLink(atPath: root + "/data/progress.json", withDestinationPath: "../sync/progress.json")
        let store = ProgressStore(folder: root + "/data")
        let loaded = store.loadReport()
        #expect(loaded.damage == nil)
        var progress = loaded.progress
        progress.recordClear(level: id, stars: 3, moves: 4, time: 5, at: 100)
        let saved = try store.save(progress)
        #expect(saved.journaled == nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/data/progress.json")) == "../sync/progress.json")
        let target = try soundProgress(Data(contentsOf: URL(fileURLWithPath: root + "/sync/progress.json")))
        #expect(target.levels[id]?.cleared == true && target.levels["00000000000000c0"]?.bestStars == 2)
        #expect(Snapshot(root + "/sync/progress.json").mode & 0o777 == 0o600, "the target keeps its mode")
        #expect(FileManager.default.fileExists(atPath: root + "/sync/progress.json.prev"))
        #expect(names(root + "/data").allSatisfy { $0 == "progress.json" || $0 == "progress.json.lock" }, "\(names(root + "/data"))")
    }

    @Test("a .prev that is a link: through it to a progress file; left alone, with no previous save kept, to anything else")
    func previousLinks() throws {
        let root = try scratch.newFolder("bloq-link")
        let data = root + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Documents", withIntermediateDirectories: true)
        let store = ProgressStore(folder: data)
        var progress = PlayerProgress()
        progress.recordClear(level: id, stars: 1, moves: 9, time: 9, at: 1)
        try store.save(progress)
        try FileManager.default.createSymbolicLink(atPath: data + "/progress.json.prev", withDestinationPath: "../Documents")
        let folderBefore = Snapshot(root + "/Documents")
        progress.recordClear(level: id, stars: 2, moves: 8, time: 9, at: 2)
        try store.save(progress)
        #expect(Snapshot(root + "/Documents") == folderBefore, "the folder is untouched")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: data + "/progress.json.prev")) == "../Documents")
        #expect(ProgressStore(folder: data).loadReport().progress.levels[id]?.bestStars == 2)
        // A .prev linked to a progress file is written through, the link kept.
        try FileManager.default.removeItem(atPath: data + "/progress.json.prev")
        try ProgressStore(folder: root + "/backup").save(PlayerProgress())
        try FileManager.default.createSymbolicLink(atPath: data + "/progress.json.prev", withDestinationPath: "../backup/progress.json")
        progress.recordClear(level: id, stars: 3, moves: 7, time: 9, at: 3)
        try store.save(progress)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: data + "/progress.json.prev")) == "../backup/progress.json")
        let previous = try soundProgress(Data(contentsOf: URL(fileURLWithPath: root + "/backup/progress.json")))
        #expect(previous.levels[id]?.bestStars == 2, "the save before the last one")
    }

    @Test("settings.json linked to a folder, a FIFO, someone's file or nothing: left as it is, defaults used, saves refused")
    func settings() throws {
        let root = try scratch.newFolder("bloq-link")
        try FileManager.default.createDirectory(atPath: root + "/Documents", withIntermediateDirectories: true)
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        try Data("{\"editor.theme\": \"mine\"}".utf8).write(to: URL(fileURLWithPath: root + "/other.json"))
        let cases: [(String, LinkedPath.Foreign)] = [
            ("Documents", .folder), ("pipe", .fifo), ("other.json", .otherFile), ("nothing.json", .missing),
        ]
        for (index, (target, what)) in cases.enumerated() {
            let config = root + "/config\(index)"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: config + "/settings.json", withDestinationPath: "../" + target)
            let before = Snapshot(root + "/" + target)
            let besides = names(root)
            let store = SettingsStore(folder: config)
            let loaded = try #require(withinSeconds(30) { store.loadReport() })
            #expect(loaded.settings == Settings())
            #expect(loaded.damage?.foreignLink?.what == what, "\(target)")
            #expect(loaded.damage?.sentence.contains("the defaults are used") == true)
            var changed = loaded.settings
            changed.sound = false
            #expect(throws: SettingsStore.SaveError.self) { try store.save(changed) }
            // Settings says so from the start, in the player's words (helper-64: it said "Saved in").
            #expect(store.saveProblem()?.shown == "settings.json is a link to a file that is not Bloq's; remove the link", "\(target)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: config + "/settings.json")) == "../" + target)
            #expect(Snapshot(root + "/" + target) == before, "\(target) untouched")
            #expect(names(root) == besides)
            #expect(names(config) == ["settings.json"], "nothing moved aside: \(names(config))")
        }
    }

    @Test("a journal entry that is a link is not the game's: neither read nor removed; a damaged entry is kept aside under its own name")
    func journalEntries() throws {
        let root = try scratch.newFolder("bloq-link")
        let data = root + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        let linked = data + "/progress.json.journal-1-x-save-1"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: "../notes.txt")
        let damaged = data + "/progress.json.journal-2-y-save-1"
        try Data("not progress".utf8).write(to: URL(fileURLWithPath: damaged))
        let loaded = ProgressStore(folder: data).loadReport()
        #expect(loaded.progress == PlayerProgress())
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: linked)) == "../notes.txt")
        #expect(String(decoding: FileManager.default.contents(atPath: root + "/notes.txt") ?? Data(), as: UTF8.self) == "my notes\n")
        let kept = names(data).filter { $0.contains("corrupt") }
        #expect(kept.count == 1 && kept[0].hasPrefix("progress.json.journal-2-y-save-1.corrupt-"), "\(names(data))")
    }
}

/// A clear that could not be saved ("kept in memory, saved with your next move")
/// is saved once more as the game quits, and said plainly when that fails too.
@Suite("Unsaved progress at quit")
struct UnsavedAtQuitTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    /// A data folder that cannot be made (below a regular file), as a full disk refuses a
    /// save: the store throws, the service keeps the clear pending and says so.
    func stuck() throws -> (root: String, data: String, saves: SaveService, level: PlayableLevel) {
        let root = try scratch.newFolder("bloq-quit")
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: root + "/blocker"))
        let data = root + "/blocker/data"
        let opened = PlayerFolders(data: data, config: root + "/config").open(saving: .inline)
        let board = try #require(Board(["R.R", "...", "..."]))
        let level = PlayableLevel(
            name: "t.bloq", level: try LevelParser.parse(LevelText.file(board: board, title: "t"), name: "t.bloq").get())
        var progress = opened.progress
        progress.recordClear(level: level.level.board.identity, stars: 3, moves: 1, time: 2, at: 1)
        opened.saves.save(progress, .now)
        #expect(opened.saves.isPending, "kept in memory")
        let notices = opened.saves.takeEvents().compactMap { event -> String? in
            if case .notice(let text) = event { return text }
            return nil
        }
        #expect(notices.first?.hasPrefix("Progress kept in memory, saved with your next move") == true, "\(notices)")
        // Why, in the player's words (a catalog translates them), not standard error's English
        // ("cannot save progress to …": helper-64 read it in the middle of a German sentence).
        #expect(notices.first?.hasSuffix("move: the system says: Not a directory.") == true, "\(notices)")
        // Said once: the next move fails the same way and says nothing more.
        progress.recordClear(level: level.level.board.identity, stars: 3, moves: 1, time: 1, at: 2)
        opened.saves.save(progress, .now)
        #expect(opened.saves.takeEvents().allSatisfy { if case .notice = $0 { false } else { true } })
        return (root, data, opened.saves, level)
    }

    @Test("the disk is still full at quit: finish() says plainly that the progress is lost, and why")
    func stillFull() throws {
        let (_, _, saves, _) = try stuck()
        let lines = saves.finish(timeout: 0)
        #expect(
            lines.contains { $0.hasPrefix("your progress since the last save could not be saved, so it is lost as Bloq quits: ") },
            "\(lines)")
        #expect(lines.contains { $0.contains("Free some space") }, "how to fix it: \(lines)")
    }

    @Test("the disk has room again at quit: finish() saves the clear once more, and says nothing")
    func roomAgain() throws {
        let (root, data, saves, level) = try stuck()
        try FileManager.default.removeItem(atPath: root + "/blocker")
        let lines = saves.finish(timeout: 0)
        #expect(lines.isEmpty, "\(lines)")
        let saved = ProgressStore(folder: data).loadReport().progress
        #expect(saved.levels[level.level.board.identity]?.cleared == true, "the clear is on disk")
    }
}
