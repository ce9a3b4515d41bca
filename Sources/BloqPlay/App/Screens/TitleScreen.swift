import BloqEngine
import BloqGame

/// The title: the logo and Play, Daily, Levels, Make, Settings, About, Quit. Play
/// continues where the player was; Daily opens today's board (and shows the streak). The
/// focus starts on Play, so Enter plays at once.
public final class TitleScreen: AppScreen {
    public let kind = ScreenKind.title
    unowned let app: AppController
    public var focus: ControlID? = .play
    /// A line shown once, at the bottom (damaged progress or settings, say).
    public private(set) var notice: String?

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }

    init(app: AppController, notice: String? = nil) {
        self.app = app
        self.notice = notice
    }

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }

    public var controls: [Control] {
        let metrics = app.metrics
        let viewport = metrics.viewport
        let unit = metrics.unit
        let width = min(viewport.width * 0.6, unit * 6)
        let x = (viewport.width - width) / 2
        var entries: [(ControlID, String)] = [
            (.play, "Play"), (.levels, "Levels"), (.make, "Make"), (.settings, "Settings"), (.about, "About"), (.quit, "Quit"),
        ]
        if app.today != nil { entries.insert((.daily, "Daily"), at: 1) }
        let streak = app.dailyStreak
        // The buttons below the logo, closer together on a short window, and closer still
        // when a notice needs the bottom of the screen; the key line keeps a band of its own.
        let keyLine = max(unit * 0.8, viewport.height * 0.07)
        let space = viewport.height * (notice == nil ? 0.58 : 0.45) - keyLine - unit * 0.2
        let pitch = min(unit * 1.2, space / Double(entries.count))
        let height = max(min(unit, pitch * 0.85), metrics.minimumButtonSize)
        return entries.enumerated().map { index, entry in
            Control(
                entry.0, entry.1, rect: Rect(x: x, y: viewport.height * 0.42 + pitch * Double(index), width: width, height: height),
                style: entry.0 == .play ? .accent : .plain,
                trailing: entry.0 == .daily && streak > 0 ? " · streak \(DailyScreen.streakText(streak))" : "")
        }
    }

    public func activate(_ id: ControlID) {
        switch id {
        case .play: app.continuePlaying()
        case .daily: app.showDaily()
        case .levels: app.showLevels()
        case .make: app.showEditor()
        case .settings: app.showSettings()
        case .about: app.showAbout()
        case .quit: app.quit()
        default: break
        }
    }

    public func willLeave() { notice = nil }
}
