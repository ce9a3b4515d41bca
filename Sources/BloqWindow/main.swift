import BloqCLI
import BloqSDL

StartupTrace.mark("main")
SignalMask.unblockQuitSignals()
WindowCommand.main()
