import BloqEngine
import BloqGame

/// About: the version and the credits.
public final class AboutScreen: AppScreen {
    public let kind = ScreenKind.about
    unowned let app: AppController
    public var focus: ControlID? = .back

    init(app: AppController) { self.app = app }

    public var commandContexts: [CommandContext] { [.menu, .anywhere] }
    public var controls: [Control] { [app.metrics.backControl()] }
    public func activate(_ id: ControlID) { if id == .back { app.back() } }
    public var version: String { app.version }

    /// The credits (also in the README).
    public static let credits: [String] = [
        "Bloq was created for iOS in 2016 by Trevor Phillips; this is a clone for Linux.",
        "Its block controllers follow his article on interactive animations",
        "with UIViewPropertyAnimator.",
        "The animator follows Apple's WWDC 2017 session \"Advanced Animations with UIKit\"",
        "and the UIViewPropertyAnimator chapter of raywenderlich.com's iOS Animations by Tutorials;",
        "transitions follow Yari D'areglia's \"Interactive Transitions\" (thinkandbuild.it);",
        "easing and composition follow Michael Michailidis's Kinieta.",
        "Built on SDL2, SDL2_ttf and SDL2_image. Text is set in DejaVu Sans.",
        "Code, levels and icon: MIT licence.",
    ]
}
