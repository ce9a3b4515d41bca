import BloqCLI
import BloqSDL

StartupTrace.mark("main")

// The window process: the same command table, with the commands that need SDL able to
// run here instead of handing over.
Play.runner = { try $0.openWindow() }
Bench.runner = { try $0.measure() }
Replay.renderer = renderReplay
BloqCommand.main()
