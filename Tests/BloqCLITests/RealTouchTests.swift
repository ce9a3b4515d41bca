import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Real input through an X server: Xorg with the dummy video driver and the
/// `inputtest` input driver gives a real XInput 2.2 direct-touch screen, an absolute pointer
/// and a keyboard. `Tests/xinput/inputtest-client.c` writes to the driver's sockets, so the
/// game gets SDL_FINGERDOWN, MOTION and UP (and SDL's own touch-made mouse events) from X,
/// as on a touch laptop: nothing is injected into SDL. docs/testing.md has the set-up.
enum RealTouch {
    /// The X server itself, not /usr/bin/Xorg: that script runs the setuid Xorg.wrap where
    /// xserver-xorg-legacy is installed, and with privileges raised the server accepts only
    /// a -config and -configdir relative to /etc/X11 and no -logfile. Run directly, by root
    /// or anyone else, it takes absolute paths (xf86CheckPrivs checks raised privileges,
    /// not root), and the dummy driver needs no console or device.
    static let xorg = "/usr/lib/xorg/Xorg"

    static let requirements: [(path: String, package: String)] = [
        (xorg, "xserver-xorg-core"),
        ("/usr/lib/xorg/modules/input/inputtest_drv.so", "xserver-xorg-core"),
        ("/usr/lib/xorg/modules/drivers/dummy_drv.so", "xserver-xorg-video-dummy"),
        ("/usr/include/xorg/xf86-input-inputtest-protocol.h", "xserver-xorg-dev"),
        ("/usr/bin/xwininfo", "x11-utils"),
    ]

    static var missing: [String] {
        requirements.filter { !FileManager.default.fileExists(atPath: $0.path) }.map { "\($0.path) (\($0.package))" }
    }

    /// Skipped only outside CI when something is missing; under CI (make test installs the
    /// packages) it always runs, so a missing package fails it instead of hiding it.
    static var runs: Bool { missing.isEmpty || !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    static var skipReason: Comment {
        Comment(rawValue: "needs \(missing.joined(separator: ", ")); make test installs them (docs/testing.md)")
    }

    /// How long a person waits for the game to answer before calling it broken: the bound
    /// of a wait that only a failure reaches (a tap that opened nothing, a drag that cleared
    /// nothing), never a measure of speed.
    static let patience = 30.0

    static let level = "levels/easy/001-first-push.bloq"

    /// Escape on the evdev keymap the server's keyboard uses.
    static let escapeKeycode = 9

    /// Children started from a test inherit the signal mask of the test's worker thread,
    /// which blocks SIGTERM among others: a server or a game started plainly would never
    /// act on the SIGTERM that ends it cleanly. env(1) unblocks and resets them all.
    static let signalsUnblocked = ["/usr/bin/env", "--default-signal"]

    /// Waits until `condition` holds, checking every 20 ms, for at most `seconds`.
    static func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    /// Builds the input client from its C source into `folder`.
    static func buildClient(in folder: String) throws -> String {
        let output = folder + "/inputtest-client"
        let source = Repository.path("Tests/xinput/inputtest-client.c")
        let compiler = try Bloq.run(
            ["-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-o", output, source],
            executable: URL(fileURLWithPath: "/usr/bin/cc"))
        try #require(compiler.status == 0, "cc could not build the input client:\n\(compiler.err)")
        return output
    }
}

extension RealTouch {
    /// A private Xorg: the dummy video driver with one screen the size of the game's window,
    /// and three inputtest devices (touch, absolute pointer, keyboard) whose sockets are in the
    /// test's scratch folder. AutoAddDevices is off, so no device of the machine takes part.
    final class Server {
        let display: String
        let touch: String
        let pointer: String
        let keyboard: String
        let log: String
        private let server: Bloq.Child
        private var stopped = false

