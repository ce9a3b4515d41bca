import BloqBench
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import Glibc

/// The figures of `bloq bench` taken from the processes a user runs: whole `bloq` command
/// lines (spawned and waited for), and the game in a live X window driven by a real
/// pointer (xdotool). A figure that cannot be taken here is nil, with the reason.
struct LiveBenchmarks {
    /// The `bloq` executable users run (this one).
    let bloq: String
    /// The folder that holds levels/.
    let dataFolder: String
    /// Where the original pool may be (`PAR BOARD` lines).
    let poolPath: String

    // MARK: Whole command-line processes

    /// Median milliseconds of `bloq --version`, spawn to exit (21 runs after 3 of warm-up).
    func cliStartup() -> Figure {
        guard let times = timeRuns([bloq, "--version"], runs: 21) else {
            return .unavailable("\(bloq) --version failed")
        }
        return .value(BenchClock.median(times))
    }

    /// The hard boards both solvers are timed on: the original pool's boards of par 10 or
    /// more, 8 spread evenly, as level files and as the naive solver's 16-letter strings.
    func hardBoards(in scratch: String) -> [(file: String, cells: String)] {
        let hard: [Board]
        if let pool = BenchmarkBoards.originalPool(path: poolPath) {
            hard = pool.filter { $0.par >= 10 && $0.par < 999 }.map(\.board)
        } else {
            // No pool here: the hard pack's 4x4 boards of par 10 or more stand in.
            let paths = LevelFiles.levelPaths(under: Path.join(dataFolder, "levels/hard")) ?? []
            hard = paths.compactMap { LevelFiles.load(path: $0).level }.filter {
                $0.board.rows == 4 && $0.board.columns == 4 && ($0.par ?? 0) >= 10
            }.map(\.board)
        }
        let count = min(8, hard.count)
        var result: [(String, String)] = []
        for (index, board) in (0..<count).map({ hard[$0 * hard.count / count] }).enumerated() {
            let file = Path.join(scratch, "board-\(index).bloq")
            let text = board.lines.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n") + "\n"
            guard (try? FileSystem.writeText(text, to: file)) != nil else { continue }
            result.append((file, board.lines.joined()))
        }
        return result
    }

    /// Median whole-process milliseconds of `bloq solve` on the hard boards (the median of
    /// each board's median of 5), and the same for the naive C breadth-first search
    /// (bench/naive-bfs.c) as a ratio of their totals.
    func solveProcesses() -> (solve: Figure, versusNaive: Figure) {
        let scratch = Path.join(Path.temporaryFolder, "bloq-bench-solve-\(getpid())")
        try? FileSystem.createFolders(scratch)
        defer { FileSystem.removeTree(scratch) }
        let boards = hardBoards(in: scratch)
        guard !boards.isEmpty else {
            let reason = "no hard boards: neither \(poolPath) nor hard levels of par 10 or more under \(dataFolder)"
            return (.unavailable(reason), .unavailable(reason))
        }
        var ours: [Double] = []
        for board in boards {
            guard let times = timeRuns([bloq, "solve", board.file], runs: 5) else {
                let reason = "bloq solve \(board.file) failed"
                return (.unavailable(reason), .unavailable(reason))
            }
            ours.append(BenchClock.median(times))
        }
        let solve = Figure.value(BenchClock.median(ours))
        guard let naive = naiveSolver() else {
            return (
                solve,
                .unavailable(
                    "no naive solver: build it with `make bench` (cc -O2 -o .build/naive-bfs bench/naive-bfs.c) or set BLOQ_NAIVE_BFS")
            )
        }
        var theirs: [Double] = []
        for board in boards {
            guard let times = timeRuns([naive, board.cells], runs: 5) else {
                return (solve, .unavailable("\(naive) \(board.cells) failed"))
            }
            theirs.append(BenchClock.median(times))
        }
        return (solve, .value(theirs.reduce(0, +) / max(ours.reduce(0, +), 1e-9)))
    }

    /// The naive solver's binary: `$BLOQ_NAIVE_BFS`, else `.build/naive-bfs` in the source tree.
    func naiveSolver() -> String? {
        let candidates = [
            ProcessEnvironment.current["BLOQ_NAIVE_BFS"] ?? "",
            Path.join(Bench.sourceTree, ".build/naive-bfs"),
        ]
        return candidates.first { !$0.isEmpty && FileSystem.isExecutable($0) }
    }

    // MARK: The live window

