import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// helper-64: at 400x300 the title's notice of damaged files (two long sentences, German's
/// longer still) ended in "…", with no way to read the rest.
@Suite("The title's notice in pages")
struct TitleNoticeTests {
    static let notice =
        "Your progress file ~/.local/share/bloq/progress.json is a symbolic link to /home/someone/sync/bloq, which is not "
        + "a Bloq progress file (it is a folder), so both were left as they are. What you play is kept beside the link and "
        + "merged in once it leads to a Bloq progress file; to save straight into the file, remove the link. Your settings "
        + "file ~/.config/bloq/settings.json is a symbolic link to /etc/passwd, which is not a Bloq settings file (it holds "
        + "something else), so both were left as they are and the defaults are used; to keep the settings you change, remove "
        + "the link."

    @Test("a notice longer than its band is in pages, a click turns them, and every word is on one of them")
    func pages() throws {
        let app = AppController(
            environment: AppEnvironment(packs: [testPack(3)], startNotice: Self.notice), viewport: Size(width: 400, height: 300))
        app.display(minimumButtonSize: 40, scale: 1)
        func shown() -> (lines: [String], band: Rect?) {
            let texts = app.top.texts.filter { $0.role == .plain && !$0.text.isEmpty && $0.frame.y > 150 }
            return (texts.map(\.text), (app.root.screen as? TitleScreen)?.layout.pagedNotice)
        }
        var words: [String] = []
        var pages: Set<String> = []
        for turn in 0..<8 {
            let (lines, band) = shown()
            let paged = try #require(band, "turn \(turn): not in pages: \(lines)")
            let indicator = try #require(lines.last, "turn \(turn)")
            #expect(indicator.hasPrefix("Page \(turn % 3 + 1) of ") && indicator.hasSuffix("click, or Page Down, for the next"), "\(lines)")
            #expect(!lines.contains { $0.contains("…") }, "nothing cut: \(lines)")
            if pages.insert(indicator).inserted { words += lines.dropLast().flatMap { $0.split(separator: " ").map(String.init) } }
            // A click, or Page Down for a keyboard player.
            if turn.isMultiple(of: 2) { Hand(app).tap(at: paged.center) } else { key(app, "PageDown") }
        }
        #expect(pages.count == 3, "\(pages)")
        #expect(words == Self.notice.split(separator: " ").map(String.init))
        // Away and back: the notice was shown once, and is gone.
        Hand(app).tap(.levels)
        key(app, "Escape")
        #expect(shown().band == nil)
    }
}