        init(in scratch: Scratch, width: Int, height: Int) throws {
            touch = scratch.path + "/touch"
            pointer = scratch.path + "/pointer"
            keyboard = scratch.path + "/keyboard"
            log = scratch.path + "/Xorg.log"
            let config = try scratch.file(
                "xorg.conf", Server.configuration(width: width, height: height, sockets: (touch, pointer, keyboard)))
            // The folder the server reads instead of /etc/X11/xorg.conf.d (it must hold a file).
            let folder = try scratch.folder("xorg.conf.d")
            _ = try scratch.file(
                "xorg.conf.d/README.conf", "# Nothing: the test's server reads this folder instead of /etc/X11/xorg.conf.d.\n")
            // -displayfd 1: the server takes the first free display and writes its number on
            // standard output once it accepts clients. -noreset: it stays up between clients.
            let server = try Bloq.start(
                ["-displayfd", "1", "-config", config, "-configdir", folder, "-logfile", log, "-noreset", "-nolisten", "tcp"],
                executable: URL(fileURLWithPath: RealTouch.xorg), prefix: RealTouch.signalsUnblocked)
            self.server = server
            let started = RealTouch.wait(seconds: Bloq.hangGuard) { !server.process.isRunning || server.standardOutput.hasSuffix("\n") }
            let number = server.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            guard started, server.process.isRunning, Int(number) != nil else {
                let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw Failure("Xorg did not start:\n\(server.standardError.suffix(2000))\n\(logText.suffix(3000))")
            }
            display = ":" + number
        }

        /// Ends the server (SIGTERM: it removes its socket and lock file). Again: nothing.
        func stop() {
            guard !stopped else { return }
            stopped = true
            if server.process.isRunning { kill(server.process.processIdentifier, SIGTERM) }
            _ = server.finish()
        }

        deinit { stop() }

        static func configuration(width: Int, height: Int, sockets: (touch: String, pointer: String, keyboard: String)) -> String {
            // A mode of exactly the window's size at 60 Hz, so the window fills the screen.
            let clock = Double((width + 100) * (height + 17) * 60) / 1_000_000
            let mode =
                "\"\(width)x\(height)\" \(String(format: "%.2f", clock)) \(width) \(width + 40) \(width + 80) \(width + 100) "
                + "\(height) \(height + 1) \(height + 4) \(height + 17)"
            return """
                # Written by RealTouchTests (Tests/BloqCLITests): Xorg's dummy video driver and
                # inputtest input driver (man inputtestdrv).
                Section "ServerFlags"
                    Option "AutoAddDevices" "off"
                    Option "AutoAddGPU" "off"
                    Option "DontVTSwitch" "on"
                    Option "BlankTime" "0"
                EndSection
                Section "Device"
                    Identifier "dummy"
                    Driver "dummy"
                    VideoRam 32768
                EndSection
                Section "Monitor"
                    Identifier "monitor"
                    HorizSync 5.0 - 1000.0
                    VertRefresh 5.0 - 200.0
                    Modeline \(mode)
                EndSection
                Section "Screen"
                    Identifier "screen"
                    Device "dummy"
                    Monitor "monitor"
                    DefaultDepth 24
                    SubSection "Display"
                        Depth 24
                        Modes "\(width)x\(height)"
                        Virtual \(width) \(height)
                    EndSubSection
                EndSection
                Section "InputDevice"
                    Identifier "touchscreen"
                    Driver "inputtest"
                    Option "DeviceType" "Touch"
                    Option "TouchCount" "10"
                    Option "SocketPath" "\(sockets.touch)"
                EndSection
                Section "InputDevice"
                    Identifier "pointer"
                    Driver "inputtest"
                    Option "DeviceType" "PointerAbsolute"
                    Option "SocketPath" "\(sockets.pointer)"
                EndSection
                Section "InputDevice"
                    Identifier "keyboard"
                    Driver "inputtest"
                    Option "DeviceType" "Keyboard"
                    Option "SocketPath" "\(sockets.keyboard)"
                EndSection
                Section "ServerLayout"
                    Identifier "layout"
                    Screen "screen"
                    InputDevice "pointer" "CorePointer"
                    InputDevice "keyboard" "CoreKeyboard"
                    InputDevice "touchscreen" "SendCoreEvents"
                EndSection

                """
        }

