import BloqGame
import FuzzSupport

// libFuzzer target: a share code's text through the decoder and, when it decodes, the
// level parser (ShareCode.level) and the encoder, which must give the same code back (a
// code has one spelling: padding bits are zero, nothing follows the checksum). `make fuzz`
// builds this with -sanitize=fuzzer,address and -DFUZZING; a normal build runs the same
// function over the files given on the command line (the corpus and every crasher kept
// in Tests/fuzz/codes), which is how they stay regression tests.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkCode(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkCode(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    switch ShareCode.decode(text) {
    case .failure(let error):
        precondition(!error.message.isEmpty, "a refusal must say why")
        if case .success = ShareCode.level(from: text) { preconditionFailure("a code that does not decode made a level") }
    case .success(let decoded):
        precondition(Board.sizeRange.contains(decoded.board.rows) && Board.sizeRange.contains(decoded.board.columns))
        precondition(ShareCode.encode(decoded.board, title: decoded.title) == ShareCode.code(in: text), "a code has one spelling")
        switch ShareCode.level(from: text) {
        case .success(let level):
            precondition(level.board == decoded.board && level.board.touchingPairs.isEmpty)
            let result = Solver(maxStates: 2_000).solve(level.board)
            if case .solved(let moves) = result.outcome { precondition(level.board.applying(moves)?.isCleared == true) }
        case .failure(let error):
            precondition(!error.message.isEmpty)
        }
    }
}

#if FUZZING
    // SwiftPM links an executable with `main` aliased to `FuzzCodes_main`; in the fuzz build
    // that hands control to libFuzzer's driver.
    @_cdecl("FuzzCodes_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        runFuzzer(argc, argv) { data, size in data.map { fuzzCode($0, size) } ?? 0 }
    }
#else
    /// A normal build: runs the fuzz function over the files given on the command line.
    @main
    enum CorpusReplay {
        static func main() { replayCorpus(checkCode) }
    }
#endif
