import BloqTestSupport
import Foundation
import Testing

/// Helpers for the tests of bounds in whole processes (damaged and hostile catalogs, texts far
/// longer than any screen, signals that must end the game wherever it is). Each wait has a
/// guard of many seconds (a hang fails the test instead of hanging the run); none measures
/// speed.
enum BoundedRun {
    /// Waits for `child` to exit, killing it after `guardSeconds`; nil when it had to be
    /// killed (it hung), else how it ended.
    static func wait(_ child: Bloq.Child, guardSeconds: Double) -> (reason: Process.TerminationReason, status: Int32, err: String)? {
        let deadline = Date().addingTimeInterval(guardSeconds)
        while child.process.isRunning {
            if Date() > deadline {
                kill(child.process.processIdentifier, SIGKILL)
                child.process.waitUntilExit()
                return nil
            }
            usleep(5_000)
        }
        child.process.waitUntilExit()
        return (child.process.terminationReason, child.process.terminationStatus, child.standardError)
    }

    /// Seconds of CPU the process `pid` has used (its /proc stat), or nil once it is gone.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The child's signal lines of /proc/PID/status (blocked, ignored, caught), for a
    /// failure's message.
    static func signalState(_ child: Bloq.Child) -> String {
        let status = (try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").filter { $0.hasPrefix("Sig") }.joined(separator: ", ")
    }

    /// Waits until `child` has used `seconds` of CPU (it is then mid-work, long past its
    /// start-up); false if it ended first.
    static func waitForWork(_ child: Bloq.Child, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(Bloq.hangGuard)
        while child.process.isRunning, Date() < deadline {
            if let used = cpuSeconds(child.process.processIdentifier), used >= seconds { return true }
            usleep(10_000)
        }
        return false
    }

    /// A folder of catalogs `LL/LC_MESSAGES/bloq.mo`, one per entry.
    static func catalogs(_ files: [String: Data]) throws -> String {
        let folder = try Scratch.keptFolder("bloq-hostile")
        for (language, bytes) in files {
            let messages = "\(folder)/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: messages + "/bloq.mo"))
        }
        return folder
    }

    /// `po` compiled by msgfmt (without --check: a hostile catalog is what msgfmt accepts).
    static func compile(_ po: String) throws -> Data {
        let scratch = try Scratch("bloq-po")
        let folder = scratch.url
        try po.write(to: folder.appendingPathComponent("x.po"), atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "-o", folder.appendingPathComponent("x.mo").path, folder.appendingPathComponent("x.po").path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        #expect(msgfmt.terminationStatus == 0, "msgfmt refused the test's catalog")
        return try Data(contentsOf: folder.appendingPathComponent("x.mo"))
    }

    /// The shipped German catalog as msgfmt compiles it (TestCatalogs).
    static func german() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: try TestCatalogs.folder.get() + "/de/LC_MESSAGES/bloq.mo"))
    }

    static let sparseLevel = """
        title: Sparse Sixteen

        ...P..O..G......
        ..........G.....
        ..Y.....Y..C....
        ..........P.O...
        ................
        W..G.R.........O
        ................
        ......W.........
        ..........W.....
        ...B.......Y...R
        ....O...........
        ...B.B..G.......
        .......C....P...
        ..........R.....
        ...........Y.R..
        .C..............

        """
}