        /// The game's window once it is mapped: its place on the screen and its size.
        func waitForWindow(named name: String, of game: Bloq.Child) throws -> (x: Int, y: Int, width: Int, height: Int) {
            var found: (x: Int, y: Int, width: Int, height: Int)?
            _ = try RealTouch.wait(seconds: Bloq.hangGuard) {
                guard game.process.isRunning else { return true }
                let info = try Bloq.run(["-display", display, "-name", name], executable: URL(fileURLWithPath: "/usr/bin/xwininfo"))
                guard info.status == 0, info.out.contains("Map State: IsViewable") else { return false }
                func value(_ key: String) -> Int? {
                    info.out.split(separator: "\n").first { $0.contains(key + ":") }.flatMap {
                        Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
                    }
                }
                if let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y"), let width = value("Width"),
                    let height = value("Height")
                {
                    found = (x, y, width, height)
                }
                return found != nil
            }
            guard let found else { throw Failure("the game's window never showed on \(display):\n\(game.standardError.suffix(3000))") }
            return found
        }
    }
}

extension RealTouch {
    /// inputtest-client, connected to the server's three devices for the server's lifetime (the
    /// 21.1 driver serves one connection per device), fed commands on a socket as its standard
    /// input: a socket, not a pipe, so a write after it died is an error, never a SIGPIPE.
    final class Devices {
        private let client: Bloq.Child
        private let feed: Int32
        private var closed = false
        private var batches = 0

        init(client path: String, server: Server, screen: (width: Int, height: Int)) throws {
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                throw Failure("socketpair: \(String(cString: strerror(errno)))")
            }
            feed = ends[0]
            let theirs = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            let client = try Bloq.start(
                [
                    "--screen", "\(screen.width)x\(screen.height)", "--touch", server.touch, "--pointer", server.pointer, "--keyboard",
                    server.keyboard,
                ], executable: URL(fileURLWithPath: path), input: theirs)
            try? theirs.close()
            self.client = client
            let ready = RealTouch.wait(seconds: Bloq.hangGuard) { !client.process.isRunning || client.standardOutput.contains("ready\n") }
            guard ready, client.process.isRunning else { throw Failure("the input client did not connect:\n\(client.standardError)") }
        }

        /// Sends `lines` (paced in real time by the client's `sleep`s) and waits until the
        /// server has handled all of them.
        func perform(_ lines: [String]) throws {
            batches += 1
            let text = (lines + ["sync", "echo done \(batches)"]).joined(separator: "\n") + "\n"
            var bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeMutableBytes { send(feed, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw Failure("the input client stopped reading:\n\(client.standardError)") }
                sent += count
            }
            bytes.removeAll()
            let marker = "done \(batches)\n"
            let done = RealTouch.wait(seconds: Bloq.hangGuard) { !client.process.isRunning || client.standardOutput.contains(marker) }
            guard done, client.standardOutput.contains(marker) else { throw Failure("the input client failed:\n\(client.standardError)") }
        }

        /// Ends its input: it exits once everything sent is handled. Its status and errors.
        @discardableResult
        func close() -> (status: Int32, err: String) {
            if !closed {
                closed = true
                Glibc.close(feed)
            }
            let result = client.finish()
            return (result.status, result.err)
        }

        deinit { close() }
    }
}

extension RealTouch {
    /// A person's hand, in screen pixels: taps of a person's length, finger drags sampled at
    /// 60 Hz with a little jitter, and pauses to look at the screen. Seeded, so a run's
    /// randomness is printed and can be repeated (BLOQ_SEED=N).
    struct Hand {
        var random: SeededGenerator
        var nextFinger = 1
        var lines: [String] = []

