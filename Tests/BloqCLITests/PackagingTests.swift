import BloqTestSupport
import Foundation
import Testing

/// The version (Sources/BloqCLI/Version.swift) and the application id are each written once
/// and must agree wherever they are shipped: `bloq --version`, the AppStream metainfo, the
/// Debian changelog, the Flatpak manifest, the man page, the desktop entry and the icons.
enum Packaging {
    static let appID = "io.github.bloqlinux.bloq"

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: Repository.url(relative), encoding: .utf8)
    }

    static func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: Repository.url(relative).path)
    }

    /// The first capture group of `pattern`'s every match in `text`.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try Regex(pattern).anchorsMatchLineEndings()
        return text.matches(of: regex).compactMap { match in match.output[1].substring.map(String.init) }
    }

    /// The items of the top-level YAML list `key` (`  - item` lines), comments skipped.
    static func yamlList(_ key: String, in text: String) -> [String] {
        var items: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\(key):") {
                inside = true
            } else if inside, let first = line.first, first != " ", first != "#" {
                break
            } else if inside {
                let item = line.trimmingCharacters(in: .whitespaces)
                if item.hasPrefix("- ") { items.append(String(item.dropFirst(2))) }
            }
        }
        return items
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ relative: String) throws -> (Int, Int)? {
        let data = try Data(contentsOf: Repository.url(relative))
        guard data.count >= 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let number = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}

