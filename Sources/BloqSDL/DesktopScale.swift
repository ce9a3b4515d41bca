import BloqGame
import CBloqX11
import Glibc

/// How much larger than one pixel a point of the X11 desktop is: X11 has no scale of its
/// own (a window is sized and drawn in the screen's pixels), so a desktop at 2x says so in
/// its resources, `Xft.dpi: 192` (GNOME's and Xfce's settings daemons, KDE's "force font
/// DPI", `xrdb`). GTK, Qt 6, Chromium and SDL 3 read it the same way: Xft.dpi over 96, else
/// `GDK_SCALE`, else 1. On Wayland the compositor gives the scale (`WindowGeometry.scale`).
public enum DesktopScale {
    /// The largest scale taken: a desktop asking more is mistaken (4 already makes a 4K
    /// screen 960 points wide).
    public static let largest = 4.0

    /// The scale `resources` (RESOURCE_MANAGER's text, one `name: value` a line) and
    /// `gdkScale` (GDK_SCALE) ask, between 1 and `largest`: things are never drawn smaller
    /// than at 96 DPI, which the game's smallest text and controls are sized for.
    public static func parse(resources: String?, gdkScale: String?) -> Double {
        if let dpi = resources.flatMap(xftDPI), dpi > 0 { return clamped(dpi / 96) }
        if let text = gdkScale, let scale = Double(text.trimmingBlanks), scale > 0 { return clamped(scale) }
        return 1
    }

    /// The last `Xft.dpi` of `resources`, as a number (nil when none is, or it is not one).
    static func xftDPI(_ resources: String) -> Double? {
        var found: Double?
        for line in resources.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].trimmingBlanks == "Xft.dpi" else { continue }
            found = Double(line[line.index(after: colon)...].trimmingBlanks)
        }
        return found
    }

    private static func clamped(_ scale: Double) -> Double { scale.isFinite ? min(max(scale, 1), largest) : 1 }

    /// The scale of the X11 display SDL's video opened ($DISPLAY); 1 when Xlib is not loaded.
    static func current() -> Double {
        var resources: String?
        if let text = bloq_x11_resources() {
            resources = String(cString: text)
            free(text)
        }
        return parse(resources: resources, gdkScale: getenv("GDK_SCALE").map { String(cString: $0) })
    }
}
