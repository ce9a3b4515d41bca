import BloqEngine
import CSDL2

/// The font files the game draws with: one per face (docs/design.md), and the fallback for
/// the characters a face lacks (symbols, some arrows), which also stands in for a face
/// that is not installed.
struct FontSet: Equatable {
    var faces: [TypeFace: String]
    var fallback: String
    /// What is not installed, said once as a warning: the faces drawn in the fallback.
    var missing: [String] = []

    /// The file `face` is drawn from.
    func path(_ face: TypeFace) -> String { faces[face] ?? fallback }
}

/// Finds the game's fonts as desktop programs do: where Debian's packages put them, else
/// through fontconfig.
enum FontLocator {
    /// A face's font: its fontconfig family and style, where Debian installs it, and the
    /// package that brings it.
    struct Source {
        var family: String
        var style: String
        var path: String
        var package: String
    }

    static func source(_ face: TypeFace) -> Source {
        switch face {
        case .display:
            Source(
                family: "Comfortaa", style: "bold", path: "/usr/share/fonts/truetype/comfortaa/Comfortaa-Bold.ttf",
                package: "fonts-comfortaa")
        case .text:
            Source(family: "Inter", style: "semibold", path: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", package: "fonts-inter")
        case .quiet:
            Source(family: "Inter", style: "medium", path: "/usr/share/fonts/opentype/inter/Inter-Medium.otf", package: "fonts-inter")
        }
    }

    /// The fallback: DejaVu Sans Bold, from Debian's fonts-dejavu-core, else what
    /// fontconfig gives for a bold sans-serif.
    static let fallbackFamilies = ["DejaVu Sans:bold", "Sans:bold"]
    static let fallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// Every face's file, or nil when the system has no usable font at all. Each is looked
    /// for where Debian's package puts it first (what fontconfig answers there, without
    /// loading fontconfig's configuration, an eighth of the start-up's instructions; see
    /// docs/performance.md), then through fontconfig (a Flatpak's /app/share/fonts, another
    /// distribution); a face found nowhere is drawn in the fallback, and said to be missing.
    static func locate() -> FontSet? {
        var faces: [TypeFace: String] = [:]
        for face in TypeFace.allCases where readable(source(face).path) { faces[face] = source(face).path }
        var fallback = fallbackPaths.first.flatMap { readable($0) ? $0 : nil }
        if faces.count < TypeFace.allCases.count || fallback == nil, let config = FcInitLoadConfigAndFonts() {
            defer { FcConfigDestroy(config) }
            for face in TypeFace.allCases where faces[face] == nil {
                let source = source(face)
                faces[face] = match("\(source.family):\(source.style)", family: source.family, config: config)
            }
            if fallback == nil { fallback = fallbackFamilies.lazy.compactMap { match($0, family: nil, config: config) }.first }
        }
        if fallback == nil { fallback = fallbackPaths.first(where: readable) }
        guard let fallback = fallback ?? faces[.text] ?? faces.values.first else { return nil }
        let missing = TypeFace.allCases.filter { faces[$0] == nil }.map { face in
            let source = source(face)
            return "\(source.family) \(source.style) (Debian's \(source.package))"
        }
        return FontSet(faces: faces, fallback: fallback, missing: Array(Set(missing)).sorted())
    }

    private static func readable(_ path: String) -> Bool {
        SDL_RWFromFile(path, "rb").map {
            SDL_RWclose($0)
            return true
        } ?? false
    }

    /// The file fontconfig matches `name` with; when `family` is given, only a font of
    /// that family (fontconfig offers its nearest font for any name).
    private static func match(_ name: String, family: String?, config: OpaquePointer) -> String? {
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
        if let family {
            var found: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "family", 0, &found) == FcResultMatch, let found,
                String(cString: found).lowercased() == family.lowercased()
            else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        let path = String(cString: file)
        // fontconfig may offer a font SDL_ttf cannot open (a bitmap font); insist on TrueType/OpenType.
        guard path.hasSuffix(".ttf") || path.hasSuffix(".otf") else { return nil }
        return path
    }
}
