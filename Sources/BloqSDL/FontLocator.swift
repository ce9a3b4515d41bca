import CSDL2

/// Finds a system font file through fontconfig, as desktop programs do.
enum FontLocator {
    /// Fonts tried in order; DejaVu Sans comes with Debian's fonts-dejavu-core.
    static let families = ["DejaVu Sans:bold", "Sans:bold"]
    /// Used when fontconfig itself finds nothing.
    static let fallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// The path of a bold sans-serif font file, or nil if the system has none: DejaVu Sans
    /// Bold where Debian's fonts-dejavu-core puts it (what fontconfig answers there, without
    /// loading fontconfig's configuration, an eighth of the start-up's instructions; see
    /// docs/performance.md), else what fontconfig matches, else the other fallbacks.
    static func boldSans() -> String? {
        if let known = fallbackPaths.first, readable(known) { return known }
        if let config = FcInitLoadConfigAndFonts() {
            defer { FcConfigDestroy(config) }
            for family in families {
                if let path = match(family, config: config) { return path }
            }
        }
        return fallbackPaths.first(where: readable)
    }

    private static func readable(_ path: String) -> Bool {
        SDL_RWFromFile(path, "rb").map {
            SDL_RWclose($0)
            return true
        } ?? false
    }

    private static func match(_ name: String, config: OpaquePointer) -> String? {
        let parsed = name.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) { FcNameParse($0) }
        }
        guard let pattern = parsed else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        let path = String(cString: file)
        // fontconfig may offer a font SDL_ttf cannot open (a bitmap font); insist on TrueType/OpenType.
        guard path.hasSuffix(".ttf") || path.hasSuffix(".otf") else { return nil }
        return path
    }
}
