import BloqCore
import BloqEngine
import BloqGame

/// Settings: one toggle per setting, saved at once; the screen says where.
public final class SettingsScreen: AppScreen {
    public let kind = ScreenKind.settings
    unowned let app: AppController
    public var focus: ControlID? = .toggle(.colorBlindSymbols)

    init(app: AppController) { self.app = app }

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The header, a switch per setting (its name on the left, the switch on the right),
    /// in one column, or two when one does not fit; where they are saved at the bottom.
    public var layout: (controls: [Control], texts: [TextBox]) {
        let metrics = app.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let header = metrics.header(tr("Settings"))
        var texts = header.texts
        let saved = savedIn.map { tr("Saved in %1", $0) } ?? tr("Not saved: this run keeps settings in memory only")
        let width = viewport.width - margin * 2
        let bottomHeight = Typesetter.paragraphHeight(saved, px: type.caption, width: width, maximumLines: 2)
        let bottom = Rect(x: margin, y: viewport.height - margin - bottomHeight, width: width, height: bottomHeight)
        texts += Typesetter.paragraph(saved, px: type.caption, in: bottom, role: .secondary, maximumLines: 2)
        let area = Rect(x: margin, y: header.bottom, width: width, height: bottom.y - margin - header.bottom)
        let keys = SettingKey.allCases
        let height = metrics.unit
        let gap = metrics.gap
        let switchWidth = (height * 1.6).rounded()
        var controls = header.controls
        for columns in 1...2 {
            let rows = (keys.count + columns - 1) / columns
            guard Double(rows) * (height + gap) - gap <= area.height || columns == 2 else { continue }
            let columnWidth = min((area.width - gap * Double(columns - 1)) / Double(columns), height * 10)
            let labelWidth = columnWidth - switchWidth - height * 0.6
            guard let px = Typesetter.size(fitting: keys.map(\.label), width: labelWidth, sizes: [type.body, type.caption]) else {
                continue
            }
            let total = columnWidth * Double(columns) + gap * Double(columns - 1)
            let left = area.center.x - total / 2
            let top = area.y + max((area.height - (Double(rows) * (height + gap) - gap)) / 2, 0) * 0.4
            for (index, key) in keys.enumerated() {
                let rect = Rect(
                    x: left + Double(index % columns) * (columnWidth + gap), y: top + Double(index / columns) * (height + gap),
                    width: columnWidth, height: height)
                var control = Control(.toggle(key), key.label, rect: rect, style: .toggle(on: key.isOn(app.settings)))
                control.labelPx = px
                control.labelFrame = Rect(x: rect.x + height * 0.3, y: rect.y, width: labelWidth, height: height)
                control.labelAlignment = 0
                controls.append(control)
            }
            break
        }
        return (controls, texts)
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