    /// Why a live X window cannot be measured here, or nil when it can.
    static func displayUnavailable(_ environment: [String: String] = ProcessEnvironment.current) -> String? {
        guard let display = environment["DISPLAY"], !display.isEmpty else {
            return "no X display (DISPLAY is unset); make bench-live runs these under Xvfb"
        }
        // ":N" or ":N.S" on this machine: its socket must exist.
        if display.hasPrefix(":") {
            let number = display.dropFirst().split(separator: ".").first.map(String.init) ?? ""
            if !FileSystem.exists("/tmp/.X11-unix/X\(number)") {
                return "no X server answers on DISPLAY=\(display) (no /tmp/.X11-unix/X\(number))"
            }
        }
        return nil
    }

    /// What a live game measures: its start-up to the first presented frame, its peak
    /// resident memory and its CPU while a pointer drags a block.
    func live() -> (startup: Figure, rss: Figure, dragCPU: Figure) {
        if let reason = Self.displayUnavailable() { return (.unavailable(reason), .unavailable(reason), .unavailable(reason)) }
        let startup: Figure
        switch firstFrameMilliseconds(video: "x11") {
        case .success(let milliseconds): startup = .value(milliseconds)
        case .failure(.start(let error)): startup = .unavailable("\(error)")
        case .failure(.noFrame(let status)): startup = .unavailable("the live game presented no frame (exit \(status))")
        }
        let (rss, cpu) = liveDrag()
        return (startup, rss, cpu)
    }

    var level: String { Path.join(dataFolder, "levels/easy/100-full-house.bloq") }

    /// The environment of a `bloq` started by a benchmark: SDL's `video` driver (and its
    /// software renderer with the offscreen one), no sound, a scratch data and config home,
    /// and `firstFrameOnly`, `Play.firstFrameOnlyVariable`.
    static func environment(scratch: String, video: String, firstFrameOnly: Bool = false) -> [String: String] {
        var environment = ProcessEnvironment.current
        environment["SDL_VIDEODRIVER"] = video
        environment["SDL_RENDER_DRIVER"] = video == "offscreen" ? "software" : nil
        environment["SDL_AUDIODRIVER"] = "dummy"
        environment["XDG_DATA_HOME"] = scratch + "/data"
        environment["XDG_CONFIG_HOME"] = scratch + "/config"
        environment[Play.firstFrameOnlyVariable] = firstFrameOnly ? "1" : nil
        return environment
    }

    /// Why a game started for its first frame gave none.
    enum FirstFrameFailure: Error {
        case start(ChildProcess.StartError)
        case noFrame(status: Int32)
    }

    /// Median milliseconds from spawning `bloq play` on Full House in an 800x600 window of
    /// SDL's `video` driver to its first presented frame (5 runs, each with a scratch home).
    func firstFrameMilliseconds(video: String) -> Result<Double, FirstFrameFailure> {
        var times: [Double] = []
        for _ in 0..<5 {
            let scratch = Path.join(Path.temporaryFolder, "bloq-bench-\(FileSystem.randomName())")
            defer { FileSystem.removeTree(scratch) }
            let environment = Self.environment(scratch: scratch, video: video, firstFrameOnly: true)
            let start = BenchClock.now()
            let process: ChildProcess
            do {
                process = try ChildProcess(
                    bloq, ["play", "--level", level, "--window", "800x600"], environment: environment, output: .pipe)
            } catch { return .failure(.start(error)) }
            let data = process.read(upTo: 22)
            let elapsed = BenchClock.milliseconds(since: start)
            let status = process.wait()
            guard String(decoding: data, as: UTF8.self).hasPrefix("first frame presented") else {
                return .failure(.noFrame(status: status))
            }
            times.append(elapsed)
        }
        return .success(BenchClock.median(times))
    }

