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
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
