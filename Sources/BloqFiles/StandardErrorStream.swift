import BloqGame
import Glibc

/// Standard error, written whole (no Foundation, no shared C `FILE`). What is written is
/// made printable first (`LevelText.printable(_:keepingLines:)`): a message may quote a
/// file's name or text, a share code's title or a catalog's translation, and a terminal
/// escape sequence in any of them must not reach the terminal (to retitle the window, hide
/// text or worse). Line feeds and tabs stay; `raw` (a progress bar's carriage returns, the
/// program's own text) skips it.
public enum StandardErrorStream {
    public static func write(_ text: String, raw: Bool = false) {
        var text = raw ? text : LevelText.printable(text, keepingLines: true)
        text.withUTF8 { _ = FileSystem.writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}
