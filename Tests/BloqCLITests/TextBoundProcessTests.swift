import BloqTestSupport
import Foundation
import Testing

extension ChildProcessSuite {
    @Suite("Texts far longer than a screen are laid out in bounded time")
    struct TextBoundProcessTests {
        @Test(
            "a level titled with 60,000 characters: the level list and the preview card render (was minutes, cutting one character at a time)"
        )
        func longTitle() throws {
            let title = String(repeating: "T", count: 60_000)
            let level = try Scratch.keptFile(
                "long.bloq", "title: \(title)\ntip: \(String(repeating: "word ", count: 600))\n\nR . R\n. . .\n")
            let scratch = try Scratch("bloq-long")
            for screen in ["levels", "preview"] {
                let out = scratch.path("\(screen).png")
                let child = try Bloq.start(["play", "--level", level, "--screen", screen, "--screenshot", out])
                let ended = try #require(BoundedRun.wait(child, guardSeconds: 300), "\(screen): still running after 300 s")
                #expect(ended.status == 0, "\(screen): \(ended.err)")
            }
        }
    }
}