    /// Starts the game in an 800x600 X window, drags block (2, 1) of Full House back and
    /// forth over the hole beside it with xdotool for 5 s at 120 pointer events a second,
    /// and reads the process's CPU time and peak memory from /proc. The drag ends by letting
    /// go over the hole, and the figure counts only when that move reached the game (its
    /// unfinished line is in the progress file after it quits).
    func liveDrag() -> (rss: Figure, cpu: Figure) {
        guard let xdotool = Self.which("xdotool") else {
            return (.unavailable("xdotool is not installed (make bench-live installs it)"), .unavailable("xdotool is not installed"))
        }
        let scratch = Path.join(Path.temporaryFolder, "bloq-bench-drag-\(FileSystem.randomName())")
        defer { FileSystem.removeTree(scratch) }
        let process: ChildProcess
        do {
            process = try ChildProcess(
                bloq, ["play", "--level", level, "--window", "800x600"], environment: Self.environment(scratch: scratch, video: "x11"),
                output: .discard)
        } catch { return (.unavailable("\(error)"), .unavailable("cannot start bloq")) }
        defer {
            if process.isRunning { process.terminate() }
            process.wait()
        }
        let pid = process.processIdentifier
        guard let window = Self.output(xdotool, ["search", "--sync", "--onlyvisible", "--pid", "\(pid)"])?.split(separator: "\n").first,
            let geometry = Self.output(xdotool, ["getwindowgeometry", "--shell", String(window)])
        else { return (.unavailable("the live game's window did not appear"), .unavailable("no window")) }
        var values: [String: Double] = [:]
        for line in geometry.split(separator: "\n") {
            let pair = line.split(separator: "=")
            if pair.count == 2, let value = Double(pair[1]) { values[String(pair[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], values["WIDTH"] == 800, values["HEIGHT"] == 600 else {
            return (.unavailable("unexpected window geometry: \(geometry)"), .unavailable("unexpected window geometry"))
        }
        // The play screen's board at 800x600 (its toolbar is 12 % of the height there).
        let metrics = Metrics(viewport: Size(width: 800, height: 600))
        let layout = BoardLayout(viewport: metrics.viewport, rows: 4, columns: 4, bottomInset: metrics.toolbarHeight)
        let cell = layout.cellSize
        let startX = x + layout.origin.x + 1.5 * cell
        let startY = y + layout.origin.y + 2.5 * cell
        usleep(1_500_000)  // the first frames, then a still board
        // One xdotool process sends the whole drag, so its own start-up is not in the figure.
        let steps = 600
        var commands = ["mousemove", "\(Int(startX))", "\(Int(startY))", "sleep", "0.3", "mousedown", "1", "sleep", "0.05"]
        for step in 0..<steps {
            // Back and forth over 0..0.9 of a cell, once a second.
            let offset = 0.45 * cell * (1 - cos(2 * Double.pi * Double(step) / 120))
            commands += ["mousemove", "\(Int(startX + offset))", "\(Int(startY))", "sleep", "0.00833"]
        }
        commands += ["mousemove", "\(Int(startX + cell))", "\(Int(startY))", "sleep", "0.05", "mouseup", "1"]
        guard let before = Self.cpuTicks(pid) else { return (.unavailable("no /proc/\(pid)/stat"), .unavailable("no /proc")) }
        let start = BenchClock.now()
        guard Self.output(xdotool, commands) != nil else { return (.unavailable("xdotool failed"), .unavailable("xdotool failed")) }
        let wall = BenchClock.now() - start
        guard let after = Self.cpuTicks(pid) else { return (.unavailable("the game quit during the drag"), .unavailable("game quit")) }
        let peak = Self.peakResidentMegabytes(pid)
        usleep(600_000)  // the release animation and the save of the move
        process.terminate()  // SIGTERM: SDL turns it into a quit; the game saves
        process.wait()
        let progress = RegularFile.text(scratch + "/data/bloq/progress.json") ?? ""
        // The line saved for the level: one move, block (2, 1) to the right.
        guard progress.containsBytes(of: #"{"direction":"right","from":{"column":1,"row":2}}"#) else {
            let reason = "the drag did not reach the block (no move of Full House in the progress file)"
            return (peak.map(Figure.value) ?? .unavailable(reason), .unavailable(reason))
        }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let cpu = Double(after - before) / ticksPerSecond / wall * 100
        return (peak.map(Figure.value) ?? .unavailable("no VmHWM in /proc/\(pid)/status"), .value(cpu))
    }

    // MARK: Processes

    /// Milliseconds of each of `runs` runs of `arguments` (stdout and stderr to /dev/null),
    /// after 3 unmeasured ones; nil if any exits non-zero.
    func timeRuns(_ arguments: [String], runs: Int) -> [Double]? {
        var times: [Double] = []
        for run in 0..<(runs + 3) {
            let start = BenchClock.now()
            let process = try? ChildProcess(arguments[0], Array(arguments.dropFirst()), output: .discard, errors: .discard)
            guard process?.wait() == 0 else { return nil }
            if run >= 3 { times.append(BenchClock.milliseconds(since: start)) }
        }
        return times
    }

    /// The standard output of a command that succeeded, or nil.
    static func output(_ executable: String, _ arguments: [String]) -> String? {
        guard let process = try? ChildProcess(executable, arguments, output: .pipe, errors: .discard) else { return nil }
        let data = process.readAll()
        return process.wait() == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    static func which(_ name: String) -> String? {
        let path = ProcessEnvironment.current["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileSystem.isExecutable)
    }

    /// User plus system CPU time of `pid`, in clock ticks (/proc/PID/stat fields 14 and 15).
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = RegularFile.text("/proc/\(pid)/stat"),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The peak resident set of `pid` (VmHWM), in MB.
    static func peakResidentMegabytes(_ pid: Int32) -> Double? {
        guard let status = RegularFile.text("/proc/\(pid)/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            if let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") { return kilobytes / 1024 }
        }
        return nil
    }
}
