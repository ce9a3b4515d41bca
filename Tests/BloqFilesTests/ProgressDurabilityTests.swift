import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Nothing the player did is lost to a lock, a file that cannot be read, a
/// symbolic link or damage to a neighbouring record.
@Suite("Progress is never lost")
struct ProgressDurabilityTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    let ids = ["000000000000000a", "000000000000000b", "000000000000000c"]

    func folder() throws -> String { try scratch.newFolder("bloq-durable") }

    func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// Three cleared levels, saved once (no previous save beside it).
    func threeClears(in path: String) throws -> PlayerProgress {
        var progress = PlayerProgress()
        for (index, id) in ids.enumerated() {
            progress.recordClear(level: id, stars: index + 1, moves: 10 + index, time: 5, at: Double(100 + index))
        }
        try ProgressStore(folder: path).save(progress)
        return progress
    }

    @Test("the file holds one record a line and is still one JSON object an older Bloq reads whole")
    func layout() throws {
        let path = try folder()
        var progress = try threeClears(in: path)
        progress.setUnfinished(
            level: "000000000000000d", UnfinishedLine(log: [Move(row: 1, column: 2, direction: .up)], playTime: 2, usedHint: false), at: 200
        )
        progress.setUnfinished(level: "000000000000000e", nil, at: 210)
        progress.recordDailyClear(
            day: try #require(DailyDate("2026-03-14")), level: "00000000000000da", stars: 3, moves: 4, time: 9, at: 220)
        try ProgressStore(folder: path).save(progress)
        let written = text(path + "/progress.json")
        let lines = written.split(separator: "\n")
        for id in ids + ["000000000000000d", "000000000000000e", "2026-03-14"] {
            #expect(lines.filter { $0.contains(id) }.count == 1, "\(id) on a line of its own: \(written)")
        }
        // What an older Bloq does: decode the whole text at once.
        let whole = try soundProgress(Data(written.utf8))
        #expect(whole == progress)
        #expect(ProgressStore(folder: path).loadReport().progress == progress)
    }

    @Test("one bad byte in one record of three keeps the other two, and the damaged file is kept aside")
    func oneDamagedRecord() throws {
        let path = try folder()
        let progress = try threeClears(in: path)
        let file = path + "/progress.json"
        let original = text(file)
        // A stray byte inside the second record: the whole text is no longer JSON.
        let damaged = original.replacingOccurrences(of: "\"\(ids[1])\":{\"bestMoves\"", with: "\"\(ids[1])\":{\"bestMoves\u{1}\"")
        #expect(damaged != original)
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: file))
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress.levels.keys.sorted() == [ids[0], ids[2]])
        #expect(loaded.progress.levels[ids[0]] == progress.levels[ids[0]])
        #expect(loaded.progress.levels[ids[2]] == progress.levels[ids[2]])
        let damage = try #require(loaded.damage)
        #expect(damage.droppedRecords == 1)
        let kept = try #require(damage.keptAs)
        #expect(text(kept) == damaged, "the damaged file is kept whole")
        #expect(damage.sentence == "1 record in your progress could not be read; the file was kept as \(kept).")
        // Repaired once: the next load is clean.
        let again = ProgressStore(folder: path).loadReport()
        #expect(again.damage == nil)
        #expect(again.progress.levels.count == 2)
    }

    @Test("a damaged record comes back from the previous save when it holds it")
    func damagedRecordFromPrevious() throws {
        let path = try folder()
        var progress = try threeClears(in: path)
        progress.recordClear(level: "000000000000000f", stars: 1, moves: 30, time: 1, at: 300)
        try ProgressStore(folder: path).save(progress)  // the three are in .prev now
        let file = path + "/progress.json"
        let damaged = text(file).replacingOccurrences(of: "\"\(ids[1])\":{", with: "\"\(ids[1])\":{]")
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: file))
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress == progress, "the previous save held the damaged record")
        #expect(loaded.damage?.droppedRecords == 1)
    }

    @Test("a file cut short keeps every record before the cut")
    func truncated() throws {
        let path = try folder()
        _ = try threeClears(in: path)
        let file = path + "/progress.json"
        let original = text(file)
        let cut = original.range(of: "\"\(ids[2])\"").map { String(original[..<$0.lowerBound]) + "\"\(ids[2])\":{\"best" } ?? ""
        try Data(cut.utf8).write(to: URL(fileURLWithPath: file))
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress.levels.keys.sorted() == [ids[0], ids[1]])
        #expect(loaded.damage?.droppedRecords == 1)
    }

    @Test("a file of the old layout (the whole object on one line) is read as before")
    func oldLayout() throws {
        let path = try folder()
        let old =
            "{\"levels\":{\"\(ids[0])\":{\"bestMoves\":9,\"bestStars\":3,\"bestTime\":40,\"cleared\":true}},"
            + "\"unfinished\":{\"\(ids[1])\":{\"log\":[{\"direction\":\"left\",\"from\":{\"column\":2,\"row\":1}}],\"playTime\":3.5,\"usedHint\":true}},"
            + "\"version\":1}"
        try Data(old.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.damage == nil)
        #expect(loaded.progress.levels[ids[0]] == LevelRecord(bestStars: 3, bestMoves: 9, bestTime: 40, cleared: true))
        #expect(loaded.progress.unfinished[ids[1]]?.log == [Move(row: 1, column: 2, direction: .left)])
        // Saved again in the new layout, it holds the same.
        try ProgressStore(folder: path).save(PlayerProgress())
        #expect(ProgressStore(folder: path).loadReport().progress == loaded.progress)
        #expect(text(path + "/progress.json").split(separator: "\n").count > 3)
    }

    @Test("a nonsense version is damage, not a newer Bloq; a plausible later version is newer")
    func versions() throws {
        let path = try folder()
        for version in ["-1", "0", "1.5", "\"two\"", "99999"] {
            let file = "{\"version\": \(version), \"levels\": {\"\(ids[0])\": {\"bestStars\": 3, \"cleared\": true}}, \"unfinished\": {}}"
            try Data(file.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
            let loaded = ProgressStore(folder: path).loadReport()
            #expect(loaded.progress.levels[ids[0]]?.bestStars == 3, "version \(version): the records are read")
            let damage = try #require(loaded.damage, "version \(version)")
            #expect(damage.foreignVersion == nil, "version \(version)")
            #expect(damage.versionProblem != nil, "version \(version)")
            let said = ["-1": "its version is -1, which no Bloq writes", "0": "its version is 0, which no Bloq writes"][version]
            if let said { #expect(damage.sentence.contains("(\(said))") && damage.standardErrorSentence.contains(said)) }
            #expect(!damage.sentence.contains("newer"), "version \(version): \(damage.sentence)")
            #expect(damage.sentence.hasPrefix("Your progress file is damaged (its version"), "\(damage.sentence)")
        }
        let later = "{\"version\": 2, \"levels\": {}, \"unfinished\": {}}"
        try Data(later.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        #expect(ProgressStore(folder: path).loadReport().damage?.foreignVersion == 2)
    }

    @Test("a save while another holds the lock goes into the journal, and is merged when the lock is free")
    func lockedSave() throws {
        let path = try folder()
        _ = try threeClears(in: path)
        let before = text(path + "/progress.json")
        let holder = open(path + "/progress.json.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        var progress = PlayerProgress()
        progress.recordClear(level: "000000000000000f", stars: 2, moves: 3, time: 4, at: 500)
        let store = ProgressStore(folder: path)
        let saved = try store.save(progress)
        let journaled = try #require(saved.journaled)
        #expect(journaled.reason.hasPrefix("another copy of Bloq held"))
        #expect(text(path + "/progress.json") == before, "the locked file is not written")
        #expect(FileManager.default.fileExists(atPath: journaled.path))
        #expect(store.hasJournal)
        #expect(!store.mergeJournal(), "still locked")
        flock(holder, LOCK_UN)
        // The next copy that takes the lock merges it (this one would too, in the background).
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress.levels["000000000000000f"]?.bestStars == 2)
        #expect(loaded.progress.levels.count == 4)
        let onDisk = try soundProgress(Data(text(path + "/progress.json").utf8))
        #expect(onDisk.levels["000000000000000f"]?.cleared == true, "merged into progress.json itself")
        #expect(!names(path).contains { $0.contains(".journal-") }, "\(names(path))")
    }

    @Test("a save while another copy holds the lock waits, off the caller's thread, and goes into progress.json itself once it is free")
    func serviceWaitsForLock() throws {
        let path = try folder()
        let holder = open(path + "/progress.json.lock", O_RDWR | O_CREAT, 0o644)
        #expect(flock(holder, LOCK_EX) == 0)
        var progress = PlayerProgress()
        progress.recordClear(level: ids[0], stars: 3, moves: 1, time: 1, at: 1)
        let saves = SaveService(store: ProgressStore(folder: path))
        saves.save(progress, .now)
        #expect(saves.isPending, "nothing could be written yet")
        close(holder)
        // Within a few of its half-second tries (bounded generously: this is not a timing test).
        var saved = false
        for _ in 0..<400 where !saved {
            usleep(25_000)
            saved = saves.takeEvents().contains { if case .saved = $0 { true } else { false } }
        }
        #expect(saved && !saves.isPending)
        let onDisk = try soundProgress(Data(text(path + "/progress.json").utf8))
        #expect(onDisk.levels[ids[0]]?.bestStars == 3)
        #expect(!names(path).contains { $0.contains(".journal-") }, "nothing kept beside it: \(names(path))")
        #expect(saves.finish().isEmpty)
    }

    @Test("a file that cannot be read (a link loop, which root cannot read either) is left as it is; saves go beside it")
    func inaccessible() throws {
        let path = try folder()
        let file = path + "/progress.json"
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "progress.json")
        let store = ProgressStore(folder: path)
        let loaded = store.loadReport()
        let damage = try #require(loaded.damage)
        #expect(damage.cannotRead == "too many levels of symbolic links")
        #expect(damage.keptAs == nil)
        #expect(damage.sentence.contains("it was left as it is"), "\(damage.sentence)")
        var progress = loaded.progress
        progress.recordClear(level: ids[0], stars: 1, moves: 1, time: 1, at: 1)
        let saved = try store.save(progress)
        #expect(saved.journaled?.reason == "it cannot be read (too many levels of symbolic links)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) == "progress.json", "untouched")
        #expect(!names(path).contains { $0.contains("corrupt") }, "nothing moved aside: \(names(path))")
        // Once it can be read, the journal goes into it.
        try FileManager.default.removeItem(atPath: file)
        try ProgressStore(folder: path).save(PlayerProgress())
        #expect(ProgressStore(folder: path).loadReport().progress.levels[ids[0]]?.cleared == true)
        #expect(!store.hasJournal)
    }

    @Test("a symlinked progress.json is written through: the link stays, its target holds the clear and the previous save")
    func symlinked() throws {
        let path = try folder()
        try FileManager.default.createDirectory(atPath: path + "/sync", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/data", withIntermediateDirectories: true)
        let link = path + "/data/progress.json"
        // A progress file to link to (a link to nothing is left alone: ForeignLinkTests).
        try Data("{\"version\":1,\"levels\":{},\"unfinished\":{}}\n".utf8).write(
            to: URL(fileURLWithPath: path + "/sync/bloq-progress.json"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../sync/bloq-progress.json")
        let store = ProgressStore(folder: path + "/data")
        var progress = PlayerProgress()
        progress.recordClear(level: ids[0], stars: 3, moves: 1, time: 1, at: 1)
        try store.save(progress)
        progress.recordClear(level: ids[1], stars: 2, moves: 1, time: 1, at: 2)
        try store.save(progress)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../sync/bloq-progress.json")
        let target = try soundProgress(Data(text(path + "/sync/bloq-progress.json").utf8))
        #expect(target.levels[ids[1]]?.cleared == true)
        let previous = try soundProgress(Data(text(path + "/sync/bloq-progress.json.prev").utf8))
        #expect(previous.levels.keys.sorted() == [ids[0]])
        #expect(ProgressStore(folder: path + "/data").loadReport().progress == progress)
    }

    /// Seen by helper-47: a second copy of the game, quitting with nothing changed but its
    /// window, wrote its whole settings as it had loaded them, undoing the first copy's.
    @Test("settings: two copies at once each write what they changed, not what they loaded")
    func twoCopiesSettings() throws {
        let path = try folder()
        let first = SettingsStore(folder: path)
        let second = SettingsStore(folder: path)
        var mine = first.loadReport().settings
        var theirs = second.loadReport().settings
        mine.colorBlindSymbols = true
        mine.sound = false
        try first.save(mine)
        theirs.windowWidth = 820
        theirs.windowHeight = 620
        let written = try second.save(theirs)
        #expect(written.colorBlindSymbols && !written.sound && written.windowWidth == 820 && written.windowHeight == 620)
        let again = SettingsStore(folder: path).loadReport().settings
        #expect(again.colorBlindSymbols && !again.sound && again.windowWidth == 820, "\(again)")
        // The first copy's next change keeps the second's window.
        mine.contrast = .high
        let last = try first.save(mine)
        #expect(last.contrast == .high && last.windowWidth == 820 && last.colorBlindSymbols)
        // The second copy saves again (its theme), then quits (its window again): what the
        // first changed stays, though the second never saw it (helper-48).
        theirs.theme = .light
        try second.save(theirs)
        theirs.windowWidth = 900
        let quit = try second.save(theirs)
        #expect(quit.colorBlindSymbols && !quit.sound && quit.contrast == .high && quit.theme == .light && quit.windowWidth == 900)
    }

    /// helper-47 cut settings.json short in its last line: every setting went back to its
    /// default, high contrast and reduced motion among them.
    @Test("settings: a file cut short keeps every setting on the lines that still read")
    func settingsCutShort() throws {
        let path = try folder()
        let text = """
            {
              "colorBlindSymbols": true,
              "contrast": "high",
              "language": "de",
              "motion": "reduced",
              "sound": false,
              "theme": "li
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/settings.json"))
        let loaded = SettingsStore(folder: path).loadReport()
        let settings = loaded.settings
        #expect(settings.colorBlindSymbols && settings.contrast == .high && settings.language == "de")
        #expect(settings.motion == .reduced && !settings.sound && settings.theme == Settings().theme)
        #expect(loaded.damage?.details.first?.hasSuffix("line 7: damaged; the settings on the other lines were kept") == true)
        #expect(loaded.damage?.keptAs != nil, "the damaged file is kept aside")
        #expect(SettingsStore(folder: path).loadReport().damage == nil, "and replaced by what could be read")
        // Nothing that reads as a setting: not settings at all, as before.
        try Data("my notes\nabout things\n".utf8).write(to: URL(fileURLWithPath: path + "/settings.json"))
        #expect(SettingsStore(folder: path).loadReport().damage?.unreadable?.english.contains("not valid settings JSON") == true)
    }

    @Test("settings: a symbolic link stays a link; a file that cannot be read is not written over")
    func settingsFile() throws {
        let path = try folder()
        try FileManager.default.createDirectory(atPath: path + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/config", withIntermediateDirectories: true)
        let link = path + "/config/settings.json"
        try Data("{\"sound\": false}".utf8).write(to: URL(fileURLWithPath: path + "/dotfiles/settings.json"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path + "/dotfiles/settings.json")
        let store = SettingsStore(folder: path + "/config")
        var settings = store.loadReport().settings
        #expect(settings.sound == false)
        settings.reducedMotion = true
        try store.save(settings)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == path + "/dotfiles/settings.json")
        let target = try SettingsStore.decode([UInt8](Data(text(path + "/dotfiles/settings.json").utf8))).get().settings
        #expect(target.reducedMotion && !target.sound)
        // A loop cannot be read: the defaults are used, it is left alone, and saving refuses.
        let loop = path + "/loop"
        try FileManager.default.createDirectory(atPath: loop, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: loop + "/settings.json", withDestinationPath: "settings.json")
        let looped = SettingsStore(folder: loop)
        let loaded = looped.loadReport()
        #expect(loaded.damage?.cannotRead == "too many levels of symbolic links")
        #expect(loaded.damage?.sentence.contains("the defaults are used") == true)
        #expect(throws: SettingsStore.SaveError.self) { try looped.save(Settings()) }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: loop + "/settings.json")) == "settings.json")
        // Readable again: the player's change goes over what it holds, the rest stays.
        try FileManager.default.removeItem(atPath: loop + "/settings.json")
        try Data("{\"sound\": false, \"windowWidth\": 1000}".utf8).write(to: URL(fileURLWithPath: loop + "/settings.json"))
        var changed = loaded.settings
        changed.colorBlindSymbols = true
        let written = try looped.save(changed)
        #expect(written.colorBlindSymbols && !written.sound && written.windowWidth == 1000)
    }
}

@Suite("Saves leave the frame: coalesced, written off the calling thread, flushed at the end")
struct SaveServiceTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    let level = "00000000000000a1"

    func line(_ moves: Int) -> UnfinishedLine {
        UnfinishedLine(log: (0..<moves).map { Move(row: $0 % 4, column: 0, direction: .right) }, playTime: Double(moves), usedHint: false)
    }

    /// The progress after `moves` moves, as the shell holds it after each committed move.
    func progress(_ moves: Int, stamp: Double) -> PlayerProgress {
        var progress = PlayerProgress()
        progress.setUnfinished(level: level, line(moves), at: stamp)
        return progress
    }

    @Test("after finish() the file on disk holds the last line handed in; the next start reads it")
    func flushed() throws {
        let path = try scratch.newFolder("bloq-line")
        let saves = SaveService(store: ProgressStore(folder: path))
        for moves in 1...50 { saves.save(progress(moves, stamp: Double(moves)), .soon) }
        #expect(saves.finish().isEmpty)
        #expect(!saves.isPending)
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress.unfinished[level]?.log.count == 50)
        #expect(loaded.damage == nil)
    }

    @Test("without finish() the line reaches the disk by itself, in few writes for many moves")
    func bySelf() throws {
        let path = try scratch.newFolder("bloq-line")
        let saves = SaveService(store: ProgressStore(folder: path))
        for moves in 1...20 { saves.save(progress(moves, stamp: Double(moves)), .soon) }
        var events: [SaveEvent] = []
        for _ in 0..<400 where saves.isPending || events.isEmpty {
            usleep(20_000)
            events += saves.takeEvents()
        }
        #expect(!saves.isPending)
        let writes = events.filter { if case .saved = $0 { true } else { false } }.count
        #expect((1...2).contains(writes), "20 moves gathered into \(writes) writes")
        #expect(ProgressStore(folder: path).loadReport().progress.unfinished[level]?.log.count == 20)
        #expect(!names(path).contains { $0.contains(".journal-") }, "\(names(path))")
    }

    func names(_ path: String) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }

    @Test("stamped lines: a clear or a give-up recorded after a line ends it when copies meet; a line started again after them stays")
    func stampedOrder() throws {
        let path = try scratch.newFolder("bloq-line")
        let saves = SaveService(store: ProgressStore(folder: path), mode: .inline)
        var mine = PlayerProgress()
        mine.setUnfinished(level: level, line(3), at: 1000)
        saves.save(mine, .soon)
        #expect(ProgressStore(folder: path).loadReport().progress.unfinished[level]?.log.count == 3)
        // Given up (left with no moves) later: the file's older line ends.
        mine.setUnfinished(level: level, nil, at: 1001)
        saves.save(mine, .now)
        #expect(ProgressStore(folder: path).loadReport().progress.unfinished[level] == nil)
        // Another copy that still holds the old line saves it: it stays ended.
        var other = PlayerProgress()
        other.setUnfinished(level: level, line(3), at: 1000)
        saves.save(other, .now)
        #expect(ProgressStore(folder: path).loadReport().progress.unfinished[level] == nil)
        mine.setUnfinished(level: level, line(1), at: 1002)
        saves.save(mine, .soon)
        #expect(ProgressStore(folder: path).loadReport().progress.unfinished[level]?.log.count == 1, "started again")
        mine.recordClear(level: level, stars: 3, moves: 1, time: 2, at: 1003)
        saves.save(mine, .now)
        let final = ProgressStore(folder: path).loadReport().progress
        #expect(final.unfinished[level] == nil)
        #expect(final.levels[level]?.cleared == true)
        #expect(saves.finish().isEmpty)
    }
}
