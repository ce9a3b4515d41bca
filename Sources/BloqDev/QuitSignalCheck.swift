import ArgumentParser
import BloqCLI
import BloqSDL
import Glibc

/// `QuitSignals` in a process of its own (the signal tests): installs the handlers as a live
/// game does, says "ready", then either waits for a signal and takes it as the game loop
/// does (`acknowledge`), or, with `--stuck`, never looks (a frame that does not end), so
/// that the watcher must end the process within `QuitSignals.grace`.
struct QuitSignalCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit-signals",
        abstract: "Install the live game's signal handlers, then take a signal as the loop does, or never (--stuck).")

    @Flag(help: "Never look at the signal: only the watcher can end the process.")
    var stuck = false

    func run() throws {
        SignalMask.unblockQuitSignals()
        QuitSignals.install()
        print("ready")
        fflush(nil)
        var spin: UInt64 = 0
        while true {
            if stuck {
                // Work that never ends, as a frame stuck in a loop would be.
                spin &+= 1
                continue
            }
            if let signal = QuitSignals.pending {
                QuitSignals.acknowledge()
                print("took \(QuitSignals.name(signal))")
                return
            }
            usleep(10_000)
        }
    }
}
