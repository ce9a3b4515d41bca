import Glibc

/// Finds the game's data folder (the one holding `levels/`), without SwiftPM resource
/// bundles and without any path compiled into the program. The search path, first match
/// wins:
///
/// 1. `--data DIR` on the command line;
/// 2. the `BLOQ_DATA` environment variable;
/// 3. the executable's neighbourhood: its own folder, then `../share/bloq/` and
///    `../share/games/bloq/` beside it (installed layouts: `/usr/local/bin/bloq` with
///    `/usr/local/share/bloq`, Debian's `/usr/games/bloq` with `/usr/share/bloq`), then
///    the source tree a build folder lies in (`.build/…/bloq` under a folder holding
///    `Package.swift` and `levels/`).
///
/// An installed game whose data is missing says where it looked; it never falls back on
/// the folder it was built in.
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
    public init(
        explicit: String? = nil,
        environment: [String: String] = ProcessEnvironment.current,
        executable: String = DataLocator.executablePath()
    ) {
        var candidates: [Candidate] = []
        if let explicit { candidates.append(Candidate(path: explicit, origin: "--data")) }
        if let env = environment["BLOQ_DATA"], !env.isEmpty {
            candidates.append(Candidate(path: env, origin: "$BLOQ_DATA"))
        }
        self.candidates =
            candidates + DataLocator.besideExecutable(executable, own: true, shares: ["share/bloq", "share/games/bloq"], inSourceTree: nil)
    }

    /// The places beside `executable`: its own folder (with `own`), each of `shares` under
    /// the folder above its own (the installed layouts), then `inSourceTree` in the source
    /// tree a build folder lies in (the tree itself when nil).
    static func besideExecutable(_ executable: String, own: Bool, shares: [String], inSourceTree path: String?) -> [Candidate] {
        let folder = Path.parent(Path.resolvingLinks(executable))
        var candidates = own ? [Candidate(path: folder, origin: "next to the executable")] : []
        candidates += shares.map { Candidate(path: Path.join(Path.parent(folder), $0), origin: "the installed share folder") }
        if let tree = sourceTree(above: folder) {
            candidates.append(Candidate(path: path.map { Path.join(tree, $0) } ?? tree, origin: "the source tree of this build"))
        }
        return candidates
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

    /// How many folders above a build product the source tree may be: SwiftPM puts products
    /// in `.build/<triple>/<configuration>/`, tests' bundles one deeper.
    static let buildDepth = 5

    /// The package folder a build folder lies in: the nearest of `folder`'s ancestors,
    /// at most `buildDepth` up and passing through a `.build` folder, that holds
    /// `Package.swift` and `levels/`; nil for an executable outside a build tree.
    public static func sourceTree(above folder: String) -> String? {
        var current = Path.standardized(folder)
        var crossedBuild = false
        for _ in 0...buildDepth {
            if crossedBuild, Path.isFile(Path.join(current, "Package.swift")), Path.isFolder(Path.join(current, "levels")) {
                return current
            }
            if Path.lastComponent(current).hasPrefix(".build") { crossedBuild = true }
            let parent = Path.parent(current)
            guard parent != current else { return nil }
            current = parent
        }
        return nil
    }

    /// The source tree of the running executable's build, if it runs from one (`bloq bench`
    /// finds its inputs there: the original pool, the naive search it times against).
    public static func sourceTreeOfExecutable() -> String? {
        sourceTree(above: Path.parent(Path.resolvingLinks(executablePath())))
    }

    /// The running executable's path.
    public static func executablePath() -> String {
        FileSystem.linkDestination("/proc/self/exe") ?? CommandLine.arguments.first ?? "."
    }
}

/// No data folder was found; the message lists where the locator looked.
public struct DataLocatorError: Error, CustomStringConvertible, Sendable {
    public var searched: [DataLocator.Candidate]
    public var explicit: Bool

    public var description: String {
        let places = searched.map { "  \($0.path)  (\($0.origin))" }.joined(separator: "\n")
        if explicit {
            if let given = searched.first, RegularFile.kind(given.path) != .failed(.missing), !Path.isFolder(given.path) {
                return "the data folder given (\(given.origin)) is \(given.path), which is not a folder; "
                    + "point --data or BLOQ_DATA at the folder that holds 'levels/'."
            }
            return "no 'levels' folder in the data folder given:\n\(places)\nPoint --data or BLOQ_DATA at the folder that holds 'levels/'."
        }
        return
            "cannot find the game's data (a folder holding 'levels/'). Searched:\n\(places)\nReinstall Bloq, or use --data DIR or set BLOQ_DATA to the folder that holds 'levels/'."
    }
}
