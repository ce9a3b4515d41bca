import BloqPlay

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
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("FuzzScripts_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return llvmFuzzerRunDriver(&count, &arguments) { data, size in
            guard let data else { return 0 }
            return fuzzScript(data, size)
        }
    }
#else
    import Foundation

    /// A normal build: runs the fuzz function over the files given on the command line.
    @main
    enum CorpusReplay {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("cannot read \(path)")
                    exit(66)
                }
                checkScript([UInt8](data))
            }
            print("checked \(CommandLine.arguments.count - 1) inputs")
        }
    }
#endif
