import BloqGame
import FuzzSupport

// libFuzzer target: a level file's bytes through the parser and, when it parses, the
// validator's solver (on a small budget so every input is quick), the canonical form and
// the par editor. `make fuzz` builds this with -sanitize=fuzzer,address and -DFUZZING;
// a normal build runs the same function over files given on the command line (the corpus
// and every crasher kept in Tests/fuzz/levels), which is how they stay regression tests.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLevel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkLevel(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkLevel(_ bytes: [UInt8]) {
    // The same bytes as a pack file: every problem at a real place, sorted, and an order
    // that names each level of the folder once.
    let levels = ["a.bloq", "b.bloq", "c.bloq"]
    let pack = PackFile.parse(bytes, name: "pack", levels: levels)
    for diagnostic in pack.diagnostics { precondition(diagnostic.line >= 1 && diagnostic.column >= 1) }
    precondition(pack.diagnostics == Diagnostic.sorted(pack.diagnostics))
    precondition(pack.playOrder(levels).sorted() == levels)
    switch LevelParser.parse(bytes, name: "fuzz.bloq") {
    case .failure(let error):
        precondition(!error.diagnostics.isEmpty, "a failure must say why")
        for diagnostic in error.diagnostics { precondition(diagnostic.line >= 1 && diagnostic.column >= 1) }
        precondition(error.diagnostics == Diagnostic.sorted(error.diagnostics), "diagnostics come sorted by line and column")
    case .success(let level):
        precondition(Board.sizeRange.contains(level.board.rows) && Board.sizeRange.contains(level.board.columns))
        precondition(level.board.touchingPairs.isEmpty)
        _ = level.board.canonicalForm
        _ = level.board.identity
        let result = Solver(maxStates: 2_000).solve(level.board)
        if case .solved(let moves) = result.outcome { precondition(level.board.applying(moves)?.isCleared == true) }
        let text = String(decoding: bytes, as: UTF8.self)
        if case .success(let edited) = LevelParser.parse(LevelText.settingPar(text, to: 7), name: "fuzz.bloq") {
            precondition(edited.par == 7 && edited.board == level.board)
        }
    }
}

#if FUZZING
    // SwiftPM links an executable with `main` aliased to `FuzzLevels_main`; in the fuzz build
    // that hands control to libFuzzer's driver.
    @_cdecl("FuzzLevels_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        runFuzzer(argc, argv) { data, size in data.map { fuzzLevel($0, size) } ?? 0 }
    }
#else
    /// A normal build: runs the fuzz function over the files given on the command line.
    @main
    enum CorpusReplay {
        static func main() { replayCorpus(checkLevel) }
    }
#endif
