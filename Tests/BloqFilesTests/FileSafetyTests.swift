import BloqGame
import BloqTestSupport
import Foundation
import Testing

@testable import BloqFiles

@Suite("Reading files and folders safely")
struct FileSafetyTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    func folder() throws -> String { try scratch.newFolder("bloq-files") }

    @Test("only regular files are read: a FIFO, a device, a folder, a loop and a missing file each say what they are")
    func kinds() throws {
        let path = try folder()
        #expect(mkfifo(path + "/fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: path + "/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: path + "/dangling", withDestinationPath: "nowhere")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path + "/file"))
        #expect(RegularFile.read(path + "/fifo", limit: 10) == .failure(.notRegular("a named pipe")))
        #expect(RegularFile.read("/dev/zero", limit: 10) == .failure(.notRegular("a character device")))
        #expect(RegularFile.read(path, limit: 10) == .failure(.isFolder))
        #expect(RegularFile.read(path + "/loop", limit: 10) == .failure(.symlinkLoop))
        #expect(RegularFile.read(path + "/dangling", limit: 10) == .failure(.brokenLink))
        #expect(RegularFile.read(path + "/none", limit: 10) == .failure(.missing))
        #expect(RegularFile.read(path + "/file", limit: 10) == .success(Array("hello".utf8)))
        #expect(RegularFile.read(path + "/file", limit: 4) == .failure(.tooLarge(size: 5)))
        #expect(RegularFile.Failure.notRegular("").message(noun: "level file") == "not a regular file")
        #expect(RegularFile.Failure.notRegular("a socket").reason(noun: "level file") == "it is not a regular file but a socket")
        #expect(RegularFile.Failure.isFolder.message(noun: "level file") == "is a folder, not a level file")
        #expect(RegularFile.Failure.symlinkLoop.message(noun: "level file") == "too many levels of symbolic links")
    }

    /// helper-47 linked the data folder to a disk not mounted: saving said "cannot make the
    /// folder: File exists", and at quit, to free some space on that disk.
    @Test("a data folder that is a link to nothing says so, and how to fix it")
    func danglingFolder() throws {
        let root = try folder()
        try FileManager.default.createSymbolicLink(atPath: root + "/bloq", withDestinationPath: root + "/usb/bloq")
        #expect(throws: SystemError.self) { try FileSystem.createFolders(root + "/bloq") }
        do {
            try FileSystem.createFolders(root + "/bloq/levels")
            Issue.record("made a folder through a link to nothing")
        } catch {
            #expect(
                error.reason
                    == "it is a symbolic link to \(root)/usb/bloq, which leads nowhere (a disk not mounted?); mount or make \(root)/usb/bloq, or remove the link"
            )
        }
        let store = ProgressStore(folder: root + "/bloq")
        do {
            try store.save(PlayerProgress())
            Issue.record("saved through a link to nothing")
        } catch let error as ProgressStore.SaveError {
            #expect(error.saysFix && error.description.contains("which leads nowhere"))
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/usb"), "nothing made where the link leads")
    }

    @Test("a level that is a folder or a link loop gets its own message at 1:1")
    func levelMessages() throws {
        let path = try folder()
        try FileManager.default.createDirectory(atPath: path + "/x.bloq", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path + "/loop.bloq", withDestinationPath: "loop.bloq")
        #expect(
            LevelFiles.load(path: path + "/x.bloq").result.failureDescription == "\(path)/x.bloq:1:1: error: is a folder, not a level file")
        #expect(
            LevelFiles.load(path: path + "/loop.bloq").result.failureDescription
                == "\(path)/loop.bloq:1:1: error: too many levels of symbolic links")
    }

    @Test("a level whose name is not UTF-8 says so (it said 'no such file'), alone and in its pack's folder")
    func nameNotUTF8() throws {
        let path = try folder()
        // "bad\xFFname.bloq": the bytes a Latin-1 name keeps.
        let raw = Array((path + "/bad").utf8) + [0xFF] + Array("name.bloq".utf8) + [0]
        let descriptor = raw.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = write(descriptor, "R . R\n. . .\n", 12)
        close(descriptor)
        let repaired = path + "/bad\u{FFFD}name.bloq"
        let expected =
            "\(repaired):1:1: error: its name is not valid UTF-8, so Bloq cannot open it: rename it (\u{FFFD} stands for the bytes that are not)"
        #expect(LevelFiles.load(path: repaired).result.failureDescription == expected)
        #expect(RegularFile.failure(ENOENT, path: repaired).isMissing, "not at the path given: exit 66, as a missing file")
        // A name that really holds U+FFFD (valid UTF-8) and is not there is missing, not "not UTF-8".
        let absent = path + "/other\u{FFFD}name.bloq"
        #expect(RegularFile.failure(ENOENT, path: absent) == .missing)
        #expect(RegularFile.absence(of: absent) == "no such file or folder")
        #expect(RegularFile.absence(of: repaired).hasPrefix("its name is not valid UTF-8"))
        let names = FileSystem.names(in: path) ?? []
        #expect(names == ["bad\u{FFFD}name.bloq"], "the folder's listing, repaired: \(names)")
    }

    @Test("a pack plays each level once, in the order of a CRLF pack file")
    func packOrder() throws {
        let path = try folder()
        for name in ["a", "b", "c"] { try Data("R.\n.R\n".utf8).write(to: URL(fileURLWithPath: "\(path)/\(name).bloq")) }
        try Data("title: T\r\norder: c.bloq\r\norder: a.bloq\r\norder: c.bloq\r\n".utf8).write(to: URL(fileURLWithPath: path + "/pack"))
        let pack = LevelFiles.loadPack(folder: path)
        #expect(pack.title == "T")
        #expect(pack.files.map { ($0.path as NSString).lastPathComponent } == ["c.bloq", "a.bloq", "b.bloq"])
        #expect(
            pack.diagnostics.map(\.description).contains {
                $0.hasSuffix("pack:4:8: error: 'c.bloq' is already in the order (line 2); name each level once")
            })
    }

    @Test("a walk follows links to folders once each, and reports unreadable and empty folders")
    func walk() throws {
        let path = try folder()
        try FileManager.default.createDirectory(atPath: path + "/real", withIntermediateDirectories: true)
        try Data("R.\n.R\n".utf8).write(to: URL(fileURLWithPath: path + "/real/a.bloq"))
        try FileManager.default.createSymbolicLink(atPath: path + "/link", withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: path + "/real/up", withDestinationPath: "..")
        let walked = try #require(LevelFiles.walk(path))
        #expect(walked.files.map(\.path) == [path + "/link/a.bloq"], "the folder is read once, by its first name in byte order")
        #expect(walked.diagnostics.map(\.severity) == [.warning], "\(walked.diagnostics)")
        let empty = path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(LevelFiles.walk(empty)?.diagnostics.map(\.description) == ["\(empty):1:1: error: no .bloq files here"])
        #expect(LevelFiles.walk(path + "/none") == nil)
    }

    @Test("settings: a bad setting is dropped and the rest kept; the sentence says how many")
    func settings() throws {
        let path = try folder()
        let store = SettingsStore(folder: path)
        try Data(#"{"sound": false, "fullscreen": "yes", "windowWidth": 99999, "windowHeight": 700}"#.utf8).write(
            to: URL(fileURLWithPath: store.path))
        let loaded = store.loadReport()
        #expect(loaded.settings.sound == false)
        #expect(loaded.settings.fullscreen == false)
        #expect(loaded.settings.windowWidth == nil)
        #expect(loaded.settings.windowHeight == 700)
        let damage = try #require(loaded.damage)
        #expect(damage.droppedRecords == 2)
        #expect(damage.sentence == "2 of your settings could not be read; the file was kept as \(damage.keptAs ?? "?").")
        #expect(store.loadReport().damage == nil, "repaired")
        // A huge settings file is not read whole; its real size is told.
        try Data().write(to: URL(fileURLWithPath: store.path))
        #expect(truncate(store.path, 1 << 30) == 0)
        #expect(store.loadReport().damage?.unreadable == "it is 1073741824 bytes, more than the 65536 bytes a settings file may be")
    }

    @Test("the title screen's notice joins what both files say, or is nil when both are sound")
    func notice() throws {
        let path = try folder()
        let folders = PlayerFolders(data: path + "/data", config: path + "/config")
        #expect(folders.open(saving: .inline).filesNotice.message == nil)
        try FileManager.default.createDirectory(atPath: path + "/data", withIntermediateDirectories: true)
        try Data(#"{"levels": {"0123456789abcdef": {"bestStars": 9, "cleared": true}}}"#.utf8).write(
            to: URL(fileURLWithPath: path + "/data/progress.json"))
        let notice = folders.open(saving: .inline).filesNotice
        #expect(notice.progress?.droppedRecords == 1)
        #expect(
            notice.message?.hasPrefix(
                "1 record in your progress could not be read; the file was kept as \(path)/data/progress.json.corrupt-") == true)
    }

    @Test("replacing a file's contents through a symbolic link keeps the link, the mode and the owner")
    func replace() throws {
        let path = try folder()
        let real = path + "/real.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: path + "/link.txt", withDestinationPath: "real.txt")
        try FileReplacement.replaceContents(of: path + "/link.txt", with: Array("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/link.txt") == "real.txt")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new")
        var status = stat()
        stat(real, &status)
        #expect(status.st_mode & 0o7777 == 0o640)
    }
}

extension Result where Failure == LevelLoadError {
    var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
