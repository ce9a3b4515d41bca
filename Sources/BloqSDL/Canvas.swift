import BloqEngine
import BloqPlay
import CSDL2
import Glibc

/// Drawing on an SDL renderer: filled and rounded rectangles, shaded block tiles and text.
/// Every texture here is a cache, rebuilt when the output size changes.
final class Canvas {
    let renderer: OpaquePointer
    private let fontSet: FontSet
    /// Open fonts by face (nil: the fallback) and pixel size.
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var textures: [ShapeKey: OpaquePointer] = [:]
    private var starTextures: [StarKey: OpaquePointer] = [:]
    /// Soft discs by colour (0xRRGGBB): one small texture each, drawn scaled.
    private var discTextures: [UInt32: OpaquePointer] = [:]
    private var texts: [TextKey: (texture: OpaquePointer, width: Int32, height: Int32)] = [:]

    private struct TextKey: Hashable {
        var text: String
        var size: Int
        var color: RGBA
        var face: TypeFace
    }

    private struct StarKey: Hashable {
        var size: Int
        var hollow: Bool
        var color: UInt32
    }

    private struct FontKey: Hashable {
        var face: TypeFace?
        var size: Int
    }

    /// Added to every position drawn (screens sliding during a transition), in whole pixels
    /// as layers are copied, so what is drawn over a layer stays on it.
    var offset = Point.zero {
        didSet { offset = Point(x: offset.x.rounded(), y: offset.y.rounded()) }
    }

    /// The colours painters draw with: the appearance in force (`SDLWindow.draw` sets it).
    var palette = Palette.dark

    /// What a cached layer holds: the ground every screen stands on, a screen's still
    /// picture (the play screen's board, texts and toolbar, the ground included), or the
    /// level list beneath a play screen the edge pan drags away.
    enum Layer: Hashable {
        case ground
        case still
        case beneath
    }

    /// Layers drawn once and copied whole while their keys stay the same.
    private var layers: [Layer: (key: AnyHashable, texture: OpaquePointer, size: Size)] = [:]

    init(renderer: OpaquePointer, fonts: FontSet) {
        self.renderer = renderer
        fontSet = fonts
    }

    deinit { flush() }

    /// Drops every cached texture and font (after a resize, or before the renderer goes).
    func flush() {
        for layer in layers.values { SDL_DestroyTexture(layer.texture) }
        layers.removeAll()
        for texture in textures.values { SDL_DestroyTexture(texture) }
        for texture in starTextures.values { SDL_DestroyTexture(texture) }
        starTextures.removeAll()
        for texture in discTextures.values { SDL_DestroyTexture(texture) }
        discTextures.removeAll()
        for text in texts.values { SDL_DestroyTexture(text.texture) }
        for font in fonts.values { TTF_CloseFont(font) }
        textures.removeAll()
        texts.removeAll()
        fonts.removeAll()
    }

    /// The size of the output in pixels.
    var outputSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// The layers' pixel format: the window's under SDL's software renderer, so that
    /// copying a layer each frame is a straight copy of rows, not a conversion of every
    /// pixel (it was 72 % of a dragging frame's instructions; docs/performance.md).
    private lazy var layerFormat: UInt32 = {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0,
            let window = SDL_RenderGetWindow(renderer)
        else { return SDL_PIXELFORMAT_ARGB8888.rawValue }
        let format = SDL_GetWindowPixelFormat(window)
        return format == SDL_PIXELFORMAT_UNKNOWN.rawValue ? SDL_PIXELFORMAT_ARGB8888.rawValue : format
    }()

