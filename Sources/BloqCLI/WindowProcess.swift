import BloqFiles
import Glibc

/// The part of Bloq that opens windows, `bloq-window`: a second executable that links SDL,
/// so that the command-line tools never load the graphics, windowing or audio libraries.
/// `bloq play`, `bloq bench` and `bloq replay --screenshot` become it (`execv`: the same
/// process, the same arguments), so there is still one `bloq` command.
public enum WindowProcess {
    /// The window process's file name.
    public static let executableName = "bloq-window"
    /// Names the command-line tool's path for the window process (which finds its data
    /// beside it, as the tool would).
    public static let launcherVariable = "BLOQ_EXECUTABLE"
    /// Set (to anything), the window process presents the game's first frame, prints
    /// "first frame presented" and exits: how `bloq bench` times start-up of the real
    /// `bloq play` (the offscreen video driver is then accepted for the window).
    public static let firstFrameOnlyVariable = "BLOQ_EXIT_AFTER_FIRST_FRAME"

    /// Whether this process was asked to stop after its first frame.
    public static var stopsAfterFirstFrame: Bool { getenv(firstFrameOnlyVariable) != nil }

    /// Where the window process may be, first match wins: `$BLOQ_WINDOW`, beside this
    /// executable (a build folder), then `../libexec/bloq/` and `../lib/bloq/` beside it (an
    /// installed layout).
    public static func candidates(
        executable: String, environment: [String: String] = ProcessEnvironment.current
    ) -> [String] {
        let folder = Path.parent(Path.absolute(executable))
        var paths: [String] = []
        if let explicit = environment["BLOQ_WINDOW"], !explicit.isEmpty { paths.append(explicit) }
        paths.append(Path.join(folder, executableName))
        for relative in ["../libexec/bloq", "../lib/bloq"] {
            paths.append(Path.standardized(Path.join(Path.join(folder, relative), executableName)))
        }
        return paths
    }

    /// The warning for a `$BLOQ_WINDOW` that names no executable file (it is then passed
    /// over for the next place, rather than ignored without a word), or nil when it is
    /// unset, empty or fine.
    public static func explicitProblem(environment: [String: String] = ProcessEnvironment.current) -> String? {
        guard let explicit = environment["BLOQ_WINDOW"], !explicit.isEmpty else { return nil }
        let problem: String
        switch RegularFile.kind(explicit) {
        case .regular:
            guard !FileSystem.isExecutable(explicit) else { return nil }
            problem = "is not executable (chmod +x it)"
        case .folder: problem = "is a folder, not the \(executableName) program"
        case .other: problem = "is not a regular file"
        case .failed(let failure): problem = failure.isMissing ? "does not exist" : failure.message(noun: "program")
        }
        return "bloq: warning: BLOQ_WINDOW names \(explicit), which \(problem); looking for \(executableName) beside bloq instead"
    }

    /// Becomes the window process with this process's arguments; returns only by throwing.
    /// A `$BLOQ_WINDOW` that names no executable file is reported, then passed over.
    public static func handOver() throws -> Never {
        let executable = FileSystem.linkDestination("/proc/self/exe") ?? CommandLine.arguments[0]
        let searched = candidates(executable: executable)
        if let problem = explicitProblem() { printError(problem) }
        guard let target = searched.first(where: FileSystem.isExecutable) else {
            printError(
                "bloq: cannot find \(executableName), the part of Bloq that opens windows; looked in \(searched.joined(separator: ", ")). "
                    + "Build it (make build) or reinstall Bloq.")
            throw ExitStatus.unavailable
        }
        setenv(launcherVariable, executable, 1)
        var arguments = [target] + CommandLine.arguments.dropFirst()
        let pointers = arguments.indices.map { strdup(arguments[$0]) } + [nil]
        execv(target, pointers)
        let reason = String(cString: strerror(errno))
        arguments.removeAll()
        printError("bloq: cannot start \(target): \(reason)")
        throw ExitStatus.unavailable
    }
}
