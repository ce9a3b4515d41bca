import BloqSDL

StartupTrace.mark("main")
WindowCommand.main()
