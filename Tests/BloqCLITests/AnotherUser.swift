import BloqTestSupport
import Foundation

/// Running `bloq` as another user, for the checks of a file or folder the game cannot read:
/// root reads everything, so a test run as root runs the game as `nobody` (through
/// `setpriv`); a test run by anyone else runs it as themselves.
///
/// `nobody` cannot reach a build inside a private folder (a clone in `mktemp -d`'s mode-700
/// folder, a home folder of mode 700, as CI makes them): then the `bloq` executable, and the
/// shipped levels a whole-app replay reads beside it (`DataLocator`: next to the
/// executable), are copied once into a world-readable temporary folder and run from there
/// (its Swift libraries come from the toolchain, which everyone may read). The copy is
/// removed when the test run exits.
enum AnotherUser {
    /// Whether the checks can run: not root, or root with `setpriv` to become nobody.
    static let isAvailable = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// The command that runs what follows it as nobody (empty when not root).
    static let prefix = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []

    /// The `bloq` to run with `prefix`: the build's own when nobody may run it, else a copy
    /// in a world-readable folder (see the type's documentation).
    static let executable: URL = {
        guard !prefix.isEmpty, !canRun(Bloq.executable) else { return Bloq.executable }
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("bloq-nobody-\(getpid())-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o755)
            copyFolder = folder.path
            atexit { AnotherUser.removeCopy() }
            let copy = folder.appendingPathComponent("bloq")
            try FileManager.default.copyItem(at: Bloq.executable, to: copy)
            chmod(copy.path, 0o755)
            try FileManager.default.copyItem(at: Repository.url("levels"), to: folder.appendingPathComponent("levels"))
            if let walker = FileManager.default.enumerator(atPath: folder.path) {
                while let name = walker.nextObject() as? String {
                    var isFolder: ObjCBool = false
                    let path = folder.path + "/" + name
                    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                    chmod(path, isFolder.boolValue ? 0o755 : 0o644)
                }
            }
            chmod(copy.path, 0o755)
            print("tests run as nobody use a copy of bloq in \(folder.path): nobody cannot reach \(Bloq.executable.path)")
            return copy
        } catch {
            print("cannot copy bloq for the tests run as nobody (\(error)); they run the build's own")
            return Bloq.executable
        }
    }()

    /// Where the copy is, if one was made.
    nonisolated(unsafe) private static var copyFolder: String?

    private static func removeCopy() {
        if let copyFolder { try? FileManager.default.removeItem(atPath: copyFolder) }
    }

    /// Whether nobody can reach `executable` and the source tree's levels beside the build
    /// (every folder above them searchable by others). Asked of `test(1)`, not by running
    /// the executable: some sandboxes let a program start where its path cannot be searched.
    private static func canRun(_ executable: URL) -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: prefix[0])
        let levels = Repository.path("levels/easy")
        probe.arguments =
            Array(prefix.dropFirst()) + ["/usr/bin/test", "-r", executable.path, "-a", "-x", executable.path, "-a", "-r", levels]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// Runs `bloq arguments` as the other user.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try Bloq.run(arguments, environment: environment, executable: executable, prefix: prefix)
    }
}