        init(seed: UInt64) { random = SeededGenerator(seed: seed) }

        static func format(_ value: Double) -> String { String(format: "%.2f", value) }

        mutating func pause(_ milliseconds: Int) { lines.append("sleep \(milliseconds)") }

        /// A finger down near the middle of `box` (a few pixels off, as a person taps), held
        /// for `milliseconds`, and lifted.
        mutating func tap(_ box: Box, at origin: (x: Int, y: Int), for milliseconds: Int) {
            let x = Double(origin.x) + box.x + box.w / 2 + (random.unit() - 0.5) * min(6, box.w / 4)
            let y = Double(origin.y) + box.y + box.h / 2 + (random.unit() - 0.5) * min(6, box.h / 4)
            let finger = nextFinger
            nextFinger += 1
            lines += ["touch down \(finger) \(Hand.format(x)) \(Hand.format(y))", "sleep \(milliseconds)", "touch up \(finger)"]
        }

        /// A finger drag from `start` by (`dx`, `dy`) pixels over 150 to 250 ms: a sample every
        /// 16 ms (±2 ms), each a pixel or so off the straight line, then lifted where it is.
        mutating func drag(from start: (x: Double, y: Double), by dx: Double, _ dy: Double) {
            let finger = nextFinger
            nextFinger += 1
            let duration = 150 + random.below(101)
            lines.append("touch down \(finger) \(Hand.format(start.x)) \(Hand.format(start.y))")
            var elapsed = 0
            var last = start
            while elapsed < duration {
                let step = min(14 + random.below(5), duration - elapsed)
                elapsed += step
                let progress = Double(elapsed) / Double(duration)
                last = (
                    start.x + dx * progress + (random.unit() - 0.5) * 2, start.y + dy * progress + (random.unit() - 0.5) * 2
                )
                lines += ["sleep \(step)", "touch move \(finger) \(Hand.format(last.x)) \(Hand.format(last.y))"]
            }
            lines.append("touch up \(finger) \(Hand.format(last.x)) \(Hand.format(last.y))")
        }

        /// A key pressed for about 80 ms.
        mutating func key(_ keycode: Int) {
            lines += ["key \(keycode) down", "sleep \(70 + random.below(21))", "key \(keycode) up"]
        }

        mutating func take() -> [String] {
            defer { lines = [] }
            return lines
        }
    }
}

extension RealTouch {
    /// A control's or the board's box in window pixels, from a whole-app replay's JSON.
    struct Box {
        let x: Double
        let y: Double
        let w: Double
        let h: Double

        init?(_ object: Any?) {
            guard let object = object as? [String: Any], let x = object["x"] as? Double, let y = object["y"] as? Double,
                let w = object["w"] as? Double, let h = object["h"] as? Double
            else { return nil }
            (self.x, self.y, self.w, self.h) = (x, y, w, h)
        }
    }
}

extension RealTouch {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension ChildProcessLane {
    @Suite(
        "Real touch through an X server (Xorg's inputtest driver)",
        .enabled(if: RealTouch.runs, RealTouch.skipReason))
    struct RealTouchTests {
        /// Where things are on a screen of the game at `window`: a whole-app replay of the same
        /// touches (the replay only finds places; the live game gets the person's taps).
        static func screen(after touches: [RealTouch.Box], window: String) throws -> [String: Any] {
            var script = ""
            for (index, box) in touches.enumerated() {
                let x = Int(box.x + box.w / 2)
                let y = Int(box.y + box.h / 2)
                script += "at \(index * 1000) touch \(index) down \(x)px \(y)px\nat \(index * 1000) touch \(index) up \(x)px \(y)px\n"
            }
            script += "at \(touches.count * 1000 + 1000) end\n"
            let run = try Bloq.run(["replay", try Scratch.keptFile("where.script", script), "--app", "--json", "--window", window])
            try #require(run.status == 0, "\(run.err)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        }

        static func control(_ label: String, on screen: [String: Any]) throws -> RealTouch.Box {
            let controls = screen["controls"] as? [[String: Any]] ?? []
            let found = controls.first { $0["label"] as? String == label && $0["enabled"] as? Bool == true }
            return try #require(
                RealTouch.Box(found),
                "no enabled control \"\(label)\" on the \(screen["screen"] ?? "?") screen: \(controls.compactMap { $0["label"] })")
        }

