// swift-tools-version:6.1
import Foundation
import PackageDescription

// swift-argument-parser, the one dependency: from the source tarball's vendor/ folder when
// it is there (`make dist` puts it there, so the tarball builds with no network and no
// SwiftPM cache), else fetched at the version Package.resolved pins.
let argumentParser: Package.Dependency =
    FileManager.default.fileExists(atPath: Context.packageDirectory + "/vendor/swift-argument-parser/Package.swift")
    ? .package(path: "vendor/swift-argument-parser")
    : .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")

// BloqGame (the rules and the solver) and BloqEngine (the animator, the text measure every
// layout makes) optimised in debug builds too, when BLOQ_OPTIMIZE_RULES=1 (the Makefile
// exports it): make test's solver searches, in process and in the debug bloq the
// command-line tests run, take a tenth of the time, and its layouts 38 % less (the figures
// in docs/testing.md). Only then: SwiftPM refuses a package with
// unsafe flags as a dependency, so a plain `swift build` has none, and the library products
// can be depended on.
let rulesSettings: [SwiftSetting] =
    Context.environment["BLOQ_OPTIMIZE_RULES"] == "1" ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "Bloq",
    products: [
        .library(name: "BloqEngine", targets: ["BloqEngine"]),
        .library(name: "BloqGame", targets: ["BloqGame"]),
        .executable(name: "bloq", targets: ["bloq"]),
    ],
    dependencies: [argumentParser],
    targets: [
        // The only C library wrapper; imported by BloqSDL and nothing else.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [
                .apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libfontconfig-dev"])
            ]
        ),
        // libdbus, for the desktop portal's appearance settings (BloqPortal imports it).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // Whether an X11 window manager runs (fullscreen without one is done by hand).
        .target(name: "CBloqX11"),
        // libwayland-client (pkg-config), for CWaylandIdle's C only.
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // The game's own Wayland idle inhibitor (idle-inhibit-unstable-v1), made and destroyed
        // as the game asks: SDL 2.26 never destroys its own (docs/platform.md). The protocol
        // glue is wayland-scanner's (scripts/wayland-glue.sh).
        .target(name: "CWaylandIdle", dependencies: ["CWaylandClient"]),
        // The game's own Wayland clipboard (wl_data_device): SDL 2.26 never sets the selection
        // with a touch's serial, so Copy code did nothing on a phone (docs/platform.md).
        .target(name: "CWaylandClipboard", dependencies: ["CWaylandClient"]),
        // The outputs' scales (wl_output, xdg-output) watched: SDL 2.26 reads each once, so a
        // scale changed while the game runs needs SDL's video started anew (docs/platform.md).
        .target(name: "CWaylandOutputs", dependencies: ["CWaylandClient"]),
        // libxkbcommon's four entry points SDL 2.26 calls with NULL when a compositor sends
        // modifiers before a keymap (a SIGSEGV; fixed in SDL 2.30.1): answered for NULL here.
        // Linking libxkbcommon (libSDL2 loads it anyway) is what makes the linker export the
        // executable's definitions, so that libSDL2's calls reach them.
        .target(name: "CXkbGuard", linkerSettings: [.linkedLibrary("xkbcommon")]),
        // The player's language: tr() over the gettext catalogs, read and checked by Bloq
        // (MessageCatalog), and the languages the environment asks for. The shell's words.
        .target(name: "BloqLocalization", dependencies: ["BloqSync"]),
        // The one lock type (on pthread mutexes, which ThreadSanitizer sees), the one
        // semaphore and the monotonic clock; CBloqSync shows it glibc's sem_clockwait.
        .target(name: "CBloqSync"),
        .target(name: "BloqSync", dependencies: ["CBloqSync"]),
        // Rules, levels, play session, the solver and the seeded generator: pure Swift,
        // the standard library only (no import at all), so nothing here depends on the
        // process's locale; the shell words the rules' values for the player.
        .target(name: "BloqGame", swiftSettings: rulesSettings),
        // The file system: the data search path, level files and packs.
        .target(name: "BloqFiles", dependencies: ["BloqGame", "BloqLocalization", "BloqSync"]),
        // Animation, input recognition and layout: no SDL, no clock.
        .target(name: "BloqEngine", swiftSettings: rulesSettings),
        // Counts heap allocations by interposing malloc: for BloqDev bench-alloc and the
        // tests only, never linked into bloq (make test-install checks its symbols).
        .target(name: "CAllocationCounter"),
        // Benchmarks behind `bloq bench` (and BloqDev bench-alloc, which adds the heap).
        .target(name: "BloqBench", dependencies: ["BloqEngine", "BloqGame", "BloqPlay", "BloqSync"]),
        // The board scene: block controllers that join the engine and the rules.
        .target(name: "BloqPlay", dependencies: ["BloqEngine", "BloqGame", "BloqLocalization", "BloqSync"]),
        // Every screen in many windows against the layout rules (LayoutTests, BloqDev layout):
        // not shipped.
        .target(name: "BloqLayoutAudit", dependencies: ["BloqEngine", "BloqGame", "BloqPlay"]),
        // The platform: window, renderer, text, events, the render loop.
        .target(
            name: "BloqSDL",
            dependencies: [
                "CSDL2", "CBloqX11", "CWaylandIdle", "CWaylandClipboard", "CWaylandOutputs", "CXkbGuard", "BloqEngine", "BloqGame",
                "BloqLocalization", "BloqPlay", "BloqFiles", "BloqSync",
            ]),
        // The only importer of libdbus: the desktop's appearance from the XDG settings portal.
        .target(name: "BloqPortal", dependencies: ["CDBus", "BloqGame", "BloqPlay", "BloqSync"]),
        // libFuzzer targets (make fuzz); a normal build replays the kept corpus through them.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzLevels", dependencies: ["BloqGame", "FuzzSupport"]),
        .executableTarget(name: "FuzzScripts", dependencies: ["BloqPlay", "FuzzSupport"]),
        .executableTarget(name: "FuzzCodes", dependencies: ["BloqGame", "FuzzSupport"]),
        // Test harnesses that are not for players: input storms, the save-torture loop, the
        // heap benchmarks (make storm, make test); not a product, not in `bloq --help`.
        .executableTarget(
            name: "BloqDev",
            dependencies: [
                "BloqGame", "BloqFiles", "BloqLocalization", "BloqPlay", "BloqSDL", "BloqCLI", "BloqLayoutAudit", "BloqBench",
                "CAllocationCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Every command of `bloq`: the command line, the window, the benchmarks.
        .target(
            name: "BloqCLI",
            dependencies: [
                "BloqGame", "BloqFiles", "BloqLocalization", "BloqPlay", "BloqEngine", "BloqSDL", "BloqPortal", "BloqBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The game and its command-line tools: the one executable.
        .executableTarget(name: "bloq", dependencies: ["BloqCLI", "BloqSDL"]),
        // What the tests share and the game never links: scratch folders, the source tree's
        // root, the one pointer simulator (Hand), app and pack fixtures, synthetic SDL events.
        .target(
            name: "BloqTestSupport", dependencies: ["CSDL2", "BloqEngine", "BloqFiles", "BloqGame", "BloqPlay", "BloqSDL"],
            path: "Tests/BloqTestSupport"),
        .testTarget(name: "BloqGameTests", dependencies: ["BloqGame", "BloqTestSupport"]),
        .testTarget(name: "BloqLocalizationTests", dependencies: ["BloqLocalization"]),
        // The solver's memory measured on the heap (links the allocation counter, which
        // interposes malloc in the test process).
        .testTarget(
            name: "BloqBenchTests", dependencies: ["BloqBench", "BloqGame", "BloqPlay", "BloqTestSupport", "CAllocationCounter"]),
        .testTarget(name: "BloqEngineTests", dependencies: ["BloqEngine", "BloqGame"]),
        .testTarget(name: "BloqPlayTests", dependencies: ["BloqPlay", "BloqLayoutAudit", "BloqSync", "BloqTestSupport"]),
        .testTarget(name: "BloqFilesTests", dependencies: ["BloqFiles", "BloqTestSupport"]),
        // Runs the bloq executable as users do, and BloqDev's harnesses (save and line
        // torture, layout in every language): both declared, so both are built for it.
        .testTarget(
            name: "BloqCLITests",
            dependencies: [
                "BloqCLI", "BloqEngine", "BloqFiles", "BloqGame", "BloqLocalization", "BloqPlay", "BloqTestSupport", "bloq", "BloqDev",
            ]),
        .testTarget(name: "BloqSDLTests", dependencies: ["BloqSDL", "BloqPlay", "BloqEngine", "BloqGame", "BloqTestSupport", "CXkbGuard"]),
        .testTarget(name: "BloqPortalTests", dependencies: ["BloqPortal", "BloqGame", "BloqTestSupport"]),
    ]
)
