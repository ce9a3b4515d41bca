import ArgumentParser
import Foundation

/// Developer tooling that players never see: input storms, the save-torture loop of the
/// crash-safety test, the words of a language set-up (the language tests), and the heap
/// benchmarks (bench-alloc, with malloc interposed). `make storm` and `make test` run it;
/// `bloq --help` does not list it.
@main
struct BloqDev: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "BloqDev",
        abstract: "Test harnesses for Bloq's developers (make storm, make test).",
        subcommands: [
            Storm.self, SaveTorture.self, LineTorture.self, Survey.self, Words.self, Bounds.self, BenchSets.self, SolveSet.self,
            DifficultyProfiles.self, DifficultyFit.self, Layout.self, QuitSignalCheck.self, BenchAlloc.self, SoundRender.self,
        ]
    )
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
