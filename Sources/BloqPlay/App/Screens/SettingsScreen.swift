import BloqCore
import BloqEngine
import BloqGame

/// Settings: one toggle per setting and the language's choice, saved at once; the screen
/// says where.
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
        let rows = keys.count + 1
        let height = metrics.unit
        let gap = metrics.gap
        let switchWidth = (height * 1.6).rounded()
        let language = SettingsScreen.languageName(app.settings.language)
        let languageNames = Settings.languageChoices.map(SettingsScreen.languageName)
        var controls = header.controls
        for columns in 1...2 {
            let rowCount = (rows + columns - 1) / columns
            guard Double(rowCount) * (height + gap) - gap <= area.height || columns == 2 else { continue }
            let columnWidth = min((area.width - gap * Double(columns - 1)) / Double(columns), height * 10)
            let labelWidth = columnWidth - switchWidth - height * 0.6
            // A keyboard player reads the key that does it too: "Fullscreen (F11)".
            let keyboard = app.inputMode == .keyboard
            let trailing = { (key: SettingKey) in keyboard ? key.key.map { " (\($0))" } ?? "" : "" }
            guard
                let px = Typesetter.size(
                    fitting: keys.map { $0.label + trailing($0) }, width: labelWidth, sizes: [type.body, type.caption])
            else {
                continue
            }
            // The language's row: its name at the left, the choice at the right.
            let valueWidth = languageNames.map { Typesetter.font.boxWidth($0, px: px) }.max() ?? 0
            let languageLabel = tr("Language")
            guard Typesetter.fits(languageLabel, px: px, width: columnWidth - valueWidth - height * 0.9) else { continue }
            let total = columnWidth * Double(columns) + gap * Double(columns - 1)
            let left = area.center.x - total / 2
            let top = area.y + max((area.height - (Double(rowCount) * (height + gap) - gap)) / 2, 0) * 0.4
            func frame(_ index: Int) -> Rect {
                Rect(
                    x: left + Double(index % columns) * (columnWidth + gap), y: top + Double(index / columns) * (height + gap),
                    width: columnWidth, height: height)
            }
            for (index, key) in keys.enumerated() {
                let rect = frame(index)
                var control = Control(
                    .toggle(key), key.label, rect: rect, style: .toggle(on: key.isOn(app.settings)), trailing: trailing(key))
                control.labelPx = px
                control.labelFrame = Rect(x: rect.x + height * 0.3, y: rect.y, width: labelWidth, height: height)
                control.labelAlignment = 0
                controls.append(control)
            }
            let rect = frame(keys.count)
            var control = Control(.language, languageLabel, rect: rect)
            control.labelPx = px
            control.labelFrame = Rect(x: rect.x + height * 0.3, y: rect.y, width: rect.width - valueWidth - height * 0.9, height: height)
            control.labelAlignment = 0
            controls.append(control)
            let value = Rect(x: rect.maxX - height * 0.3 - valueWidth, y: rect.y, width: valueWidth, height: height)
            texts.append(Typesetter.line(language, px: px, in: value, role: .accent, alignment: 1, owner: .language))
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
        case .language: app.settings.language = SettingsScreen.nextLanguage(after: app.settings.language)
        default: break
        }
    }

    /// How the language setting reads on its row: "Automatic" (the desktop's language), or
    /// the language's name in itself ("Deutsch"; "de_AT" too). A code of a language this
    /// version lacks ("xx", a newer Bloq's) reads "Automatic": the game follows the
    /// desktop's language then, and said so as it started.
    static func languageName(_ setting: String) -> String {
        shownChoice(setting).flatMap { Language.named($0)?.name } ?? tr("Automatic")
    }

    /// The shipped choice `setting` stands for: itself, its language without the region
    /// ("de" for "de_AT"), or nil (automatic) for a language this version lacks.
    static func shownChoice(_ setting: String) -> String? {
        if Language.named(setting) != nil { return setting }
        let base = String(setting.prefix { $0 != "_" })
        return Language.named(base) != nil ? base : nil
    }

    /// The choice after `setting`, round the list (automatic, then each shipped language);
    /// after a language this version lacks (which reads "Automatic"), the first language.
    static func nextLanguage(after setting: String) -> String {
        let choices = Settings.languageChoices
        let index = choices.firstIndex(of: shownChoice(setting) ?? Settings.automaticLanguage) ?? 0
        return choices[(index + 1) % choices.count]
    }
}
