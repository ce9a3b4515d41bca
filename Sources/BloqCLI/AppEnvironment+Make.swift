import BloqFiles
import BloqGame
import BloqLocalization
import BloqPlay

/// Whose game an environment is for.
public enum AppVariant {
    /// The player's game in a window: their progress, settings and packs, the solver on
    /// threads (the window, once open, gives the desktop's clipboard: `SDLWindow.clipboard`).
    case live(PlayerFolders)
    /// A whole-app replay (`bloq replay --app`): progress, settings and packs in a folder of
    /// its own (`--data DIR`), a clipboard of its own, every answer at a fixed step.
    case replay(PlayerFolders)
    /// Nothing of the player's is read or written (screenshots, level-mode replays); the
    /// Settings screen still says where the player's settings are.
    case detached(PlayerFolders)
}

/// Where the listed packs come from.
public enum PackChoice {
    /// The shipped packs in the data folder, then the player's own; read again after the
    /// editor saves.
    case shipped(dataRoot: String)
    /// Packs fixed for the run: a level, a folder or a share code from the command line.
    case given([PackEntry])
}

extension AppEnvironment {
    /// The one place the shell's environment is made, for live play and for replays alike.
    /// It also sets the language the game starts in (`language`, for the saved setting), so
    /// every text from then on is in it. Says on standard error what is amiss (a damaged
    /// file, a language that cannot be shown, say).
    public static func make(
        _ variant: AppVariant, packs choice: PackChoice, today: @escaping () -> DailyDate?, language: GameLanguage
    ) -> AppEnvironment {
        let folders: PlayerFolders
        var player: PlayerFolders.Opened?
        switch variant {
        case .live(let given):
            folders = given
            player = given.open(saving: .background)
        case .replay(let given):
            // Saves at once, on the loop's thread: a replay's notices come at the same step
            // every time.
            folders = given
            player = given.open(saving: .inline)
        case .detached(let given):
            folders = given
        }
        let packs: [PackEntry]
        var reload: (() -> [PackEntry])?
        switch choice {
        case .shipped(let dataRoot):
            let ownPacks = player != nil
            let list = {
                (LevelCatalog.shippedPacks(dataFolder: dataRoot) + (ownPacks ? LevelCatalog.playerPacks(folders) : [])).filter {
                    !$0.items.isEmpty
                }
            }
            packs = list()
            if ownPacks { reload = list }
        case .given(let given):
            packs = given
        }
        // The player's store: each save applies only the player's changes over what the file
        // holds then (another copy's changes, a hand edit, stay).
        let initial = player?.settings ?? Settings()
        // Before anything is put into words (the notice of a damaged file, the screens).
        let (languageWarnings, shownLanguage) = language.show(setting: initial.language, atStart: true)
        // A language the settings name that this Bloq cannot show: said on the title screen too.
        let languageNotice = language.unavailableSetting(initial.language, atStart: true).map {
            tr(
                "Your settings name the language '%1', which this version of Bloq cannot show, so it follows your desktop's language. Choose a language in Settings.",
                $0)
        }
        let startNotices = [player?.notice, languageNotice].compactMap { $0 }
        let settingsStore = player?.settingsStore ?? SettingsStore(folder: folders.config)
        // Standard error says a failure once, not at every change (helper-67 counted ten).
        var warned: String?
        let settings = SettingsStorage(
            initial: initial, path: PlayerFolders.displayPath(settingsStore.path),
            problem: player != nil ? settingsStore.saveProblem()?.shown : nil,
            save: { settings in
                guard player != nil else { return nil }
                do throws(SettingsStore.SaveError) {
                    _ = try settingsStore.save(settings)
                    warned = nil
                    return nil
                } catch {
                    if warned != error.description {
                        warned = error.description
                        StandardErrorStream.write("bloq: warning: \(error); the settings you change apply until Bloq quits\n")
                    }
                    return error.shown
                }
            })
        // Every change of the progress reaches the disk off the frame (the line of play
        // within a fraction of a second of a move), so a crash or a power cut loses at
        // most the last second; the game's end flushes what is pending.
        let saves = player?.saves
        let levelSaver = player.map { _ in
            LevelSaver(
                save: { text, title, pack, replacing in
                    try PlayerLevels.save(text, title: title, pack: pack, in: folders.levels, replacing: replacing)
                },
                saveShared: { [levels = folders.levels] text, identity, title in
                    switch try PlayerLevels.saveOnce(text, identity: identity, title: title, pack: Import.defaultPack, in: levels) {
                    case .saved(let path): .saved(path)
                    case .existing(let path): .existing(path)
                    }
                })
        }
        // Live: the solver off the render thread, and packs imported or copied in while the
        // game runs listed without a restart.
        var packsChanged: (() -> Bool)?
        if case .live = variant, case .shipped(let dataRoot) = choice {
            let watched = PackFolders(roots: [Path.join(dataRoot, "levels"), folders.levels])
            packsChanged = { watched.changed() }
        }
        let live = if case .live = variant { true } else { false }
        var environment = AppEnvironment(
            packs: packs, reloadPacks: reload, packsChanged: packsChanged, progress: player?.progress ?? PlayerProgress(),
            saveProgress: saves.map { saves in { progress, urgency in saves.save(progress, urgency) } },
            takeSaveEvents: { saves?.takeEvents() ?? [] }, unsavedProgress: { saves?.unsavedReason }, now: { WallClock.secondsSince1970() },
            settings: settings,
            levelSaver: levelSaver, today: today, version: BloqVersion.current,
            solverMode: live ? .background : .deterministic,
            startNotice: startNotices.isEmpty ? nil : startNotices.joined(separator: " "), finish: { saves?.finish() ?? [] },
            showLanguage: { setting in
                let (warnings, shown) = language.show(setting: setting, atStart: false)
                for warning in warnings { printError("bloq: warning: \(warning)") }
                return shown
            })
        environment.language = shownLanguage
        // A live game offers only the languages it can show: those whose catalog was found
        // (none in a build outside make: English only). A replay offers every shipped one,
        // so that its Settings taps mean the same on every machine.
        if live { environment.languageChoices = language.offeredChoices }
        for warning in (player?.warnings ?? []) + languageWarnings { printError("bloq: warning: \(warning)") }
        return environment
    }
}