    /// Draws what `draw` draws over the whole output, from the cache of `layer` while `key`
    /// is the one it was drawn with: one opaque copy instead of every shape again (a frame
    /// of a drag redraws only what moves). The layer is drawn with no offset and copied
    /// where `offset` puts it, so a screen that slides is copied, not
    /// drawn again each frame (the edge pan's frames took 30-41 ms at 1920x1080). `draw`
    /// may itself draw a cached layer (the still picture draws the ground). Without render
    /// targets it simply draws.
    func cachedLayer(_ layer: Layer, key: AnyHashable, draw: () -> Void) {
        let size = outputSize
        let shift = offset
        var destination = SDL_Rect(x: Int32(shift.x), y: Int32(shift.y), w: Int32(size.width), h: Int32(size.height))
        if let cached = layers[layer], cached.key == key, cached.size == size {
            SDL_RenderCopy(renderer, cached.texture, nil, &destination)
            return
        }
        // Drawn again in its own texture while the size stays, cleared as a new one is: a new
        // texture of the window's size cost 8 MB of page faults at 1920x1080, each redraw.
        var texture = layers[layer].flatMap { $0.size == size ? $0.texture : nil }
        if texture == nil, let old = layers[layer] { SDL_DestroyTexture(old.texture) }
        layers[layer] = nil
        texture =
            texture
            ?? SDL_CreateTexture(renderer, layerFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(size.width), Int32(size.height))
        let target = SDL_GetRenderTarget(renderer)
        guard let texture, SDL_SetRenderTarget(renderer, texture) == 0 else {
            if let texture { SDL_DestroyTexture(texture) }
            draw()
            return
        }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        offset = .zero
        draw()
        offset = shift
        SDL_SetRenderTarget(renderer, target)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        layers[layer] = (key, texture, size)
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }

    /// Drawing kept inside `rect` (moved by `offset`), or anywhere again with nil.
    func clip(_ rect: Rect?) {
        guard let rect else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        var clip = SDL_Rect(
            x: Int32((rect.x + offset.x).rounded()), y: Int32((rect.y + offset.y).rounded()), w: Int32(rect.width.rounded()),
            h: Int32(rect.height.rounded()))
        SDL_RenderSetClipRect(renderer, &clip)
    }

    func clear(_ color: RGBA) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    func fill(_ rect: Rect, _ color: RGBA) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        var frect = SDL_FRect(x: Float(rect.x + offset.x), y: Float(rect.y + offset.y), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderFillRectF(renderer, &frect)
    }

