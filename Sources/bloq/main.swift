import BloqCLI

// The command-line tool: everything but windows (those are bloq-window's).
SignalMask.unblockQuitSignals()
BloqCommand.main()
