import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

extension ChildProcessLane {
    @Suite("The line of play survives SIGKILL")
    struct LineOfPlayKillTests {
        static func monotonicNow() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }

        /// The save service's promise: a committed move is on disk within a second. A speed
        /// goal, so checked only by `make test-reliability` (BLOQ_RELIABILITY) on a machine
        /// left to it; `make test` checks what holds however slow the machine is.
        static let bound = 1.0

        /// The moves of the line `progress.json` in `folder` holds now, read as a file (no
        /// lock, no merge: the writer is running), or 0.
        static func movesOnDisk(_ folder: String, _ identity: String) -> Int {
            let data = FileManager.default.contents(atPath: folder + "/progress.json") ?? Data()
            return (try? soundProgress(data))?.unfinished[identity]?.log.count ?? 0
        }

        @Test(
            "killed with SIGKILL at random moments once lines reach the disk on their own, the file keeps every line it held and is never damaged"
        )
        func killed() throws {
            let identity = try #require(Board(["R.R", "...", ".R."])).identity
            let reliability = ProcessInfo.processInfo.environment["BLOQ_RELIABILITY"] != nil
            let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
            var random = SeededGenerator(seed: seed)
            for round in 0..<4 {
                let scratch = try Scratch()
                let folder = scratch.path("data")
                let log = try scratch.file("log", "")
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["line-torture", "--folder", folder, "--interval", "20", "--moves", "150"]
                process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                process.standardError = FileHandle.nullDevice
                try process.run()
                func handed() -> [(count: Int, at: Double)] {
                    String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self).split(separator: "\n")
                        .compactMap { line in
                            let fields = line.split(separator: " ")
                            guard fields.count == 3, let count = Int(fields[1]), let at = Double(fields[2]) else { return nil }
                            return (count, at)
                        }
                }
                // A line reaches the disk on its own while the game plays on (no quit, no
                // flush): wait for it (a hang guard only a failure reaches), then kill at a
                // random moment up to 1.5 s later (mid-stream: moves keep coming every 20 ms
                // for about 3 s).
                let deadline = Date().addingTimeInterval(Bloq.hangGuard)
                while Self.movesOnDisk(folder, identity) == 0, process.isRunning, Date() < deadline { usleep(5_000) }
                usleep(UInt32.random(in: 0...1_500_000, using: &random))
                let onDisk = Self.movesOnDisk(folder, identity)
                let killedAt = Self.monotonicNow()
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let moves = handed()
                let last = moves.last?.count ?? 0
                let loaded = ProgressStore(folder: folder).loadReport()
                #expect(loaded.damage == nil, "seed \(seed) round \(round): \(loaded.warnings)")
                let saved = loaded.progress.unfinished[identity]?.log.count ?? 0
                #expect(onDisk > 0, "seed \(seed) round \(round): no line reached the disk while the game ran")
                #expect(
                    saved >= onDisk, "seed \(seed) round \(round): the file held \(onDisk) moves before the kill, \(saved) after it")
                #expect(saved <= last, "seed \(seed) round \(round): the file holds \(saved) moves, more than the \(last) handed in")
                if reliability {
                    let due = moves.last { $0.at <= killedAt - Self.bound }?.count ?? 0
                    #expect(
                        saved >= due,
                        "seed \(seed) round \(round): the file holds \(saved) moves; \(due) were handed in more than \(Self.bound) s before the kill"
                    )
                }
            }
        }
    }
}
