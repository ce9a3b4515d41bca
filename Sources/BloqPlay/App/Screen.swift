/// The screens the game shows, one closed set: a new screen is a new case, and every
/// `switch` over it (painters, JSON, navigation) must say what to do with it.
public enum Screen {
    case title(TitleScreen)
    case levels(LevelListScreen)
    case play(PlayScreen)
    case settings(SettingsScreen)
    case about(AboutScreen)
    case editor(EditorScreen)
    case daily(DailyScreen)
    case statistics(StatisticsScreen)

    /// The screen itself, for what every screen does (controls, commands, time).
    public var screen: any AppScreen {
        switch self {
        case .title(let screen): screen
        case .levels(let screen): screen
        case .play(let screen): screen
        case .settings(let screen): screen
        case .about(let screen): screen
        case .editor(let screen): screen
        case .daily(let screen): screen
        case .statistics(let screen): screen
        }
    }

    /// The screen's name, as whole-app replays report it.
    public var kind: ScreenKind { screen.kind }

    /// The play screen, when it is shown.
    public var playScreen: PlayScreen? {
        if case .play(let screen) = self { screen } else { nil }
    }

    /// The level list, when it is shown.
    public var levelList: LevelListScreen? {
        if case .levels(let screen) = self { screen } else { nil }
    }

    /// The editor, when it is shown.
    public var editorScreen: EditorScreen? {
        if case .editor(let screen) = self { screen } else { nil }
    }

    /// The title, when it is shown.
    public var titleScreen: TitleScreen? {
        if case .title(let screen) = self { screen } else { nil }
    }
}
