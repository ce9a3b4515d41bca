import Foundation

// What the libFuzzer targets (FuzzLevels, FuzzScripts, FuzzCodes) share: the hand-over to
// libFuzzer's driver in the fuzz build, and the corpus replay of a normal build. Each
// target keeps only its check and a two-line entry point, since SwiftPM names the entry
// point after the target (`FuzzCodes_main`).

/// libFuzzer's callback: one input's bytes (nil when empty); returns 0.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: FuzzCallback
    ) -> CInt

    /// The fuzz build's `main`: hands the command line and `callback` to libFuzzer.
    public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback) -> CInt {
        var count = argc
        var arguments = argv
        return llvmFuzzerRunDriver(&count, &arguments, callback)
    }
#endif

/// A normal build's `main`: runs `check` over each file named on the command line (the
/// kept corpus and every crasher, which is how they stay regression tests). A file that
/// cannot be read ends the run with status 66 (EX_NOINPUT).
public func replayCorpus(_ check: ([UInt8]) -> Void) {
    for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path)")
            exit(66)
        }
        check([UInt8](data))
    }
    print("checked \(CommandLine.arguments.count - 1) inputs")
}
