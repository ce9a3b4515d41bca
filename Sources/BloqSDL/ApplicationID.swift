import Glibc

/// The reverse-DNS application id: the name of the desktop entry, the AppStream metainfo,
/// the icons and the Flatpak manifest (`io.github.bloqlinux.bloq`).
public enum ApplicationID {
    public static let value = "io.github.bloqlinux.bloq"

    /// Names the game's windows after the application id (the X11 `WM_CLASS`, the Wayland
    /// `app_id`), so desktops match a window to its desktop entry and icon; SDL would use
    /// the executable's name. Call before `SDL_Init`. A name already set in
    /// the environment wins.
    static func nameWindows() {
        setenv("SDL_VIDEO_X11_WMCLASS", value, 0)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", value, 0)
    }
}
