import FoundationEssentials
import Glibc

/// Finds the game's data folder (the one holding `levels/`), without SwiftPM resource
/// bundles. The search path, first match wins:
///
/// 1. `--data DIR` on the command line;
/// 2. the `BLOQ_DATA` environment variable;
/// 3. next to the executable: `DIR/`, then `DIR/../share/bloq/` (an installed layout);
/// 4. the source tree the program was built from.
public struct DataLocator: Sendable {
    /// One place the locator looked, and why.
    public struct Candidate: Hashable, Sendable {
        public var path: String
        public var origin: String
    }

    public let candidates: [Candidate]

    /// - Parameters:
    ///   - explicit: the `--data` option, if given.
    ///   - environment: the process environment (for `BLOQ_DATA`).
    ///   - executable: the path of the running executable.
    ///   - sourceRoot: the package folder this was built from.
    public init(
        explicit: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = DataLocator.executablePath(),
        sourceRoot: String = DataLocator.sourceRoot
    ) {
        var candidates: [Candidate] = []
        if let explicit { candidates.append(Candidate(path: explicit, origin: "--data")) }
        if let env = environment["BLOQ_DATA"], !env.isEmpty {
            candidates.append(Candidate(path: env, origin: "$BLOQ_DATA"))
        }
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(Candidate(path: folder.path, origin: "next to the executable"))
        candidates.append(
            Candidate(
                path: folder.deletingLastPathComponent().appendingPathComponent("share/bloq").path,
                origin: "the installed share folder"))
        candidates.append(Candidate(path: sourceRoot, origin: "the source tree"))
        self.candidates = candidates
    }

    /// The first candidate that holds a `levels` folder. An explicit `--data` or
    /// `BLOQ_DATA` that does not is an error rather than silently skipped.
    public func locate() throws(DataLocatorError) -> String {
        for candidate in candidates {
            if Path.isFolder(Path.join(candidate.path, "levels")) {
                return candidate.path
            }
            if candidate.origin == "--data" || candidate.origin == "$BLOQ_DATA" {
                throw DataLocatorError(searched: [candidate], explicit: true)
            }
        }
        throw DataLocatorError(searched: candidates, explicit: false)
    }

    /// The package folder, from this file's compile-time path (Sources/BloqFiles/...).
    public static let sourceRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// The running executable's path.
    /// (The window process, `bloq-window`, reports the `bloq` that started it, whose
    /// folder is where an installation keeps its data.)
    public static func executablePath() -> String {
        if let launcher = ProcessInfo.processInfo.environment["BLOQ_EXECUTABLE"], launcher.hasPrefix("/"),
            FileManager.default.isExecutableFile(atPath: launcher)
        {
            return launcher
        }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
    }
}

/// No data folder was found; the message lists where the locator looked.
public struct DataLocatorError: Error, CustomStringConvertible, Sendable {
    public var searched: [DataLocator.Candidate]
    public var explicit: Bool

    public var description: String {
        let places = searched.map { "  \($0.path)  (\($0.origin))" }.joined(separator: "\n")
        if explicit {
            return "no 'levels' folder in the data folder given:\n\(places)\nPoint --data or BLOQ_DATA at the folder that holds 'levels/'."
        }
        return
            "cannot find the game's data (a folder holding 'levels/'). Searched:\n\(places)\nUse --data DIR or set BLOQ_DATA to the folder that holds 'levels/'."
    }
}