        @Test(
            "150 ms finger taps open level 1 from the title through the level list, a finger drag clears it, Escape quits",
            arguments: ["800x600", "360x640"])
        func tapIntoLevelAndClear(window: String) throws {
            let size = window.split(separator: "x").compactMap { Int($0) }
            let (width, height) = (size[0], size[1])
            try #require(RealTouch.missing.isEmpty, "\(RealTouch.skipReason.rawValue)")
            let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 34
            let scratch = try Scratch()
            let level = Repository.url(RealTouch.level).path

            // Where the person will tap and drag, from replays of the same touches.
            let title = try Self.screen(after: [], window: window)
            let levels = try Self.control("Levels", on: title)
            let list = try Self.screen(after: [levels], window: window)
            let tile = try Self.control("1", on: list)
            let play = try Self.screen(after: [levels, tile], window: window)
            try #require(play["level"] as? String == RealTouch.level, "the replay's taps did not open level 1: \(play["screen"] ?? "?")")
            let frame = try #require(RealTouch.Box(play["board_rect"]))
            let rows = try #require(play["board"] as? [String])
            let solved = try Bloq.run(["solve", level, "--json"])
            let solution = try #require(try JSONSerialization.jsonObject(with: Data(solved.out.utf8)) as? [String: Any])
            let moves = try #require(solution["moves"] as? [[String: Any]])

            let client = try RealTouch.buildClient(in: scratch.path)
            let server = try RealTouch.Server(in: scratch, width: width, height: height)
            defer { server.stop() }
            let devices = try RealTouch.Devices(client: client, server: server, screen: (width, height))
            // The server goes first: the 21.1 driver keeps reading a socket whose client left,
            // in a busy loop, until the server ends.
            defer {
                server.stop()
                devices.close()
            }

            let data = try scratch.folder("data")
            let record = scratch.path + "/touch.script"
            let game = try Bloq.start(
                ["play", "--window", window, "--record", record],
                environment: [
                    "DISPLAY": server.display, "SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy",
                    // SDL prints every event it delivers but motion: the finger events seen.
                    "SDL_EVENT_LOGGING": "1", "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": try scratch.folder("config"),
                ], removing: ["WAYLAND_DISPLAY"], prefix: RealTouch.signalsUnblocked)
            let placed = try server.waitForWindow(named: "Bloq", of: game)
            try #require(placed.width == width && placed.height == height, "the window is \(placed.width)x\(placed.height), not \(window)")
            let origin = (placed.x, placed.y)

            // A person: looks at the title, taps Levels, then the first tile, each for 150 ms
            // (GAME.md "Tap or hold": up to about 0.35 s is a tap), then drags the block.
            var hand = RealTouch.Hand(seed: seed)
            hand.pause(400)
            hand.tap(levels, at: origin, for: 150)
            hand.pause(500 + hand.random.below(200))
            hand.tap(tile, at: origin, for: 150)
            hand.pause(700 + hand.random.below(200))
            // The board's frame holds the cells and a margin of 0.12 of a cell on each side.
            let pitch = frame.w / (Double(rows[0].count) + 0.24)
            for (index, move) in moves.enumerated() {
                let row = try #require(move["row"] as? Int)
                let column = try #require(move["col"] as? Int)
                let centre = (
                    Double(placed.x) + frame.x + frame.w / 2 + (Double(column) - Double(rows[0].count - 1) / 2) * pitch,
                    Double(placed.y) + frame.y + frame.h / 2 + (Double(row) - Double(rows.count - 1) / 2) * pitch
                )
                if index == 0 {
                    // The start's blocks are known: the finger must come down on one.
                    let blocks = (play["blocks"] as? [Any] ?? []).compactMap { RealTouch.Box($0) }
                    let point = (centre.0 - Double(placed.x), centre.1 - Double(placed.y))
                    try #require(
                        blocks.contains { $0.x <= point.0 && point.0 <= $0.x + $0.w && $0.y <= point.1 && point.1 <= $0.y + $0.h },
                        "no block at \(point) for the first move \(move): the board's margin is not 0.12 of a cell any more?")
                }
                let reach = 0.8 * pitch
                switch move["direction"] as? String {
                case "left": hand.drag(from: centre, by: -reach, 0)
                case "right": hand.drag(from: centre, by: reach, 0)
                case "up": hand.drag(from: centre, by: 0, -reach)
                default: hand.drag(from: centre, by: 0, reach)
                }
                hand.pause(600 + hand.random.below(200))
            }
            try devices.perform(hand.take())

