import BloqLocalization

/// Finds the folder of the game's translations (`LL/LC_MESSAGES/bloq.mo` in it), as
/// `DataLocator` finds its levels: from the executable's neighbourhood, with no path
/// compiled into the program. The search path, first folder holding any `bloq.mo` wins:
///
/// 1. `../share/locale/` beside the executable's folder (installed: `/usr/local/bin/bloq`
///    with `/usr/local/share/locale`, Debian's `/usr/games/bloq` with `/usr/share/locale`);
/// 2. `.build/locale/` in the source tree a build folder lies in (`make mo` writes it).
///
/// The `BLOQ_LOCALEDIR` environment variable, when set, is the only place looked in. With
/// none found, the game shows English.
public struct CatalogLocator: Sendable {
    public let candidates: [DataLocator.Candidate]

    /// The catalogs' file name.
    public static var fileName: String { Localized.domain + ".mo" }

    /// - Parameters:
    ///   - environment: the process environment (for `BLOQ_LOCALEDIR`).
    ///   - executable: the path of the running executable (`bloq`, also for the window
    ///     process: `DataLocator.executablePath()`).
    public init(
        environment: [String: String] = ProcessEnvironment.current, executable: String = DataLocator.executablePath()
    ) {
        if let explicit = environment["BLOQ_LOCALEDIR"], !explicit.isEmpty {
            candidates = [DataLocator.Candidate(path: explicit, origin: "$BLOQ_LOCALEDIR")]
        } else {
            candidates = DataLocator.besideExecutable(executable, own: false, shares: ["share/locale"], inSourceTree: ".build/locale")
        }
    }

    /// The first candidate holding a catalog of the game, or nil.
    public func locate() -> String? {
        candidates.first { !CatalogLocator.languages(in: $0.path).isEmpty }?.path
    }

    /// The languages `folder` holds a catalog of the game for ("de", "pt_BR"), sorted.
    public static func languages(in folder: String) -> [String] {
        guard let names = FileSystem.names(in: folder) else { return [] }
        return names.filter { Path.isFile(catalogPath(folder, $0)) }.sorted()
    }

    /// The catalog of `folder` that gettext reads for `name` (a language list's entry: "de",
    /// "de_AT.UTF-8"), or nil: gettext tries the name, then without its codeset and region,
    /// "de_AT.UTF-8", "de_AT", "de" (the forms Bloq's catalogs use).
    /// A name with `/` or `..` (which could reach outside `folder`) has none.
    public static func catalog(for name: String, in folder: String) -> String? {
        guard RequestedLanguages.isSafeName(name) else { return nil }
        let withoutModifier = String(name.prefix { $0 != "@" })
        let withoutCodeset = String(withoutModifier.prefix { $0 != "." })
        let language = String(withoutCodeset.prefix { $0 != "_" })
        for form in [name, withoutModifier, withoutCodeset, language] where !form.isEmpty {
            let path = catalogPath(folder, form)
            if Path.isFile(path) { return path }
        }
        return nil
    }

    /// The catalogs of `folder` for `languages` (best first), read and checked
    /// (`MessageCatalog`), in that order: a language without a catalog is passed over, and
    /// so is one whose catalog is damaged, with a warning that says where and how to fix it.
    /// `found` says whether any language had a catalog file at all, valid or not; `first`
    /// is the language whose catalog is shown first ("de_AT" as asked), nil: English.
    public static func load(_ languages: [String], in folder: String) -> (
        catalogs: [MessageCatalog], warnings: [String], found: Bool, first: String?
    ) {
        var catalogs: [MessageCatalog] = []
        var failures: [(path: String, reason: String)] = []
        var found = false
        var seen: Set<String> = []
        var first: String?
        for name in languages {
            guard let path = catalog(for: name, in: folder), seen.insert(path).inserted else { continue }
            found = true
            switch RegularFile.read(path, limit: MessageCatalog.maximumFileSize) {
            case .failure(let failure):
                failures.append((path, failure.reason(noun: "catalog")))
            case .success(let bytes):
                do throws(CatalogError) {
                    catalogs.append(try MessageCatalog(bytes: bytes))
                    if first == nil { first = name }
                } catch {
                    failures.append((path, error.message))
                }
            }
        }
        // What shows instead of a damaged catalog: the next language's, else English.
        let instead = catalogs.isEmpty ? "the game shows English" : "the game shows the next language asked for"
        let warnings = failures.map { failure in
            "\(failure.path) is not used: \(failure.reason), so \(instead); reinstall Bloq, "
                + "or compile the catalog again from its .po file (msgfmt --check -o FILE.mo LL.po, or make mo in a source tree)"
        }
        return (catalogs, warnings, found, first)
    }

    /// `folder/LANGUAGE/LC_MESSAGES/bloq.mo`.
    static func catalogPath(_ folder: String, _ language: String) -> String {
        Path.join(Path.join(Path.join(folder, language), "LC_MESSAGES"), fileName)
    }
}
