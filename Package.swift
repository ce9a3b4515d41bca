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
        // The seeded generator everything random shares (levels, confetti, sound, tests), and
        // the player's language (Localized: the gettext catalogs, read and checked by Bloq).
        .target(name: "BloqCore"),
        // Rules, levels, play session: pure Swift, standard library and BloqCore only.
        // Optimised in debug builds too: the tests' solver searches (the shipped levels
        // proved at par, budgets run out in child processes) take a tenth of the time, and
        // make test stays within its minutes (docs/testing.md).
        .target(name: "BloqGame", dependencies: ["BloqCore"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The file system: the data search path, level files and packs.
        .target(name: "BloqFiles", dependencies: ["BloqGame"]),
        // Animation, input recognition and layout: no SDL, no clock.
        .target(name: "BloqEngine", dependencies: ["BloqCore"]),
        // Counts heap allocations by interposing malloc: for BloqDev bench-alloc and the
        // tests only, never linked into bloq (make test-install checks its symbols).
        .target(name: "CAllocationCounter"),
        // Benchmarks behind `bloq bench` (and BloqDev bench-alloc, which adds the heap).
        .target(name: "BloqBench", dependencies: ["BloqEngine", "BloqGame", "BloqPlay"]),
        // The board scene: block controllers that join the engine and the rules.
        .target(name: "BloqPlay", dependencies: ["BloqCore", "BloqEngine", "BloqGame"]),
        // Every screen in many windows against the layout rules (LayoutTests, BloqDev layout):
        // not shipped.
        .target(name: "BloqLayoutAudit", dependencies: ["BloqEngine", "BloqGame", "BloqPlay"]),
        // The platform: window, renderer, text, events, the render loop.
        .target(
            name: "BloqSDL",
            dependencies: ["CSDL2", "CBloqX11", "CWaylandIdle", "BloqCore", "BloqEngine", "BloqGame", "BloqPlay", "BloqFiles"]),
        // The only importer of libdbus: the desktop's appearance from the XDG settings portal.
        .target(name: "BloqPortal", dependencies: ["CDBus", "BloqGame", "BloqPlay"]),
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
                "BloqGame", "BloqFiles", "BloqPlay", "BloqSDL", "BloqCLI", "BloqLayoutAudit", "BloqBench", "CAllocationCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Every command of `bloq`: the command line, the window, the benchmarks.
        .target(
            name: "BloqCLI",
            dependencies: [
                "BloqGame", "BloqFiles", "BloqPlay", "BloqEngine", "BloqSDL", "BloqPortal", "BloqBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The game and its command-line tools: the one executable.
        .executableTarget(name: "bloq", dependencies: ["BloqCLI", "BloqSDL"]),
        // What the tests share and the game never links: synthetic SDL events.
        .target(name: "BloqTestSupport", dependencies: ["CSDL2", "BloqSDL"]),
        .testTarget(name: "BloqGameTests", dependencies: ["BloqGame", "BloqCore"]),
        // The solver's memory measured on the heap (links the allocation counter, which
        // interposes malloc in the test process).
        .testTarget(name: "BloqBenchTests", dependencies: ["BloqBench", "BloqGame", "CAllocationCounter"]),
        .testTarget(name: "BloqEngineTests", dependencies: ["BloqEngine", "BloqCore"]),
        .testTarget(name: "BloqPlayTests", dependencies: ["BloqPlay", "BloqLayoutAudit"]),
        .testTarget(name: "BloqFilesTests", dependencies: ["BloqFiles"]),
        // Runs the bloq executable (which `swift test` builds) as users do.
        .testTarget(name: "BloqCLITests", dependencies: ["BloqFiles", "BloqGame", "BloqCore"]),
        .testTarget(name: "BloqSDLTests", dependencies: ["BloqSDL", "BloqPlay", "BloqEngine", "BloqGame", "BloqTestSupport"]),
        .testTarget(name: "BloqPortalTests", dependencies: ["BloqPortal", "BloqGame"]),
    ]
)