extension ChildProcessSuite {
    @Suite("Packaging: one version, one application id")
    struct PackagingTests {
        @Test("bloq --version is Version.swift's, the newest metainfo release, NEWS's, the Debian changelog's and the Flatpak tag")
        func versionsAgree() throws {
            let run = try Bloq.run(["--version"])
            #expect(run.status == 0)
            let version = run.out.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(
                try Packaging.captures(#"static let current = "([^"]+)""#, in: Packaging.text("Sources/BloqCLI/Version.swift")) == [version]
            )

            let metainfo = try Packaging.text("Assets/\(Packaging.appID).metainfo.xml")
            // AppStream lists releases newest first.
            let releases = try Packaging.captures(#"<release version="([^"]+)""#, in: metainfo)
            #expect(releases.first == version, "the metainfo's newest release is \(releases.first ?? "missing"), bloq says \(version)")
            let dates = try Packaging.captures(#"<release version="[^"]+" date="([0-9-]+)""#, in: metainfo)
            #expect(dates.count == releases.count && dates == dates.sorted(by: >), "every release has a date, newest first: \(dates)")

            let changelog = try Packaging.text("debian/changelog")
            let entries = try Packaging.captures(#"^bloq \(([^)]+)\) "#, in: changelog)
            #expect(entries.first == version, "debian/changelog starts at \(entries.first ?? "nothing"), bloq says \(version)")
            // The changelog entry and the metainfo release are the same day.
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let trailer = try #require(
                try Regex(#"^ -- .+>  \w{3}, (\d{1,2}) (\w{3}) (\d{4}) "#).anchorsMatchLineEndings().firstMatch(in: changelog))
            let day = try #require(trailer.output[1].substring.flatMap { Int($0) })
            let month = try #require(trailer.output[2].substring.flatMap { months.firstIndex(of: String($0)) })
            let year = try #require(trailer.output[3].substring.map(String.init))
            let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
            #expect(dates.first == "\(year)-\(twoDigits(month + 1))-\(twoDigits(day))")

            let manifest = try Packaging.text("packaging/flatpak/\(Packaging.appID).yml")
            let tags = try Packaging.captures(#"url: https://github\.com/bloqlinux/bloq\.git\n\s+tag: (\S+)"#, in: manifest)
            #expect(tags == ["v\(version)"], "the Flatpak manifest builds \(tags), not v\(version)")

            // NEWS, for users, starts with the same release on the same day.
            let news = try Packaging.text("NEWS")
            let newsReleases = try Packaging.captures(#"^(\d+\.\d+\.\d+\S*) \(\d{4}-\d{2}-\d{2}\)$"#, in: news)
            let newsDates = try Packaging.captures(#"^\d+\.\d+\.\d+\S* \((\d{4}-\d{2}-\d{2})\)$"#, in: news)
            #expect(newsReleases.first == version, "NEWS starts at \(newsReleases.first ?? "nothing"), bloq says \(version)")
            #expect(
                newsDates.first == dates.first,
                "NEWS dates its top entry \(newsDates.first ?? "nothing"), the metainfo \(dates.first ?? "nothing")")
            #expect(newsReleases == releases, "NEWS lists \(newsReleases), the metainfo \(releases)")

            // The man page takes its version from bloq --version when installed (make install).
            #expect(try Packaging.text("Assets/bloq.6.in").hasPrefix(#".TH BLOQ 6 "@DATE@" "bloq @VERSION@" "Games""#))
        }
    }
}

@Suite("Packaging: the application id and the files it names")
struct ApplicationIDTests {
    let id = Packaging.appID

    @Test("the metainfo, the desktop entry, the icons, the Makefile and the Flatpak manifest use one id")
    func oneID() throws {
        let metainfo = try Packaging.text("Assets/\(id).metainfo.xml")
        #expect(try Packaging.captures("<id>([^<]+)</id>", in: metainfo) == [id])
        #expect(try Packaging.captures(#"<launchable type="desktop-id">([^<]+)</launchable>"#, in: metainfo) == ["\(id).desktop"])
        #expect(try Packaging.captures("<binary>([^<]+)</binary>", in: metainfo) == ["bloq"])
        #expect(try Packaging.captures("<category>([^<]+)</category>", in: metainfo) == ["Game", "LogicGame"])

        let desktop = try Packaging.text("Assets/\(id).desktop")
        #expect(try Packaging.captures("^Icon=(.+)$", in: desktop) == [id])
        #expect(try Packaging.captures("^StartupWMClass=(.+)$", in: desktop) == [id])
        #expect(try Packaging.captures("^Exec=(.+)$", in: desktop) == ["bloq"])

        let makefile = try Packaging.text("Makefile")
        #expect(try Packaging.captures(#"^APP_ID := (\S+)$"#, in: makefile) == [id])
        let sizes = try Packaging.captures(#"^ICON_SIZES := (.+)$"#, in: makefile).first?.split(separator: " ").compactMap { Int($0) } ?? []
        #expect(!sizes.isEmpty)
        for size in sizes {
            let icon = "Assets/icons/hicolor/\(size)x\(size)/apps/\(id).png"
            let measured = try Packaging.pngSize(icon)
            #expect(measured?.0 == size && measured?.1 == size, "\(icon) is \(String(describing: measured))")
        }
        #expect(Packaging.exists("Assets/icons/hicolor/scalable/apps/\(id).svg"))

        for script in ["scripts/install-check.sh", "scripts/deb-check.sh", "scripts/render-icons.sh"] {
            #expect(try Packaging.captures(#"^app_id=(\S+)$"#, in: Packaging.text(script)) == [id], "\(script)")
        }
        let manifest = try Packaging.text("packaging/flatpak/\(id).yml")
        #expect(try Packaging.captures(#"^id: (\S+)$"#, in: manifest) == [id])
        #expect(try Packaging.captures(#"^command: (\S+)$"#, in: manifest) == ["bloq"])
    }

    @Test("the metainfo's summary fits Flathub's 35 characters, and it names a developer by id")
    func metainfoSummaryAndDeveloper() throws {
        let metainfo = try Packaging.text("Assets/\(id).metainfo.xml")
        let summaries = try Packaging.captures("<summary>([^<]+)</summary>", in: metainfo)
        #expect(summaries.count == 1 && summaries.allSatisfy { $0.count <= 35 && !$0.hasSuffix(".") }, "\(summaries)")
        #expect(
            try Packaging.captures(#"<developer id="([^"]+)">\s*<name>[^<]+</name>\s*</developer>"#, in: metainfo) == [
                "io.github.bloqlinux"
            ])
        #expect(!metainfo.contains("<developer_name>"), "the deprecated <developer_name> is back")
    }

    @Test("the Flatpak gets a window, sound, the GPU and gamepads (--device=all: evdev and hidraw), and no files")
    func flatpakPermissions() throws {
        let manifest = try Packaging.text("packaging/flatpak/\(id).yml")
        #expect(
            Set(Packaging.yamlList("finish-args", in: manifest)) == [
                "--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--socket=pulseaudio", "--device=all",
            ])
        #expect(Packaging.yamlList("sdk-extensions", in: manifest) == ["org.freedesktop.Sdk.Extension.swift6"])
        #expect(try Packaging.captures(#"^runtime: (\S+)$"#, in: manifest) == ["org.freedesktop.Platform"])
    }

    @Test("listed for phones: the desktop entry's Phosh and Plasma Mobile form factors, the metainfo's touch and display length")
    func mobileFormFactor() throws {
        let entry = try Packaging.text("Assets/\(id).desktop")
        #expect(entry.contains("\nX-Purism-FormFactor=Workstation;Mobile;\n"))
        #expect(entry.contains("\nX-KDE-FormFactors=desktop;tablet;handset;\n"))
        let metainfo = try Packaging.text("Assets/\(id).metainfo.xml")
        let recommends = try Packaging.captures(#"(?s)<recommends>(.*?)</recommends>"#, in: metainfo).joined()
        for control in ["touch", "keyboard", "pointing"] { #expect(recommends.contains("<control>\(control)</control>")) }
        let requires = try Packaging.captures(#"(?s)<requires>(.*?)</requires>"#, in: metainfo).joined()
        #expect(requires.contains(#"<display_length compare="ge">360</display_length>"#))
        #expect(metainfo.contains(#"<value key="Purism::form_factor">mobile</value>"#))
    }

    @Test("every metainfo screenshot is a committed PNG at the release's tag, with a caption")
    func screenshots() throws {
        let metainfo = try Packaging.text("Assets/\(id).metainfo.xml")
        let version = try #require(try Packaging.captures(#"<release version="([^"]+)""#, in: metainfo).first)
        let blocks = try Packaging.captures(#"(<screenshot[ >][\s\S]*?</screenshot>)"#, in: metainfo)
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(try !Packaging.captures("<caption>([^<]+)</caption>", in: block).isEmpty, "no caption: \(block)")
            let images = try Packaging.captures("<image>([^<]+)</image>", in: block)
            #expect(images.count == 1)
            for url in images {
                let prefix = "https://raw.githubusercontent.com/bloqlinux/bloq/v\(version)/"
                #expect(url.hasPrefix(prefix), "\(url) is not at the tag v\(version)")
                let file = String(url.dropFirst(prefix.count))
                #expect(file.hasPrefix("docs/screenshots/") && file.hasSuffix(".png") && Packaging.exists(file), "\(file) is not committed")
            }
        }
    }
}

extension ChildProcessSuite {
    @Suite("Packaging: the desktop entry and the metainfo in every language")
    struct TranslatedPackagingTests {
        let id = Packaging.appID

        /// The languages po/LINGUAS names.
        func languages() throws -> [String] {
            try Packaging.text("po/LINGUAS").split(separator: "\n").map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }

        /// Runs a tool (from the PATH) in the source folder; its status and standard error.
        func tool(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = Repository.root
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let scratch = try Scratch("bloq-tool")
            let err = URL(fileURLWithPath: try scratch.file("err", ""))
            process.standardError = try FileHandle(forWritingTo: err)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return (process.terminationStatus, (try? String(contentsOf: err, encoding: .utf8)) ?? "")
        }

        @Test("msgfmt --desktop gives the entry every language's Name, GenericName, Comment and Keywords, and it stays valid")
        func desktopEntry() throws {
            let scratch = try Scratch("bloq-desktop")
            let out = scratch.path("bloq.desktop")
            let made = try tool(["msgfmt", "--desktop", "--template=Assets/\(id).desktop", "-d", "po", "-o", out])
            #expect(made.status == 0, "\(made.err) (is gettext installed? make test installs it)")
            let entry = try String(contentsOfFile: out, encoding: .utf8)
            for language in try languages() {
                for key in ["Name", "GenericName", "Comment", "Keywords"] {
                    #expect(entry.contains("\n\(key)[\(language)]="), "no \(key)[\(language)]")
                }
            }
            let valid = try tool(["desktop-file-validate", out])
            #expect(valid.status == 0, "\(valid.err)")
        }

        @Test("msgfmt --xml (po/its rules) gives the metainfo every language's summary and description, summaries within 35 characters")
        func metainfo() throws {
            let scratch = try Scratch("bloq-metainfo")
            let out = scratch.path("bloq.metainfo.xml")
            let made = try tool(
                ["msgfmt", "--xml", "--template=Assets/\(id).metainfo.xml", "-d", "po", "-o", out],
                environment: ["GETTEXTDATADIRS": Repository.path("po")])
            #expect(made.status == 0, "\(made.err)")
            let metainfo = try String(contentsOfFile: out, encoding: .utf8)
            for language in try languages() {
                let summaries = try Packaging.captures(#"<summary xml:lang="\#(language)">([^<]+)</summary>"#, in: metainfo)
                #expect(summaries.count == 1 && summaries.allSatisfy { $0.count <= 35 && !$0.hasSuffix(".") }, "\(language): \(summaries)")
                #expect(try Packaging.captures(#"<p xml:lang="\#(language)">([^<]+)</p>"#, in: metainfo).count >= 3, "\(language)")
                #expect(try Packaging.captures(#"<caption xml:lang="\#(language)">([^<]+)</caption>"#, in: metainfo).count >= 6)
            }
            let valid = try tool(["scripts/metainfo-check.sh", out])
            #expect(valid.status == 0, "\(valid.err)")
        }
    }
}
