import BloqCLI
import BloqSDL

// The game and its command-line tools, one process: SDL starts only for a window.
StartupTrace.mark("main")
SignalMask.unblockQuitSignals()
BloqCommand.main()
