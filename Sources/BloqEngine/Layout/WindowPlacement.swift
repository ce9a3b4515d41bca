/// Where a window opens on a display.
public enum WindowPlacement {
    /// A window of `size` points fitted to a display's usable bounds (the screen minus
    /// panels and docks): a remembered size larger than them shrinks to fit, with room for
    /// the title bar, and the window is centred in them. Sizes never go below `minimum`.
    public static func fit(_ size: Size, in usable: Rect, minimum: Double = 160) -> Rect {
        // Room for a window manager's frame and title bar, which SDL's size excludes.
        let frame = (width: 16.0, height: 48.0)
        let width = max(min(size.width, usable.width - frame.width), minimum)
        let height = max(min(size.height, usable.height - frame.height), minimum)
        return Rect(
            x: (usable.x + (usable.width - width) / 2).rounded(.down), y: (usable.y + (usable.height - height) / 2).rounded(.down),
            width: width.rounded(.down), height: height.rounded(.down))
    }
}
