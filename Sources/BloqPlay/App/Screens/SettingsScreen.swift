import BloqEngine
import BloqGame
import BloqLocalization

/// Settings: one toggle per setting and the language's choice, saved at once; the screen
/// says where.
public final class SettingsScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.settings
    public var focus: ControlID? = .toggle(.colorBlindSymbols)
    private var memo = Memo<Int, (controls: [Control], texts: [TextBox])>()

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The header, a switch per setting and a row per choice (its name on the left, the
    /// switch or the choice on the right), in one column, or two when one does not fit;
    /// where they are saved at the bottom.
    public var layout: (controls: [Control], texts: [TextBox]) {
        memo.value(for: context.generation) { makeLayout() }
    }

    private func makeLayout() -> (controls: [Control], texts: [TextBox]) {
        let metrics = context.metrics
        let settings = context.settings
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let header = metrics.header(tr("Settings"))
        var texts = header.texts
        // Where they are saved, or why not: "Saved in" stayed while nothing could be (helper-64).
        let saved =
            // TRANSLATORS: %1 says why, and what to do ("permission denied: make ~/.config/bloq writable").
            context.settingsProblem.map { tr("Settings not saved: %1", $0) } ?? savedIn.map { tr("Saved in %1", $0) }
            ?? tr("Not saved: this run keeps settings in memory only")
        let width = viewport.width - margin * 2
        let bottomHeight = Typesetter.paragraphHeight(saved, px: type.caption, width: width, maximumLines: 2)
        let bottom = Rect(x: margin, y: viewport.height - margin - bottomHeight, width: width, height: bottomHeight)
        texts += Typesetter.paragraph(saved, px: type.caption, in: bottom, role: .secondary, maximumLines: 2)
        let area = Rect(x: margin, y: header.bottom, width: width, height: bottom.y - margin - header.bottom)
        let keys = SettingKey.allCases
        // The choices: the appearance's (what following the system gives now), the language.
        let system = Appearance(settings: Settings(), system: context.systemAppearance)
        var choices: [(id: ControlID, label: String, value: String, brief: String, values: [String])] = AppearanceKey.allCases
            .map {
                (.appearance($0), $0.label, $0.value(settings, system: system), $0.value(settings, system: system, brief: true), $0.values)
            }
        // The language: "Automatic (Deutsch)" says what following the desktop (or `--lang`) shows.
        let language = context.language.rowText(setting: settings.language)
        let automatic = SettingsScreen.languageName(Settings.automaticLanguage, shown: context.language.code)
        choices.append(
            (
                .language, tr("Language"), language, SettingsScreen.languageName(languageChoice),
                context.languageChoices.map { SettingsScreen.languageName($0) } + [automatic]
            ))
        let rows = keys.count + choices.count
        let height = metrics.unit
        let gap = metrics.gap
        let switchWidth = (height * 1.6).rounded()
        var controls = header.controls
        // Each arrangement in turn: one column, one as wide as the window (a long language in
        // a small window: Spanish at 400x300 took two columns, and the Language row, cycled
        // under a pointer, went from under it, helper-58), two, then one with each choice
        // under its name (a narrow window in a long language), then two so, then two with
        // the names on two lines; the first that fits. When none does (a tiny window), two
        // columns, the choices cut to fit.
        let arrangements = [
            (1, false, false, false), (1, false, false, true), (2, false, false, false), (1, true, false, false), (2, true, false, false),
            (2, false, true, false), (2, false, false, false),
        ]
        /// Whether `name` goes on two lines at `px` in `width`, no word broken.
        func twoLines(_ name: String, _ px: Double, _ width: Double) -> Bool {
            Typesetter.font.widestWord(name, px: px) <= width && Typesetter.font.wrap(name, px: px, width: width).count <= 2
        }
        for (attempt, (columns, stacked, wrapped, wide)) in arrangements.enumerated() {
            let last = attempt == arrangements.count - 1
            let rowHeight =
                stacked
                ? (height * 1.5).rounded()
                : wrapped ? max(height, (Typesetter.height(lines: 2, px: type.caption) + height * 0.2).rounded()) : height
            let rowCount = (rows + columns - 1) / columns
            guard Double(rowCount) * (rowHeight + gap) - gap <= area.height || last else { continue }
            let columnWidth = min((area.width - gap * Double(columns - 1)) / Double(columns), wide ? .infinity : height * 12)
            // Up to the switch, which is as tall as a row is (ScreenPainter): 1.6 rows wide, 0.3
            // from the end.
            let labelWidth = columnWidth - max(switchWidth, (rowHeight * 1.6).rounded()) - rowHeight * 0.3 - height * 0.3
            // A keyboard player reads the key that does it too: "Fullscreen (F11)".
            let keyboard = context.inputMode == .keyboard
            let trailing = { (key: SettingKey) in keyboard ? key.key.map { " (\($0))" } ?? "" : "" }
            let names = keys.map { $0.label + trailing($0) }
            let fitted =
                wrapped
                ? (Typesetter.height(lines: 2, px: type.caption) <= rowHeight && names.allSatisfy { twoLines($0, type.caption, labelWidth) }
                    ? type.caption : nil)
                : Typesetter.size(fitting: names, width: labelWidth, sizes: [type.body, type.caption])
            guard let px = fitted ?? (last ? type.caption : nil) else { continue }
            // A choice's row: its name at the left, the choice at the right (or under it), at
            // the labels' size or the caption's, its box as wide as its widest choice.
            let room = columnWidth - height * 0.9
            func fit(_ valuePx: Double) -> [Double]? {
                let widths = choices.map { choice in choice.values.map { Typesetter.font.boxWidth($0, px: valuePx) }.max() ?? 0 }
                let fits = zip(choices, widths).allSatisfy { choice, width in
                    let under = max(Typesetter.font.boxWidth(choice.label, px: px), width) <= columnWidth - height * 0.6
                    if stacked { return under }
                    // Two lines: the name's beside the choice, or the name over it.
                    if wrapped { return twoLines(choice.label, px, room - width) || under }
                    return Typesetter.font.boxWidth(choice.label, px: px) + width <= room
                }
                return fits ? widths : nil
            }
            let valuePx = [px, type.caption].first { fit($0) != nil }
            guard valuePx != nil || last else { continue }
            let shownPx = valuePx ?? type.caption
            // Nothing fits even so: the choice as briefly as it is said, at most half the row,
            // cut; its name keeps the rest.
            let valueWidths =
                fit(shownPx)
                ?? choices.map { stacked ? columnWidth - height * 0.6 : min(Typesetter.font.boxWidth($0.brief, px: shownPx), room / 2) }
            let total = columnWidth * Double(columns) + gap * Double(columns - 1)
            let left = area.center.x - total / 2
            let top = area.y + max((area.height - (Double(rowCount) * (rowHeight + gap) - gap)) / 2, 0) * 0.4
            func frame(_ index: Int) -> Rect {
                Rect(
                    x: left + Double(index % columns) * (columnWidth + gap), y: top + Double(index / columns) * (rowHeight + gap),
                    width: columnWidth, height: rowHeight)
            }
            for (index, key) in keys.enumerated() {
                let rect = frame(index)
                var control = Control(
                    .toggle(key), key.label, rect: rect, style: .toggle(on: settings[keyPath: key.setting]), trailing: trailing(key))
                control.labelPx = px
                control.labelFrame = Rect(x: rect.x + height * 0.3, y: rect.y, width: labelWidth, height: rowHeight)
                control.labelAlignment = 0
                texts += name(of: &control, wrapped: wrapped)
                controls.append(control)
            }
            for (offset, (choice, valueWidth)) in zip(choices, valueWidths).enumerated() {
                let rect = frame(keys.count + offset)
                var control = Control(choice.id, choice.label, rect: rect)
                control.labelPx = px
                control.labelAlignment = 0
                let value: Rect
                if stacked || wrapped && !twoLines(choice.label, px, room - valueWidth) {
                    control.labelFrame = Rect(
                        x: rect.x + height * 0.3, y: rect.y + rowHeight * 0.04, width: columnWidth - height * 0.6, height: rowHeight * 0.46)
                    value = Rect(
                        x: rect.maxX - height * 0.3 - valueWidth, y: rect.y + rowHeight * 0.5, width: valueWidth, height: rowHeight * 0.46)
                } else {
                    control.labelFrame = Rect(
                        x: rect.x + height * 0.3, y: rect.y, width: max(rect.width - valueWidth - height * 0.9, 1), height: rowHeight)
                    value = Rect(x: rect.maxX - height * 0.3 - valueWidth, y: rect.y, width: valueWidth, height: rowHeight)
                }
                texts += name(of: &control, wrapped: wrapped)
                controls.append(control)
                // "Automatic (dark)" where it fits, "Automatic" where it does not, cut only then.
                let whole = Typesetter.fits(choice.value, px: shownPx, width: valueWidth) ? choice.value : choice.brief
                let shown = Typesetter.fitted(whole, px: shownPx, width: valueWidth, keepingEnd: false)
                texts.append(Typesetter.line(shown, px: shownPx, in: value, role: .accent, alignment: 1, owner: choice.id))
            }
            break
        }
        return (controls, texts)
    }

    /// A row's name on two lines, when `wrapped`: drawn as the control's texts, in its
    /// label's frame, in place of its one-line label.
    private func name(of control: inout Control, wrapped: Bool) -> [TextBox] {
        guard wrapped, let frame = control.labelFrame else { return [] }
        control.showsLabel = false
        return Typesetter.paragraph(
            control.text, px: control.labelPx, in: frame, alignment: 0, maximumLines: 2, centred: true, owner: control.id)
    }

    /// Where the settings are saved (the real path), or nil when they are not.
    public var savedIn: String? { context.settingsPath }

    public func activate(_ id: ControlID) {
        var settings = context.settings
        switch id {
        case .back: ask(.back)
        case .toggle(let key): settings[keyPath: key.setting].toggle()
        case .appearance(let key): key.next(&settings)
        case .language: ask(.pickLanguage(SettingsScreen.nextLanguage(after: languageChoice, in: context.languageChoices)))
        default: break
        }
        if settings != context.settings { ask(.changeSettings(settings)) }
    }

    /// What the Language row stands for: the setting, or `--lang` while it wins over it.
    var languageChoice: String { context.language.choice(setting: context.settings.language) }

    /// How the language setting reads on its row: "Automatic (Deutsch)" (following the
    /// desktop, which shows `shown`; "Automatic" without it), or the language's name in
    /// itself ("Deutsch"; "de_AT" too). A code of a language this version lacks ("xx", a
    /// newer Bloq's) reads as automatic: the game follows the desktop's language then, and
    /// said so as it started.
    static func languageName(_ setting: String, shown: String? = nil) -> String {
        if let name = shownChoice(setting).flatMap({ Language.named($0)?.name }) { return name }
        guard let shown else { return tr("Automatic") }
        // TRANSLATORS: the language setting follows the desktop, and the desktop's language
        // is %1, named in itself ("Automatic (Deutsch)").
        return tr("Automatic (%1)", (shownChoice(shown).flatMap { Language.named($0) } ?? .english).name)
    }

    /// The shipped choice `setting` stands for: itself, its language without the region
    /// ("de" for "de_AT"), or nil (automatic) for a language this version lacks.
    static func shownChoice(_ setting: String) -> String? {
        if Language.named(setting) != nil { return setting }
        let base = String(setting.prefix { $0 != "_" })
        return Language.named(base) != nil ? base : nil
    }

    /// The choice after `setting`, round `choices` (automatic, English, then each language
    /// whose catalog is installed); after a language not offered (which reads "Automatic"),
    /// the first language.
    static func nextLanguage(after setting: String, in choices: [String] = Settings.languageChoices) -> String {
        guard !choices.isEmpty else { return Settings.automaticLanguage }
        let index = choices.firstIndex(of: shownChoice(setting) ?? Settings.automaticLanguage) ?? 0
        return choices[(index + 1) % choices.count]
    }
}
