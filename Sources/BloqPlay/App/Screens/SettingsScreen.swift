import BloqEngine
import BloqGame

/// Settings: one toggle per setting, saved at once; the screen says where.
public final class SettingsScreen: AppScreen {
    public let kind = ScreenKind.settings
    unowned let app: AppController
    public var focus: ControlID? = .toggle(.colorBlindSymbols)

    init(app: AppController) { self.app = app }

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }

    public var controls: [Control] {
        let metrics = app.metrics
        let unit = metrics.unit
        let width = min(metrics.viewport.width * 0.8, unit * 9)
        let x = (metrics.viewport.width - width) / 2
        var result = [metrics.backControl()]
        for (index, key) in SettingKey.allCases.enumerated() {
            result.append(
                Control(
                    .toggle(key), key.label, rect: Rect(x: x, y: unit * (2.2 + 1.3 * Double(index)), width: width, height: unit),
                    style: .toggle(on: key.isOn(app.settings))))
        }
        return result
    }

    /// Where the settings are saved (the real path), or nil when they are not.
    public var savedIn: String? { app.settingsPath }

    public func activate(_ id: ControlID) {
        switch id {
        case .back: app.back()
        case .toggle(let key): key.toggle(&app.settings)
        default: break
        }
    }
}
