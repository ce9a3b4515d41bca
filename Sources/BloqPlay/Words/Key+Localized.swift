import BloqLocalization

extension Key {
    /// The key as the keyboards of the language shown print it ("Leertaste", "Échap"): the
    /// key help and the key lines. Letters, digits and F-keys are the same everywhere.
    public var localizedLabel: String {
        switch self {
        // TRANSLATORS: key names as your language's keyboards print them (German "Eingabe",
        // "Leertaste", "Rücktaste", "Entf", "Bild auf"; French "Entrée", "Espace", "Échap").
        case .enter, .keypadEnter: tr("Enter")
        case .space: tr("Space")
        case .escape: tr("Escape")
        case .tab: tr("Tab")
        case .backspace: tr("Backspace")
        case .delete: tr("Delete")
        case .home: tr("Home")
        case .end: tr("End")
        case .pageUp: tr("Page Up")
        case .pageDown: tr("Page Down")
        case .left: tr("Left")
        case .right: tr("Right")
        case .up: tr("Up")
        case .down: tr("Down")
        case .other("Insert"): tr("Insert")
        // Letters, digits, signs and F-keys as SDL names them ("Z", "F11").
        default: name
        }
    }

    /// The short name a key line uses where room is scarce ("Esc").
    public var localizedShortLabel: String {
        // TRANSLATORS: the Escape key's short name, as printed on the key.
        self == .escape ? tr("Esc") : localizedLabel
    }
}

extension KeyChord {
    /// "Ctrl+Shift+Z" with the modifiers as the language's keyboards print them
    /// ("Strg+Umschalt+Z"); Shift+/ is the "?" it types. `short`: "Esc" for Escape.
    public func localizedName(short: Bool = false) -> String {
        if shift, key == .character("/") { return "?" }
        // TRANSLATORS: the modifier keys as printed on your language's keyboards (German
        // "Strg" and "Umschalt", French "Ctrl" and "Maj", Spanish "Ctrl" and "Mayús").
        let modifiers = (control ? tr("Ctrl") + "+" : "") + (alt ? tr("Alt") + "+" : "") + (shift ? tr("Shift") + "+" : "")
        return modifiers + (short ? key.localizedShortLabel : key.localizedLabel)
    }
}
