import BloqFiles
import BloqGame
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

        /// The bound the issue sets: a committed move is on disk within a second.
        static let bound = 1.0

        @Test("killed with SIGKILL at random moments, the file holds every line handed in more than a second before, and is never damaged")
        func killed() throws {
            let identity = try #require(Board(["R.R", "...", ".R."])).identity
            let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
            var random = SeededGenerator(seed: seed)
            for round in 0..<4 {
                let scratch = try Scratch()
                let folder = scratch.path + "/data"
                let log = scratch.path + "/log"
                FileManager.default.createFile(atPath: log, contents: nil)
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["line-torture", "--folder", folder, "--interval", "20", "--moves", "150"]
                process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Wait for the first move, then kill at a random moment 1.2 to 2.5 s later
                // (mid-stream: moves keep coming every 20 ms for about 3 s).
                let deadline = Date().addingTimeInterval(30)
                func handed() -> [(count: Int, at: Double)] {
                    String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self).split(separator: "\n")
                        .compactMap { line in
                            let fields = line.split(separator: " ")
                            guard fields.count == 3, let count = Int(fields[1]), let at = Double(fields[2]) else { return nil }
                            return (count, at)
                        }
                }
                while handed().isEmpty, Date() < deadline { usleep(5_000) }
                usleep(UInt32.random(in: 1_200_000...2_500_000, using: &random))
                let killedAt = Self.monotonicNow()
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let moves = handed()
                let last = moves.last?.count ?? 0
                let due = moves.last { $0.at <= killedAt - Self.bound }?.count ?? 0
                let loaded = ProgressStore(folder: folder).loadReport()
                #expect(loaded.damage == nil, "seed \(seed) round \(round): \(loaded.warnings)")
                let saved = loaded.progress.unfinished[identity]?.log.count ?? 0
                #expect(
                    saved >= due,
                    "seed \(seed) round \(round): the file holds \(saved) moves; \(due) were handed in more than \(Self.bound) s before the kill"
                )
                #expect(saved <= last, "seed \(seed) round \(round): the file holds \(saved) moves, more than the \(last) handed in")
                #expect(due > 0, "seed \(seed) round \(round): the test killed too early to tell")
            }
        }
    }
}
