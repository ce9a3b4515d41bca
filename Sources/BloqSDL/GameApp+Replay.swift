import BloqEngine
import BloqGame
import BloqPlay
import CSDL2

extension GameApp {
    /// Runs `script` through the same translation and shell as live play (a `ScriptPlayer`
    /// feeding the shell), resizing the real window when the script does, so the frame
    /// drawn afterwards is the game's. `afterEachStep` may stop it early (returning false).
    /// Throws `ReplayError` for a line that cannot be carried out.
    public func replay(_ script: InputScript, afterEachStep: (() -> Bool)? = nil) throws(ReplayError) {
        let player = ScriptPlayer(app: app, window: windowSize, scale: translator.scale)
        player.onResize = { [self] width, height in
            SDL_SetWindowSize(window, Int32(width), Int32(height))
            updateLayout()
            return canvas.outputSize
        }
        try player.run(script, afterEachStep: afterEachStep)
        clock = player.clock
    }
}
