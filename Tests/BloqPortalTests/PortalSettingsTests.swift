import BloqGame
import BloqPortal
import BloqTestSupport
import Foundation
import Testing

/// The desktop's appearance through the settings portal: what its values mean,
/// and a real libdbus client against a private dbus-daemon and a stand-in portal
/// (Tests/portal/portal-stand-in.c), changes included.
@Suite("The settings portal")
struct PortalSettingsTests {
    @Test("color-scheme, contrast and reduced motion (the portal's, GNOME's, KDE's) as the game reads them")
    func meaning() {
        typealias Values = [String: PortalValue]
        func read(_ values: Values) -> SystemAppearance { PortalSettings.appearance(from: values) }
        #expect(read([:]) == .none)
        #expect(read(["org.freedesktop.appearance color-scheme": .number(0)]).theme == nil, "0: no preference")
        #expect(read(["org.freedesktop.appearance color-scheme": .number(1)]).theme == .dark)
        #expect(read(["org.freedesktop.appearance color-scheme": .number(2)]).theme == .light)
        #expect(read(["org.freedesktop.appearance contrast": .number(1)]).contrast == .high)
        #expect(read(["org.freedesktop.appearance contrast": .number(0)]).contrast == nil)
        #expect(read(["org.gnome.desktop.a11y.interface high-contrast": .flag(true)]).contrast == .high)
        #expect(read(["org.freedesktop.appearance reduced-motion": .number(1)]).reducedMotion == true)
        #expect(read(["org.gnome.desktop.interface enable-animations": .flag(false)]).reducedMotion == true)
        #expect(read(["org.gnome.desktop.interface enable-animations": .flag(true)]).reducedMotion == false)
        #expect(read(["org.kde.kdeglobals.KDE AnimationDurationFactor": .real(0)]).reducedMotion == true)
        #expect(read(["org.kde.kdeglobals.KDE AnimationDurationFactor": .real(0.5)]).reducedMotion == false)
        #expect(
            read(["org.freedesktop.appearance reduced-motion": .number(1), "org.gnome.desktop.interface enable-animations": .flag(true)])
                .reducedMotion == true, "the portable key wins")
    }

    @Test("the settings resolve against the system: follow it, or the player's choice; no preference gives dark, normal, motion on")
    func resolving() {
        var settings = Settings()
        #expect(Appearance(settings: settings, system: .none) == Appearance(theme: .dark, contrast: .normal, reducedMotion: false))
        let system = SystemAppearance(theme: .light, contrast: .high, reducedMotion: true)
        #expect(Appearance(settings: settings, system: system) == Appearance(theme: .light, contrast: .high, reducedMotion: true))
        settings.theme = .dark
        settings.contrast = .normal
        settings.motion = .full
        #expect(Appearance(settings: settings, system: system) == Appearance(theme: .dark, contrast: .normal, reducedMotion: false))
    }

    @Test("a real client: the portal's values at start, then each SettingChanged, with the loop woken; no portal: no preference")
    func liveBus() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        // No portal on the bus yet: the answer is an error, which is no preference.
        let nothing: @Sendable () -> Void = {}
        let made = PortalSettings(address: bus.address, wake: nothing)
        let alone = try #require(made)
        alone.waitForAnswer(upTo: PrivateBus.patience)
        #expect(alone.poll() == SystemAppearance.none)

        let portal = try bus.startPortal(lines: [
            "quiet org.freedesktop.appearance color-scheme u 2", "quiet org.gnome.desktop.interface enable-animations b false",
        ])
        let wakes = Wakes()
        let wake: @Sendable () -> Void = { wakes.add() }
        let connected = PortalSettings(address: bus.address, wake: wake)
        let settings = try #require(connected)
        settings.waitForAnswer(upTo: PrivateBus.patience)
        #expect(settings.poll() == SystemAppearance(theme: .light, reducedMotion: true))
        #expect(settings.poll() == nil, "nothing changed")

        try portal.send("set org.freedesktop.appearance color-scheme u 1")
        let heard = PrivateBus.wait { wakes.count > 0 }
        #expect(heard, "the watcher woke the loop on SettingChanged")
        var changed: SystemAppearance?
        _ = PrivateBus.wait {
            changed = settings.poll()
            return changed != nil
        }
        #expect(changed == SystemAppearance(theme: .dark, reducedMotion: true))
        try portal.send("set org.freedesktop.appearance contrast u 1")
        _ = PrivateBus.wait {
            changed = settings.poll()
            return changed?.contrast == .high
        }
        #expect(changed == SystemAppearance(theme: .dark, contrast: .high, reducedMotion: true))
    }
}

final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var wakes = 0
    func add() { lock.withLock { wakes += 1 } }
    var count: Int { lock.withLock { wakes } }
}

/// A private `dbus-daemon --session` for one test, and the stand-in portal on it.
final class PrivateBus {
    /// The bound of a wait only a failure reaches.
    static let patience = 30.0
    let address: String
    private let daemon: Process
    private let scratch: Scratch
    private var folder: URL { scratch.url }
    private var portals: [Portal] = []

    init() throws {
        scratch = try Scratch("bloq-bus")
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:dir=\(scratch.path)"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        var text = ""
        let reader = output.fileHandleForReading
        while !text.contains("\n") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw Failure("dbus-daemon printed no address") }
    }

    func stop() {
        for portal in portals { portal.stop() }
        // SIGKILL: children of a test inherit its worker thread's signal mask, which blocks
        // SIGTERM (RealTouchTests says more).
        if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
        daemon.waitUntilExit()
    }

    /// Builds and starts the stand-in portal, fed `lines` first; returns when it serves.
    func startPortal(lines: [String]) throws -> Portal {
        let binary = folder.appendingPathComponent("portal-stand-in").path
        let source = Repository.path("Tests/portal/portal-stand-in.c")
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/bin/sh")
        compiler.arguments = [
            "-c", "cc -std=c11 -O1 -Wall -Wextra -Werror -o '\(binary)' '\(source)' $(pkg-config --cflags --libs dbus-1)",
        ]
        let errors = Pipe()
        compiler.standardError = errors
        try compiler.run()
        compiler.waitUntilExit()
        guard compiler.terminationStatus == 0 else {
            throw Failure(
                "cc could not build the stand-in portal: \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))"
            )
        }
        let portal = try Portal(binary: binary, address: address)
        portals.append(portal)
        try portal.expect("ready")
        for line in lines { try portal.send(line) }
        return portal
    }

    /// Waits until `condition` holds, checking every 10 ms, for at most `patience` seconds.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    final class Portal {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private var seen = ""

        init(binary: String, address: String) throws {
            process.executableURL = URL(fileURLWithPath: binary)
            process.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        /// Sends a command and waits until the stand-in has acted on it.
        func send(_ line: String) throws {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            try expect("set")
        }

        func expect(_ word: String) throws {
            while true {
                if let range = seen.range(of: word + "\n") {
                    seen.removeSubrange(seen.startIndex..<range.upperBound)
                    return
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw Failure("the stand-in portal ended before saying \(word)") }
                seen += String(decoding: chunk, as: UTF8.self)
            }
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
