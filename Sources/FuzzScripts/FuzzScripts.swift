import BloqPlay
import FuzzSupport

// libFuzzer target: an input script's bytes through the script parser; a script that
// parses must survive being written and parsed again unchanged. Built and run like
// FuzzLevels (Tests/fuzz/scripts holds its corpus and kept crashers).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkScript(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkScript(_ bytes: [UInt8]) {
    switch InputScript.parse(bytes, name: "fuzz.script") {
    case .failure(let error):
        precondition(error.line >= 1 && !error.message.isEmpty)
    case .success(let script):
        precondition(script.events.last?.action == .end)
        guard case .success(let again) = InputScript.parse(Array(script.text.utf8), name: "again.script") else {
            preconditionFailure("a parsed script must parse again after writing")
        }
        precondition(again.events.count == script.events.count)
    }
}

#if FUZZING
    // SwiftPM links an executable with `main` aliased to `FuzzScripts_main`; in the fuzz build
    // that hands control to libFuzzer's driver.
    @_cdecl("FuzzScripts_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        runFuzzer(argc, argv) { data, size in data.map { fuzzScript($0, size) } ?? 0 }
    }
#else
    /// A normal build: runs the fuzz function over the files given on the command line.
    @main
    enum CorpusReplay {
        static func main() { replayCorpus(checkScript) }
    }
#endif
