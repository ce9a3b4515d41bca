import BloqEngine
import BloqGame
import BloqLocalization

/// About: the version and the credits.
public final class AboutScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.about
    public var focus: ControlID? = .back
    private var memo = Memo<Int, (controls: [Control], texts: [TextBox])>()

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The header, the name and version, and the credits as one paragraph, as large as
    /// fits.
    public var layout: (controls: [Control], texts: [TextBox]) {
        memo.value(for: context.generation) { makeLayout() }
    }

    private func makeLayout() -> (controls: [Control], texts: [TextBox]) {
        let metrics = context.metrics
        let viewport = metrics.viewport
        let type = metrics.type
        let margin = metrics.margin
        let header = metrics.header(tr("About"))
        let width = min(viewport.width - margin * 2, type.body * 40)
        let left = (viewport.width - width) / 2
        var texts = header.texts
        let name = tr("Bloq for Linux %1", context.version)
        let namePx = Typesetter.size(fitting: [name], width: width, sizes: [type.title, type.body, type.caption]) ?? type.caption
        let nameBox = Typesetter.line(name, px: namePx, at: Point(x: left, y: header.bottom), width: width, alignment: 0.5)
        texts.append(nameBox)
        let area = Rect(
            x: left, y: nameBox.frame.maxY + margin, width: width, height: viewport.height - margin - nameBox.frame.maxY - margin)
        let credits = AboutScreen.credits.joined(separator: " ")
        let px =
            [type.body, type.caption].first { Typesetter.paragraphHeight(credits, px: $0, width: width) <= area.height } ?? type.caption
        let lines = Typesetter.lines(in: area.height, px: px)
        texts += Typesetter.paragraph(credits, px: px, in: area, alignment: 0.5, maximumLines: lines)
        return (header.controls, texts)
    }

    /// The credits (also in the README), a sentence each.
    public static var credits: [String] {
        [
            tr("Bloq was created for iOS in 2016 by Trevor Phillips; this is a clone for Linux."),
            tr("Its block controllers follow his article on interactive animations with UIViewPropertyAnimator."),
            tr(
                "The animator follows Apple's WWDC 2017 session \"Advanced Animations with UIKit\" and the UIViewPropertyAnimator chapter of raywenderlich.com's iOS Animations by Tutorials; transitions follow Yari D'areglia's \"Interactive Transitions\" (thinkandbuild.it); easing and composition follow Michael Michailidis's Kinieta."
            ),
            tr("Built on SDL2, SDL2_ttf and SDL2_image. Text is set in Inter and Comfortaa, symbols in DejaVu Sans."),
            tr("Code, levels and icon: MIT licence."),
        ]
    }
}
