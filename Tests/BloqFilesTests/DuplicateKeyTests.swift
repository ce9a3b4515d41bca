import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// A progress file that gives a key twice (a line-based merge by git or a sync
/// tool, a hand edit) loses nothing: every copy is read and merged, the best record wins,
/// the player is told, and neither the file nor its `.prev` loses a clear afterwards.
@Suite("Keys given twice in progress.json are merged")
struct DuplicateKeyTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    let a = "00000000000000d1"
    let b = "00000000000000d2"
    let c = "00000000000000d3"

    /// A store over a folder holding `text` as progress.json.
    func store(_ text: String) throws -> (ProgressStore, String) {
        let folder = try scratch.newFolder("bloq-duplicates")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/progress.json"))
        return (ProgressStore(folder: folder), folder)
    }

    func decodeFile(_ path: String) throws -> PlayerProgress {
        try soundProgress(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("a \"levels\" object given twice: every clear of both copies is kept, said once, the file kept aside; .prev keeps them too")
    func levelsTwice() throws {
        // 100 clears in the second copy, as in the issue: the first copy alone would drop them.
        let many = (0..<100).map { String(format: "\"%016x\":{\"bestStars\":1,\"cleared\":true}", 0xE000 + $0) }
        let text = """
            {"version":1,
            "levels":{
            "\(a)":{"bestStars":1,"cleared":true}
            },
            "unfinished":{},
            "levels":{
            \(many.joined(separator: ",\n"))
            }
            }
            """
        let (store, folder) = try store(text)
        let loaded = store.loadReport()
        #expect(loaded.progress.levels.count == 101)
        let allCleared = loaded.progress.levels.values.allSatisfy { $0.cleared }
        #expect(allCleared)
        let damage = try #require(loaded.damage)
        #expect(damage.droppedRecords == 0)
        #expect(damage.mergedDuplicates == 1)
        #expect(damage.sentence.hasPrefix("1 record in your progress file was given more than once"), "\(damage.sentence)")
        #expect(damage.sentence.contains("keeping the best of each"))
        let kept = try #require(damage.keptAs)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: kept)), as: UTF8.self) == text, "the file is kept whole")
        #expect(try decodeFile(folder + "/progress.json").levels.count == 101, "replaced by the merged progress")
        // Two saves later neither the file nor the previous save has lost a clear.
        var progress = loaded.progress
        progress.recordClear(level: b, stars: 2, moves: 3, time: 4, at: 10)
        try store.save(progress)
        progress.recordClear(level: c, stars: 2, moves: 3, time: 4, at: 11)
        try store.save(progress)
        #expect(try decodeFile(folder + "/progress.json").levels.count == 103)
        #expect(try decodeFile(folder + "/progress.json.prev").levels.count == 102)
        #expect(ProgressStore(folder: folder).loadReport().damage == nil, "repaired once")
    }

    @Test("a level given twice inside \"levels\": cleared stays cleared, most stars, fewest moves, shortest time, latest clear")
    func levelTwice() throws {
        let text = """
            {"version":1,
            "levels":{
            "\(a)":{"bestMoves":12,"bestStars":3,"bestTime":40,"cleared":true,"clearedAt":100},
            "\(a)":{"bestMoves":9,"bestStars":2,"bestTime":55,"cleared":false,"clearedAt":200}
            },
            "unfinished":{}
            }
            """
        let (store, _) = try store(text)
        let loaded = store.loadReport()
        #expect(
            loaded.progress.levels[a] == LevelRecord(bestStars: 3, bestMoves: 9, bestTime: 40, cleared: true, clearedAt: 200))
        #expect(loaded.damage?.mergedDuplicates == 1)
        #expect(loaded.warnings.contains { $0.contains("levels \(a): given 2 times; merged, the best of each kept") }, "\(loaded.warnings)")
    }

    @Test("daily records given twice: every day either copy cleared counts, so the streak is the union's; a day twice keeps its best")
    func dailyTwice() throws {
        let text = """
            {"version":1,
            "levels":{},
            "unfinished":{},
            "daily":{
            "2026-03-12":{"bestMoves":8,"bestStars":2,"cleared":true,"clearedAt":1},
            "2026-03-13":{"bestMoves":9,"bestStars":1,"cleared":true,"clearedAt":2}
            },
            "daily":{
            "2026-03-13":{"bestMoves":7,"bestStars":3,"cleared":true,"clearedAt":3},
            "2026-03-14":{"bestMoves":7,"bestStars":3,"cleared":true,"clearedAt":4}
            }
            }
            """
        let (store, _) = try store(text)
        let loaded = store.loadReport()
        let today = try #require(DailyDate("2026-03-14"))
        #expect(loaded.progress.dailyStreak(asOf: today) == 3, "the streak counts the days of both copies")
        #expect(loaded.progress.longestDailyStreak == 3)
        #expect(loaded.progress.daily["2026-03-13"]?.bestStars == 3 && loaded.progress.daily["2026-03-13"]?.bestMoves == 7)
        #expect(loaded.damage?.mergedDuplicates == 2, "the section, and the day in both")
    }

    @Test("a scalar given twice: in a record the best value wins whichever copy comes first; version twice reads as one")
    func scalarsTwice() throws {
        let text = """
            {"version":1,"version":1,
            "levels":{
            "\(a)":{"cleared":false,"bestStars":3,"cleared":true,"bestStars":1},
            "\(b)":{"bestMoves":4,"bestStars":2,"cleared":true,"bestMoves":11}
            },
            "unfinished":{},
            "discarded":{"\(c)":50,"\(c)":70}
            }
            """
        let (store, _) = try store(text)
        let loaded = store.loadReport()
        #expect(loaded.progress.levels[a]?.cleared == true, "cleared stays cleared")
        #expect(loaded.progress.levels[a]?.bestStars == 3)
        #expect(loaded.progress.levels[b]?.bestMoves == 4)
        #expect(loaded.progress.discarded[c] == 70, "the later give-up")
        let damage = try #require(loaded.damage)
        #expect(damage.foreignVersion == nil && damage.versionProblem == nil && damage.droppedRecords == 0)
        #expect(damage.mergedDuplicates == 4, "\(damage.details)")
    }

    @Test("an unfinished line given twice: the newer one (by savedAt) is kept, and a clear saved after both ends it")
    func unfinishedTwice() throws {
        func line(_ moves: Int, at: Double) -> String {
            let log = (0..<moves).map { _ in "{\"direction\":\"up\",\"from\":{\"column\":0,\"row\":1}}" }.joined(separator: ",")
            return "{\"log\":[\(log)],\"playTime\":\(moves),\"savedAt\":\(at),\"usedHint\":false}"
        }
        let text = """
            {"version":1,
            "levels":{"\(b)":{"bestStars":1,"cleared":true,"clearedAt":500}},
            "unfinished":{
            "\(a)":\(line(2, at: 300)),
            "\(a)":\(line(5, at: 200)),
            "\(b)":\(line(1, at: 100)),
            "\(b)":\(line(3, at: 400))
            }
            }
            """
        let (store, _) = try store(text)
        let loaded = store.loadReport()
        #expect(loaded.progress.unfinished[a]?.log.count == 2, "the newer line, saved at 300")
        #expect(loaded.progress.unfinished[b] == nil, "both lines of b predate its clear")
        #expect(loaded.damage?.mergedDuplicates == 2)
    }

    @Test("a damaged file's record lines with a key given twice are merged too")
    func damagedLines() throws {
        let text = """
            {"version":1,
            "levels":{
            "\(a)":{"bestStars":1,"cleared":false,"cleared":true},
            "\(b)":{"bestStars":2,"cleared":true}\u{1}
            },
            "unfinished":{}
            }
            """
        let (store, _) = try store(text)
        let loaded = store.loadReport()
        #expect(loaded.progress.levels[a]?.cleared == true)
        #expect(loaded.damage?.mergedDuplicates == 1)
    }

    @Test("a hostile file (one key given 50,000 times) is merged within its budget, the clear among the copies kept")
    func hostile() throws {
        let copies = Array(repeating: "\"cleared\":false", count: 50_000).joined(separator: ",")
        let text = "{\"version\":1,\"levels\":{\"\(a)\":{\"bestStars\":1,\(copies),\"cleared\":true}},\"unfinished\":{}}\n"
        let (store, _) = try store(text)
        // Bounded by ProgressFile.duplicateBudget, not timed here (docs/testing.md).
        let loaded = store.loadReport()
        #expect(loaded.progress.levels[a]?.cleared == true)
        #expect(loaded.damage?.mergedDuplicates == 1)
    }

    @Test("a sound file without duplicates reads as before: sound, no damage, not rewritten")
    func noDuplicates() throws {
        let text = "{\"version\":1,\n\"levels\":{\n\"\(a)\":{\"bestStars\":1,\"cleared\":true}\n},\n\"unfinished\":{}\n}\n"
        let (store, folder) = try store(text)
        let loaded = store.loadReport()
        #expect(loaded.damage == nil)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/progress.json")), as: UTF8.self) == text)
    }
}
