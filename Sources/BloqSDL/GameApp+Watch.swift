import BloqFiles
import BloqGame
import BloqPlay
import CSDL2

extension GameApp {
    /// Makes the level shown follow the file at `path` (`bloq play --level FILE --watch`):
    /// a `FileWatcher` (inotify, polling as the fallback) wakes the loop when the file
    /// changes, and the shell reloads it on the next frame. `check` is what the solver says
    /// against a version that loads (run off the render thread); nil for none.
    public func watchLevelFile(_ path: String, check: (@Sendable (Level) -> [Diagnostic])?, inotify: Bool = true) {
        fileWatcher?.stop()
        let watcher = FileWatcher(path: path, inotify: inotify, onChange: { GameApp.wakeFromAnyThread() })
        fileWatcher = watcher
        app.watch(
            LevelWatch(
                path: path, changed: { watcher.takeChange() }, load: { LevelFiles.load(path: path).result }, check: check,
                mode: app.solverMode))
    }

    /// Wakes the live loop from its wait for events (SDL_PushEvent is safe from any thread).
    static func wakeFromAnyThread() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }
}
