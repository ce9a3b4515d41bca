import BloqEngine
import BloqGame
import BloqPlay
import Testing

@testable import BloqSDL

extension SDLSuite {
    /// What the painter leaves out or copies to save a frame's time must not change a pixel
    /// (docs/performance.md): a card's shadow and edge beneath its opaque fill, the ground
    /// as a cached layer.
    @Suite("Drawing less for the same pixels")
    struct CanvasLayerTests {
        /// A headless window whose canvas has `appearance`'s palette, and a kit to paint with.
        static func canvas(_ theme: ThemeSetting, _ contrast: ContrastSetting) throws -> (SDLWindow, PaintKit) {
            let window = try SDLWindow(options: WindowOptions(width: 400, height: 300, headless: true))
            let app = ShellPixelTests.app(viewport: window.geometry.output)
            app.settings.theme = theme
            app.settings.contrast = contrast
            window.canvas.palette = Palette(app.appearance)
            return (window, PaintKit(app: app, canvas: window.canvas))
        }

        /// How many pixels of two pictures differ (the whole arrays compared first: counting
        /// pixel by pixel in a debug build took most of these tests' time).
        static func differing(_ a: [UInt32], _ b: [UInt32]) -> Int {
            a == b ? 0 : zip(a, b).filter { $0 != $1 }.count
        }

        /// Stripes of every colour under what is drawn next, so that a blend left out where
        /// it shows would change a pixel.
        static func stripes(_ canvas: Canvas) {
            canvas.clear(RGBA(0x202020))
            for index in 0..<40 {
                canvas.fill(
                    Rect(x: Double(index) * 10, y: 0, width: 10, height: 300),
                    RGBA(UInt32(index * 0x061F3B) & 0xFFFFFF, alpha: UInt8(80 + index * 4)))
            }
        }

