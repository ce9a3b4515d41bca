import ArgumentParser

/// The screens `bloq play --screen` can render, each set up in a fixed, deterministic way
/// (the window process sets them up).
public enum ShotScreen: String, ExpressibleByArgument, CaseIterable, Sendable {
    case title, levels, settings, help, play, cleared, preview, symbols, about, editor, daily, statistics

    /// Whether the screen shows a board (the first level is opened for it).
    public var opensBoard: Bool { self == .play || self == .cleared || self == .symbols }
}