    /// A filled triangle (arrowheads), through SDL_RenderGeometry.
    func triangle(_ a: Point, _ b: Point, _ c: Point, _ color: RGBA) {
        let tint = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        var vertices = [a, b, c].map { point in
            SDL_Vertex(
                position: SDL_FPoint(x: Float(point.x + offset.x), y: Float(point.y + offset.y)), color: tint,
                tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, &vertices, 3, nil, 0)
    }

    /// A rounded rectangle with anti-aliased corners. `shaded` adds a block's light from
    /// above (a gradient and a bevel), multiplied by `color`. `hidden`: a rectangle that
    /// something opaque drawn next covers whole, where the blending is left out (the same
    /// pixels: a card's shadow beneath the card cost 4 ms a frame; docs/performance.md). An
    /// opaque shape's inside, all but the corners' arcs, is copied rather than blended: the
    /// same pixels, as blending with an alpha of 255 gives the source, for a fraction of the
    /// cost (SDL's blending was most of a level's first frame in the software renderer).
    func roundedRect(_ rect: Rect, radius: Double, _ color: RGBA, shaded: Bool = false, hidden: Rect? = nil) {
        let width = Int(rect.width.rounded())
        let height = Int(rect.height.rounded())
        let corner = Int(radius.rounded())
        guard width > 0, height > 0, color.a > 0 else { return }
        // Whole pixels at the texture's own size: no scaling in the blit.
        let x = Int((rect.x + offset.x).rounded())
        let y = Int((rect.y + offset.y).rounded())
        // The hidden pixels inside the shape (those whose centres `hidden` holds), as a box
        // from the shape's corner.
        let hole = hidden.map { hidden in
            Box(
                left: Int((hidden.x + offset.x - 0.5).rounded(.up)) - x, top: Int((hidden.y + offset.y - 0.5).rounded(.up)) - y,
                right: Int((hidden.maxX + offset.x - 0.5).rounded(.down)) + 1 - x,
                bottom: Int((hidden.maxY + offset.y - 0.5).rounded(.down)) + 1 - y)
        }
        if !shaded, corner >= 0, 2 * corner <= min(width, height), slicesPlainShapes {
            plainRoundedRect(at: x, y, width: width, height: height, corner: corner, color, hole: hole)
            return
        }
        guard let texture = shape(ShapeKey(width: width, height: height, radius: corner, shaded: shaded, color: color.hex)) else { return }
        SDL_SetTextureAlphaMod(texture, color.a)
        var covered = hole
        let solid = hidden == nil && color.a == 255
        if solid {
            let inset = Int(Canvas.coveredInset(radius: min(radius.rounded(), Double(min(width, height)) / 2)))
            if width > 2 * inset, height > 2 * inset {
                covered = Box(left: inset, top: inset, right: width - inset, bottom: height - inset)
            }
        }
        // What shows around the hidden or copied part: the rows above and below, and the sides
        // between.
        for piece in Box(left: 0, top: 0, right: width, bottom: height).uncovered(by: covered) {
            var source = piece.sdlRect
            var destination = piece.moved(x, y).sdlRect
            SDL_RenderCopy(renderer, texture, &source, &destination)
        }
        if solid, let inside = covered {
            var source = inside.sdlRect
            var destination = inside.moved(x, y).sdlRect
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_RenderCopy(renderer, texture, &source, &destination)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        }
    }

    /// Whether a plain (unshaded) rounded rectangle is drawn as corners and filled rectangles;
    /// tests turn it off to draw the same shape from a texture of its whole size.
    var slicesPlainShapes = true

    /// A plain rounded rectangle is one colour but in its corners' arcs. It is drawn as its
    /// four corners, the quarters of a shape of twice the radius (the same pixels: a pixel's
    /// value depends only on its place in its corner), and rectangles filled between them,
    /// which blend as a texture of that colour does. The texture of its whole size it had
    /// before was made on the frame it first showed: the board's four shadow layers took 30
    /// ms of a level's opening at 1920x1080 (docs/performance.md).
    private func plainRoundedRect(at x: Int, _ y: Int, width: Int, height: Int, corner: Int, _ color: RGBA, hole: Box?) {
        if corner > 0 {
            guard let quarters = shape(ShapeKey(width: 2 * corner, height: 2 * corner, radius: corner, shaded: false, color: color.hex))
            else { return }
            SDL_SetTextureAlphaMod(quarters, color.a)
            for (left, top) in [(0, 0), (width - corner, 0), (0, height - corner), (width - corner, height - corner)] {
                let quarter = Box(left: left, top: top, right: left + corner, bottom: top + corner)
                let from = (left == 0 ? 0 : corner, top == 0 ? 0 : corner)
                for piece in quarter.uncovered(by: hole) {
                    var source = piece.moved(from.0 - left, from.1 - top).sdlRect
                    var destination = piece.moved(x, y).sdlRect
                    SDL_RenderCopy(renderer, quarters, &source, &destination)
                }
            }
        }
        let between = [
            Box(left: corner, top: 0, right: width - corner, bottom: corner),
            Box(left: 0, top: corner, right: width, bottom: height - corner),
            Box(left: corner, top: height - corner, right: width - corner, bottom: height),
        ]
        let rects = between.flatMap { $0.uncovered(by: hole) }.map { $0.moved(x, y).sdlRect }
        guard !rects.isEmpty else { return }
        SDL_SetRenderDrawBlendMode(renderer, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderFillRects(renderer, rects, Int32(rects.count))
    }

    /// How far in from each edge a rounded rectangle of `radius` covers its pixels whole, in
    /// whole pixels: the square inside each corner's arc starts 0.3 of the radius in, and two
    /// pixels spare the rounding of its place and size.
    static func coveredInset(radius: Double) -> Double { (radius * (1 - 0.5.squareRoot()) + 2).rounded(.up) }

    /// Draws `text` no wider than `maximumWidth`, shrinking it if it must.
    @discardableResult
    func text(
        _ text: String, size: Double, _ color: RGBA, at origin: Point, anchor: Point = .zero, maximumWidth: Double, face: TypeFace = .text
    ) -> Size {
        let text = Canvas.drawable(text)
        var size = size
        let width = measure(text, size: size, face: face).width
        if width > maximumWidth, width > 0 { size *= maximumWidth / width }
        return self.text(text, size: size, color, at: origin, anchor: anchor, face: face)
    }

    /// Draws `text` with its top-left at `origin` (or aligned by `anchor`: 0 left, 0.5
    /// centre, 1 right of x; the same for y) and returns its size.
    @discardableResult
    func text(_ text: String, size: Double, _ color: RGBA, at origin: Point, anchor: Point = .zero, face: TypeFace = .text) -> Size {
        let text = Canvas.drawable(text)
        guard !text.isEmpty, let entry = textTexture(text, size: max(Int(size.rounded()), 6), color, face: face) else {
            return Size(width: 0, height: 0)
        }
        var destination = SDL_Rect(
            x: Int32((origin.x + offset.x - Double(entry.width) * anchor.x).rounded()),
            y: Int32((origin.y + offset.y - Double(entry.height) * anchor.y).rounded()),
            w: entry.width, h: entry.height)
        SDL_SetTextureAlphaMod(entry.texture, color.a)
        SDL_RenderCopy(renderer, entry.texture, nil, &destination)
        return Size(width: Double(entry.width), height: Double(entry.height))
    }

    /// The most characters of one text drawn: more than a line of the smallest type across
    /// the widest window holds. The layout fits and wraps texts to their boxes; this bounds
    /// what SDL_ttf is given (it measures and renders a whole string) whatever reaches it.
    static let maximumCharacters = 1_024

    /// `text`, cut to `maximumCharacters` (scalars, so that one character of thousands of
    /// combining marks is cut too).
    static func drawable(_ text: String) -> String {
        guard text.utf8.count > maximumCharacters else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumCharacters)))
    }

    /// The size `text` would take.
    func measure(_ text: String, size: Double, face: TypeFace = .text) -> Size {
        let text = Canvas.drawable(text)
        let size = max(Int(size.rounded()), 6)
        var total = Size(width: 0, height: 0)
        for run in runs(text, face: face, size: size) {
            var width: Int32 = 0
            var height: Int32 = 0
            TTF_SizeUTF8(run.font, run.text, &width, &height)
            total.width += Double(width)
            total.height = max(total.height, Double(height))
        }
        return total
    }

    // MARK: Fonts and their fallback

    private func font(_ face: TypeFace?, size: Int) -> OpaquePointer? {
        let key = FontKey(face: face, size: size)
        if let font = fonts[key] { return font }
        guard let font = TTF_OpenFont(face.map(fontSet.path) ?? fontSet.fallback, Int32(size)) else { return nil }
        fonts[key] = font
        return font
    }

    /// `text` cut into runs each drawn in one font: the face's, or the fallback's for the
    /// characters the face lacks (as `FontMetrics` measures them).
    private func runs(_ text: String, face: TypeFace, size: Int) -> [(text: String, font: OpaquePointer)] {
        guard let primary = font(face, size: size) else { return [] }
        let fallback = fontSet.path(face) == fontSet.fallback ? nil : font(nil, size: size)
        guard let fallback, text.unicodeScalars.contains(where: { TTF_GlyphIsProvided32(primary, $0.value) == 0 }) else {
            return [(text, primary)]
        }
        var result: [(text: String, font: OpaquePointer)] = []
        var current = String.UnicodeScalarView()
        var currentFont = primary
        for scalar in text.unicodeScalars {
            // A combining mark stays with the character it marks.
            let mark = scalar.properties.generalCategory == .nonspacingMark
            let wanted = mark || TTF_GlyphIsProvided32(primary, scalar.value) != 0 ? (mark ? currentFont : primary) : fallback
            if wanted != currentFont, !current.isEmpty {
                result.append((String(current), currentFont))
                current = String.UnicodeScalarView()
            }
            currentFont = wanted
            current.append(scalar)
        }
        if !current.isEmpty { result.append((String(current), currentFont)) }
        return result
    }

    /// `text` drawn in `face` at `size`: one surface, its runs in the fallback set on the
    /// face's baseline, as high as the face's line.
    private func render(_ text: String, face: TypeFace, size: Int, _ color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        let runs = runs(text, face: face, size: size)
        guard let first = runs.first else { return nil }
        if runs.count == 1 { return TTF_RenderUTF8_Blended(first.font, first.text, color) }
        guard let primary = font(face, size: size) else { return nil }
        let surfaces = runs.compactMap { run in TTF_RenderUTF8_Blended(run.font, run.text, color).map { ($0, run.font) } }
        defer { for (surface, _) in surfaces { SDL_FreeSurface(surface) } }
        let width = surfaces.reduce(Int32(0)) { $0 + $1.0.pointee.w }
        let height = TTF_FontHeight(primary)
        guard width > 0, height > 0,
            let canvas = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        var x: Int32 = 0
        for (surface, font) in surfaces {
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            var destination = SDL_Rect(x: x, y: TTF_FontAscent(primary) - TTF_FontAscent(font), w: surface.pointee.w, h: surface.pointee.h)
            SDL_UpperBlit(surface, nil, canvas, &destination)
            x += surface.pointee.w
        }
        return canvas
    }

    // MARK: Caches

    private func textTexture(
        _ text: String, size: Int, _ color: RGBA, face: TypeFace
    ) -> (texture: OpaquePointer, width: Int32, height: Int32)? {
        let key = TextKey(text: text, size: size, color: color.with(alpha: 255), face: face)
        if let entry = texts[key] { return entry }
        guard let surface = render(text, face: face, size: size, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else {
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if texts.count > 256 {  // a bound on a cache of strings that change (move counts)
            for entry in texts.values { SDL_DestroyTexture(entry.texture) }
            texts.removeAll()
        }
        let entry = (texture, surface.pointee.w, surface.pointee.h)
        texts[key] = entry
        return entry
    }

    private func shape(_ key: ShapeKey) -> OpaquePointer? {
        if let texture = textures[key] { return texture }
        guard let texture = texture(width: key.width, height: key.height, fill: key.fill) else { return nil }
        if textures.count > 512 {
            for texture in textures.values { SDL_DestroyTexture(texture) }
            textures.removeAll()
        }
        textures[key] = texture
        return texture
    }

    /// A blended texture of `width` x `height` ARGB pixels that `fill` writes (its
    /// argument: the pixels and the pitch of a row, in pixels); nil when SDL cannot make it.
    private func texture(width: Int, height: Int, fill: (UnsafeMutablePointer<UInt32>, Int) -> Void) -> OpaquePointer? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        SDL_LockSurface(surface)
        fill(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), Int(surface.pointee.pitch) / 4)
        SDL_UnlockSurface(surface)
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return texture
    }

    // MARK: Discs

    /// A soft-edged disc of `radius` around `center` (the backdrop's shapes): a 128-pixel
    /// disc made once per colour and drawn scaled, so a disc as large as the window costs
    /// no texture of its size (making one took half of the first frame's time).
    func disc(center: Point, radius: Double, _ color: RGBA) {
        guard radius >= 1, color.a > 0 else { return }
        let rgb = color.hex
        guard let texture = discTextures[rgb] ?? makeDisc(rgb) else { return }
        SDL_SetTextureAlphaMod(texture, color.a)
        var destination = SDL_Rect(
            x: Int32((center.x + offset.x - radius).rounded()), y: Int32((center.y + offset.y - radius).rounded()),
            w: Int32((radius * 2).rounded()), h: Int32((radius * 2).rounded()))
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }

    private func makeDisc(_ rgb: UInt32) -> OpaquePointer? {
        let side = 128
        let r = Double(side) / 2
        let made = texture(width: side, height: side) { pixels, pitch in
            for y in 0..<side {
                for x in 0..<side {
                    let distance = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r))
                        .squareRoot()
                    // A soft edge over the outer eighth: scaled up, it stays smooth.
                    let coverage = min(max((r - distance) / (r * 0.125), 0), 1)
                    pixels[y * pitch + x] = UInt32((coverage * 255).rounded()) << 24 | rgb
                }
            }
        }
        guard let texture = made else { return nil }
        // Scaled by the nearest pixel, which the software renderer does fastest: at a
        // backdrop's few percent of opacity its steps are not seen.
        discTextures[rgb] = texture
        return texture
    }

    // MARK: Stars

    /// A five-pointed star `size` pixels across centred on `center`: filled, or `hollow` (its
    /// outline only, a seventh of its size thick), anti-aliased, from a texture made once
    /// for that size and colour; `scale` grows or shrinks the drawn star (an arriving
    /// star springs through many sizes: its texture is scaled, not made again each frame).
    func star(center: Point, size: Double, scale: Double = 1, hollow: Bool, _ color: RGBA) {
        let side = Int(size.rounded())
        let drawn = Double(side) * max(scale, 0)
        guard side >= 3, drawn >= 1, color.a > 0 else { return }
        let key = StarKey(size: side, hollow: hollow, color: color.hex)
        guard let texture = starTextures[key] ?? makeStar(key) else { return }
        SDL_SetTextureAlphaMod(texture, color.a)
        var destination = SDL_Rect(
            x: Int32((center.x + offset.x - drawn / 2).rounded()), y: Int32((center.y + offset.y - drawn / 2).rounded()),
            w: Int32(drawn.rounded()), h: Int32(drawn.rounded()))
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }

    /// The star's outline: ten points, the outer ones on a circle of `radius`, the inner
    /// on one of 0.45 × it (a classic star's proportions), the first point up.
    static func starPoints(center: Point, radius: Double) -> [Point] {
        (0..<10).map { index in
            let angle = Double(index) * Double.pi / 5 - Double.pi / 2
            let r = index % 2 == 0 ? radius : radius * 0.45
            return Point(x: center.x + cos(angle) * r, y: center.y + sin(angle) * r)
        }
    }

    /// Whether `point` is inside `polygon` (even-odd rule).
    static func inside(_ point: Point, _ polygon: [Point]) -> Bool {
        var result = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let (a, b) = (polygon[i], polygon[j])
            if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { result.toggle() }
            j = i
        }
        return result
    }

    private func makeStar(_ key: StarKey) -> OpaquePointer? {
        let size = Double(key.size)
        let center = Point(x: size / 2, y: size / 2 + size * 0.04)
        let outer = Canvas.starPoints(center: center, radius: size * 0.5)
        // The hollow star's hole: the same star, smaller by the stroke, on the same centre.
        let hole = Canvas.starPoints(center: center, radius: size * 0.5 - max(size / 7, 1.5) * 1.6)
        let samples = 4
        let made = texture(width: key.size, height: key.size) { pixels, pitch in
            for y in 0..<key.size {
                for x in 0..<key.size {
                    // Coverage from a 4x4 grid of samples in the pixel.
                    var covered = 0
                    for sy in 0..<samples {
                        for sx in 0..<samples {
                            let point = Point(
                                x: Double(x) + (Double(sx) + 0.5) / Double(samples), y: Double(y) + (Double(sy) + 0.5) / Double(samples))
                            if Canvas.inside(point, outer), !(key.hollow && Canvas.inside(point, hole)) { covered += 1 }
                        }
                    }
                    let alpha = UInt32((Double(covered) / Double(samples * samples) * 255).rounded())
                    pixels[y * pitch + x] = alpha << 24 | key.color
                }
            }
        }
        guard let texture = made else { return nil }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        if starTextures.count > 64 {
            for texture in starTextures.values { SDL_DestroyTexture(texture) }
            starTextures.removeAll()
        }
        starTextures[key] = texture
        return texture
    }
}

/// A box of whole pixels, from its left and top edges to its right and bottom ones.
struct Box {
    var left, top, right, bottom: Int

    var isEmpty: Bool { right <= left || bottom <= top }

    var sdlRect: SDL_Rect { SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top)) }

    func moved(_ dx: Int, _ dy: Int) -> Box { Box(left: left + dx, top: top + dy, right: right + dx, bottom: bottom + dy) }

    /// What of the box shows around `hole` (the whole box without one): the rows above and
    /// below it, and the sides between.
    func uncovered(by hole: Box?) -> [Box] {
        guard let hole else { return isEmpty ? [] : [self] }
        let middle = Box(
            left: min(max(hole.left, left), right), top: min(max(hole.top, top), bottom), right: max(min(hole.right, right), left),
            bottom: max(min(hole.bottom, bottom), top))
        guard !middle.isEmpty else { return isEmpty ? [] : [self] }
        return [
            Box(left: left, top: top, right: right, bottom: middle.top), Box(left: left, top: middle.bottom, right: right, bottom: bottom),
            Box(left: left, top: middle.top, right: middle.left, bottom: middle.bottom),
            Box(left: middle.right, top: middle.top, right: right, bottom: middle.bottom),
        ].filter { !$0.isEmpty }
    }
}