        @Test(
            "a card drawn as a surface, and the board's well, are the same pixels as their shadows, edges and fills drawn whole, in every theme, at whole and fractional places and sizes"
        )
        func surfaceLeavesOutOnlyWhatItCovers() throws {
            let cards = [
                (Rect(x: 40, y: 30, width: 300, height: 200), 24.0), (Rect(x: 60.4, y: 50.6, width: 201.3, height: 150.7), 18.2),
                (Rect(x: 10, y: 10, width: 40, height: 30), 15.0), (Rect(x: 100.5, y: 80.5, width: 120, height: 90), 0),
                (Rect(x: 150, y: 100, width: 8, height: 8), 4), (Rect(x: 30.5, y: 40.5, width: 9, height: 13), 30),
                (Rect(x: 200.5, y: 20.5, width: 14.5, height: 60.5), 40),
            ]
            for (theme, contrast) in [(ThemeSetting.dark, ContrastSetting.normal), (.light, .normal), (.dark, .high), (.light, .high)] {
                for (card, radius) in cards {
                    for offset in [Point.zero, Point(x: 3.4, y: -2.6)] {
                        let (window, kit) = try Self.canvas(theme, contrast)
                        let canvas = window.canvas
                        canvas.offset = offset
                        Self.stripes(canvas)
                        kit.surface(card, radius: radius)
                        let surface = try window.readPixels().pixels
                        // What the surface drew before it left anything out.
                        Self.stripes(canvas)
                        let palette = canvas.palette
                        let width = max((kit.app.metrics.unit * 0.025).rounded(), 1)
                        kit.shadow(card, radius: radius, .card)
                        canvas.roundedRect(card, radius: radius, palette.surfaceEdge.over(palette.surface))
                        canvas.roundedRect(card.insetBy(width), radius: max(radius - width, 0), palette.surface)
                        let whole = try window.readPixels().pixels
                        let differing = Self.differing(surface, whole)
                        #expect(
                            differing == 0, "\(theme) \(contrast) \(card) radius \(radius) offset \(offset): \(differing) pixels differ")
                        // The board's well on its shadow, the same way.
                        Self.stripes(canvas)
                        kit.shadow(card, radius: radius, .panel, hidden: PaintKit.hidden(beneath: card, radius: radius, palette.well))
                        canvas.roundedRect(card, radius: radius, palette.well)
                        let well = try window.readPixels().pixels
                        Self.stripes(canvas)
                        kit.shadow(card, radius: radius, .panel)
                        canvas.roundedRect(card, radius: radius, palette.well)
                        let wellDiffering = Self.differing(well, try window.readPixels().pixels)
                        #expect(
                            wellDiffering == 0, "the well in \(theme) \(contrast) \(card) offset \(offset): \(wellDiffering) pixels differ")
                    }
                }
            }
        }

        @Test(
            "a button drawn over its shadow and edge is the same pixels as all three drawn whole, plain, accent or selected, enabled or not, in every theme"
        )
        func buttonLeavesOutOnlyWhatItCovers() throws {
            for (theme, contrast) in [(ThemeSetting.dark, ContrastSetting.normal), (.light, .normal), (.dark, .high), (.light, .high)] {
                let (window, kit) = try Self.canvas(theme, contrast)
                let canvas = window.canvas
                let palette = canvas.palette
                for style in [Control.Style.plain, .accent, .selected] {
                    for isEnabled in [true, false] {
                        for rect in [Rect(x: 40, y: 30, width: 300, height: 60), Rect(x: 60.4, y: 150.6, width: 130.3, height: 41.7)] {
                            let control = Control(.back, "", rect: rect, isEnabled: isEnabled, style: style)
                            Self.stripes(canvas)
                            kit.button(control, focused: false)
                            let button = try window.readPixels().pixels
                            // What the button drew before it left anything out (its label is empty).
                            Self.stripes(canvas)
                            // A disabled accent button is drawn as a plain disabled one.
                            let accent = style == .accent && isEnabled
                            let base = accent ? palette.primary : style == .selected ? palette.selected : palette.control
                            let fill = base.with(alpha: isEnabled ? 255 : 90)
                            let radius = rect.height * Radius.control
                            if isEnabled { kit.shadow(rect, radius: radius, .raised) }
                            if !accent {
                                let edge = max((rect.height * 0.03).rounded(), 1)
                                canvas.roundedRect(rect, radius: radius, palette.controlEdge.with(alpha: isEnabled ? 255 : 110))
                                canvas.roundedRect(
                                    rect.insetBy(edge), radius: max(radius - edge, 0), fill.over(palette.background), shaded: true)
                            } else {
                                canvas.roundedRect(rect, radius: radius, fill, shaded: true)
                            }
                            let differing = Self.differing(button, try window.readPixels().pixels)
                            #expect(
                                differing == 0,
                                "\(theme) \(contrast) \(style) enabled \(isEnabled) \(rect): \(differing) pixels differ")
                        }
                    }
                }
            }
        }

        @Test("an opaque shape copied inside and blended around is the same pixels as blended whole, shaded or plain, at any size")
        func opaqueInsideCopied() throws {
            let (window, _) = try Self.canvas(.dark, .normal)
            let canvas = window.canvas
            // Plain shapes from their texture too (their sliced drawing has its own test).
            canvas.slicesPlainShapes = false
            defer { canvas.slicesPlainShapes = true }
            // A hidden part outside the shape makes it draw the old way: blended whole.
            let nowhere = Rect(x: -50, y: -50, width: 1, height: 1)
            for (rect, radius) in [
                (Rect(x: 20.3, y: 15.7, width: 250, height: 180), 30.0), (Rect(x: 10.5, y: 200.5, width: 90.4, height: 60.6), 12.2),
                (Rect(x: 300, y: 20, width: 7, height: 7), 3), (Rect(x: 300.5, y: 100.5, width: 40, height: 12), 40),
                (Rect(x: 120, y: 230, width: 60, height: 50), 0),
            ] {
                for shaded in [false, true] {
                    for color in [RGBA(0xD03A50), RGBA(0x3A7BD5)] {
                        Self.stripes(canvas)
                        canvas.roundedRect(rect, radius: radius, color, shaded: shaded)
                        let copied = try window.readPixels().pixels
                        Self.stripes(canvas)
                        canvas.roundedRect(rect, radius: radius, color, shaded: shaded, hidden: nowhere)
                        let differing = Self.differing(copied, try window.readPixels().pixels)
                        #expect(differing == 0, "\(rect) radius \(radius) shaded \(shaded): \(differing) pixels differ")
                    }
                }
            }
        }

        @Test("a translucent surface or shape hides nothing beneath it")
        func translucentHidesNothing() throws {
            let (window, kit) = try Self.canvas(.light, .normal)
            let canvas = window.canvas
            let card = Rect(x: 40, y: 30, width: 300, height: 200)
            #expect(PaintKit.hidden(beneath: card, radius: 20, RGBA(0xFFFFFF, alpha: 254)) == nil)
            #expect(PaintKit.hidden(beneath: card, radius: 20, RGBA(0xFFFFFF)) != nil)
            #expect(PaintKit.hidden(beneath: Rect(x: 0, y: 0, width: 9, height: 40), radius: 12, RGBA(0xFFFFFF)) == nil, "too narrow")
            Self.stripes(canvas)
            kit.surface(card, radius: 20, alpha: 0.5)
            let surface = try window.readPixels().pixels
            Self.stripes(canvas)
            let palette = canvas.palette
            let width = max((kit.app.metrics.unit * 0.025).rounded(), 1)
            canvas.roundedRect(card, radius: 20, palette.surfaceEdge.over(palette.surface).with(alpha: 127))
            canvas.roundedRect(card.insetBy(width), radius: max(20 - width, 0), palette.surface.faded(0.5))
            #expect(surface == (try window.readPixels().pixels))
        }

        @Test("a rounded rectangle with a hidden part draws every pixel outside it as it did, and none inside it")
        func hiddenPart() throws {
            let (window, _) = try Self.canvas(.dark, .normal)
            let canvas = window.canvas
            let shape = Rect(x: 20.3, y: 15.7, width: 250, height: 180)
            let hidden = Rect(x: 60, y: 50, width: 100.5, height: 70.2)
            canvas.clear(RGBA(0x000000))
            canvas.roundedRect(shape, radius: 30, RGBA(0xFF8040, alpha: 200))
            let whole = try window.readPixels()
            canvas.clear(RGBA(0x000000))
            canvas.roundedRect(shape, radius: 30, RGBA(0xFF8040, alpha: 200), hidden: hidden)
            let part = try window.readPixels()
            var inside = 0
            var outside = 0
            for y in 0..<whole.height {
                for x in 0..<whole.width {
                    let center = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let isHidden = center.x >= hidden.minX && center.x <= hidden.maxX && center.y >= hidden.minY && center.y <= hidden.maxY
                    let index = y * whole.width + x
                    if isHidden {
                        if part.pixels[index] != 0xFF00_0000 { inside += 1 }
                    } else if part.pixels[index] != whole.pixels[index] {
                        outside += 1
                    }
                }
            }
            #expect(inside == 0, "\(inside) hidden pixels drawn")
            #expect(outside == 0, "\(outside) pixels around the hidden part differ")
        }

        @Test(
            "a plain rounded rectangle drawn as corners and filled rectangles is the same pixels as from a texture of its whole size, at any alpha, size, place and hidden part"
        )
        func plainShapeSliced() throws {
            let (window, _) = try Self.canvas(.dark, .normal)
            let canvas = window.canvas
            let shapes = [
                (Rect(x: 20.3, y: 15.7, width: 250, height: 180), 30.0), (Rect(x: 10.5, y: 200.5, width: 90.4, height: 60.6), 12.2),
                (Rect(x: 300, y: 20, width: 7, height: 7), 3), (Rect(x: 300.5, y: 100.5, width: 40, height: 12), 6),
                (Rect(x: 120, y: 230, width: 60, height: 50), 0), (Rect(x: -30, y: -20, width: 460, height: 340), 90),
                (Rect(x: 330, y: 150, width: 41, height: 41), 20.4),
            ]
            let holes: [Rect?] = [
                nil, Rect(x: 60, y: 50, width: 100.5, height: 70.2), Rect(x: 0, y: 0, width: 400, height: 300),
                Rect(x: 15, y: 10, width: 30, height: 400), Rect(x: -50, y: -50, width: 1, height: 1),
            ]
            for (rect, radius) in shapes {
                for color in [RGBA(0x000000, alpha: 40), RGBA(0xFF8040, alpha: 200), RGBA(0x3A7BD5), RGBA(0xFFFFFF, alpha: 1)] {
                    for hole in holes {
                        for offset in [Point.zero, Point(x: 3.4, y: -2.6)] {
                            canvas.offset = offset
                            var pictures: [[UInt32]] = []
                            for sliced in [true, false] {
                                canvas.slicesPlainShapes = sliced
                                Self.stripes(canvas)
                                canvas.roundedRect(rect, radius: radius, color, hidden: hole)
                                pictures.append(try window.readPixels().pixels)
                            }
                            canvas.slicesPlainShapes = true
                            let differing = Self.differing(pictures[0], pictures[1])
                            #expect(
                                differing == 0,
                                "\(rect) radius \(radius) \(color) hidden \(String(describing: hole)) offset \(offset): \(differing) pixels differ"
                            )
                        }
                    }
                }
            }
        }

        @Test("the ground is copied whole from its cached layer, over anything, and to whole pixels where an offset puts it")
        func groundLayer() throws {
            let (window, kit) = try Self.canvas(.light, .normal)
            let canvas = window.canvas
            kit.ground()
            let cached = try window.readPixels()
            // Drawn again from the layer, over something else.
            Self.stripes(canvas)
            kit.ground()
            #expect(try window.readPixels().pixels == cached.pixels)
            // A screen sliding: the layer copied 37 pixels right and 13 up (37.4 and -12.6
            // rounded), what it leaves uncovered as it was; from the cache, and made anew at the
            // offset inside another layer (the edge pan's first frame).
            Self.stripes(canvas)
            let beneath = try window.readPixels().pixels
            for made in [false, true] {
                Self.stripes(canvas)
                if made { canvas.flush() }
                canvas.offset = Point(x: 37.4, y: -12.6)
                if made { canvas.cachedLayer(.still, key: 1) { kit.ground() } } else { kit.ground() }
                canvas.offset = .zero
                let moved = try window.readPixels().pixels
                var differing = 0
                for y in 0..<cached.height {
                    for x in 0..<cached.width {
                        let (fromX, fromY) = (x - 37, y + 13)
                        let inside = fromX >= 0 && fromY < cached.height
                        let expected = inside ? cached.pixels[fromY * cached.width + fromX] : beneath[y * cached.width + x]
                        if moved[y * cached.width + x] != expected { differing += 1 }
                    }
                }
                #expect(differing == 0, "made anew \(made): \(differing) pixels differ from the ground moved by whole pixels")
            }
        }
    }
}
