import Glibc

/// A child process started with posix_spawn, for the benchmarks that run whole `bloq`
/// commands. (Foundation's `Process` and `Pipe` are not in FoundationEssentials, and the
/// full Foundation would link 37 MB of ICU data into bloq.)
final class ChildProcess {
    /// Where the child's standard output or standard error goes.
    enum Stream {
        /// This process's own.
        case inherit
        /// /dev/null.
        case discard
        /// A pipe this process reads (`read(upTo:)`, `readAll()`); standard output only.
        case pipe
    }

    struct StartError: Error, CustomStringConvertible {
        var executable: String
        var reason: String
        var description: String { "cannot start \(executable): \(reason)" }
    }

    let processIdentifier: pid_t
    /// The read end of the standard output pipe, or -1.
    private var outputDescriptor: Int32 = -1
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` (without the program name) and `environment`
    /// (this process's when nil).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        output: Stream = .inherit, errors: Stream = .inherit
    ) throws(StartError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if output == .pipe {
            guard pipe(&pipeEnds) == 0 else {
                throw StartError(executable: executable, reason: String(cString: strerror(errno)))
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            // The write end becomes the child's standard output; both ends close on exec.
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else if output == .discard {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if errors == .discard { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }

        var pid: pid_t = 0
        let result =
            if let envp { posix_spawn(&pid, executable, &actions, nil, argv, envp) } else {
                posix_spawn(&pid, executable, &actions, nil, argv, environ)
            }
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard result == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw StartError(executable: executable, reason: String(cString: strerror(result)))
        }
        processIdentifier = pid
        outputDescriptor = pipeEnds[0]
    }

    deinit {
        if outputDescriptor >= 0 { close(outputDescriptor) }
    }

    /// Up to `count` bytes of the child's standard output: fewer only at its end.
    func read(upTo count: Int) -> [UInt8] {
        guard outputDescriptor >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(outputDescriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// The child's standard output to its end.
    func readAll() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = read(upTo: 65536)
            all += chunk
            if chunk.count < 65536 { return all }
        }
    }

    /// Whether the child has not exited yet (it is reaped if it has).
    var isRunning: Bool {
        guard waitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier {
            waitStatus = status
            return false
        }
        return true
    }

    /// Sends SIGTERM.
    func terminate() {
        if waitStatus == nil { kill(processIdentifier, SIGTERM) }
    }

    /// Waits for the child to end: its exit status, or the number of the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if waitStatus == nil {
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
            waitStatus = status
        }
        let status = waitStatus ?? 0
        // WIFEXITED: the low 7 bits are 0; WEXITSTATUS is the next byte, WTERMSIG the low 7 bits.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }
}
