import BloqPlay
import CWaylandClipboard
import Glibc

/// The game's own clipboard on Wayland (CWaylandClipboard): SDL 2.26 sets the selection
/// only with a mouse button's or a key's serial, so on a phone's touchscreen alone Copy code
/// and Share put nothing on the clipboard, and Paste code read SDL's stale copy of its own
/// (docs/platform.md). This one sets it with the latest press's serial, a finger's too, and
/// reads another client's text through a pipe; a thread of its own gives the text copied to
/// whoever asks, while the game sleeps too. Made with a live Wayland window.
final class WaylandClipboard {
    private var clipboard: OpaquePointer?

    /// The most a paste reads: a share code is a few dozen bytes, a result two lines.
    static let pasteLimit: Int32 = 65_536
    /// How long a paste waits for another client's text, in all.
    static let pasteMilliseconds: Int32 = 500

    /// Nil when the window is not on Wayland, or the compositor has no data device.
    init?(window: OpaquePointer) {
        guard let clipboard = bloq_clipboard_open(UnsafeMutableRawPointer(window)) else { return nil }
        self.clipboard = clipboard
    }

    /// Puts `text` on the clipboard; false when no press or keyboard focus has given a serial
    /// yet.
    func copy(_ text: String) -> Bool { bloq_clipboard_copy(clipboard, text) == 0 }

    /// The clipboard's text, none, or no answer from the client that holds it.
    func paste() -> Clipboard.Reading {
        var unanswered: Int32 = 0
        let text = bloq_clipboard_paste(clipboard, Self.pasteLimit, Self.pasteMilliseconds, &unanswered)
        defer { free(text) }
        if unanswered != 0 { return .unanswered }
        return text.map { .text(String(cString: $0)) } ?? .empty
    }

    func close() {
        bloq_clipboard_close(clipboard)
        clipboard = nil
    }

    deinit { bloq_clipboard_close(clipboard) }
}