            // The clear is saved as it happens: wait for it in the progress file.
            let progress = data + "/bloq/progress.json"
            let identity = try DurabilityFixtures.firstLevel()
            let cleared = RealTouch.wait(seconds: RealTouch.patience) {
                DurabilityFixtures.progressFile(progress)?.levels[identity]?.cleared == true
            }

            // Escape four times (the Cleared card or the board, the list, the title's Quit,
            // and Quit itself).
            for _ in 0..<4 {
                hand.key(RealTouch.escapeKeycode)
                hand.pause(300 + hand.random.below(200))
            }
            try devices.perform(hand.take())
            let quit = RealTouch.wait(seconds: RealTouch.patience) { !game.process.isRunning }
            if !quit { kill(game.process.processIdentifier, SIGTERM) }
            let ended = game.finish()
            let recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            let context = "window \(window), seed \(seed); recorded:\n\(recorded)\ngame's standard error:\n\(ended.err.suffix(4000))"

            let lines = recorded.split(separator: "\n")
            let played = lines.contains { $0.hasPrefix("at ") && !$0.hasSuffix(" end") }
            let unopened =
                "nothing was played on level 1: the 150 ms taps on Levels and on its tile did not open it"
                + " (GAME.md \"Tap or hold\": a press released within about 0.35 s opens a tile)"
            #expect(played, "\(unopened)\n\(context)")
            #expect(cleared, "level 1 is not cleared in progress.json\n\(context)")
            #expect(quit && ended.status == 0, "four Escapes from the keyboard device did not quit the game\n\(context)")
            // SDL saw the fingers, and its own touch-made mouse events, from the X server.
            #expect(ended.err.contains("SDL_FINGERDOWN") && ended.err.contains("SDL_FINGERUP"), "SDL saw no finger\n\(context)")
            #expect(
                ended.err.contains("SDL_MOUSEBUTTONDOWN (timestamp=") && ended.err.contains("which=4294967295"),
                "SDL made no mouse event of the touches\n\(context)")
            // The game took them as fingers, once: touch lines on the board, and no mouse press.
            if played {
                #expect(lines.contains { $0.contains(" touch ") && $0.contains(" down ") }, "no finger recorded\n\(context)")
                #expect(lines.contains { $0.contains(" touch ") && $0.contains(" up ") }, "no finger lifted\n\(context)")
                #expect(
                    !lines.contains { $0.contains(" press ") || $0.contains(" release ") },
                    "a touch counted as a mouse press too\n\(context)")
            }
            // What the game recorded replays headless to the same clear.
            if cleared {
                let replayed = try Bloq.run(["replay", record, "--level", level, "--json"])
                #expect(
                    replayed.out.contains("\"cleared\": true"), "the recording does not replay to the clear: \(replayed.out)\n\(context)")
            }
        }
    }
}
