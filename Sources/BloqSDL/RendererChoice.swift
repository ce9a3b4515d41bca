import BloqFiles
import CSDL2

/// Which SDL renderer draws a live window. With no GPU, SDL's accelerated renderer is
/// OpenGL served by Mesa's software rasteriser (llvmpipe), which maps LLVM (about 60 MB)
/// to draw what SDL's own software renderer draws for a fraction of the memory and CPU:
/// on X11 the game then draws with SDL's own. SDL 2's Wayland driver has no software
/// window surface (SDL_CreateWindowFramebuffer is X11's and the offscreen driver's only),
/// so on Wayland OpenGL it is, llvmpipe or not (docs/platform.md).
public enum RendererChoice: String, Equatable, Sendable {
    case software, accelerated

    /// On Wayland, the accelerated renderer (OpenGL through EGL; Mesa's llvmpipe where
    /// there is no GPU). Elsewhere `BLOQ_RENDERER=software|accelerated` forces a choice;
    /// otherwise the software renderer when the machine has no GPU device node
    /// (`/dev/dri/*` for Mesa's drivers, `/dev/nvidia*` for NVIDIA's), where any OpenGL
    /// would be a software one.
    public static func decide(environment: [String: String], deviceNodes: [String], videoDriver: String = "x11") -> RendererChoice {
        if videoDriver == "wayland" { return .accelerated }
        if let forced = environment["BLOQ_RENDERER"].flatMap(RendererChoice.init(rawValue:)) { return forced }
        let gpu = deviceNodes.contains { $0.hasPrefix("/dev/dri/") || $0.hasPrefix("/dev/nvidia") }
        return gpu ? .accelerated : .software
    }

    /// Whether an accelerated renderer that turned out to be a software OpenGL is swapped
    /// for SDL's software renderer: on X11 (it draws the same for less), never on Wayland
    /// (nothing else draws there), nor when `BLOQ_RENDERER=accelerated` asks for OpenGL.
    public static func swapsSoftwareGL(environment: [String: String], videoDriver: String) -> Bool {
        videoDriver != "wayland" && environment["BLOQ_RENDERER"] != "accelerated"
    }

    /// The GPU device nodes present.
    static func deviceNodes() -> [String] {
        let dri = (FileSystem.names(in: "/dev/dri") ?? []).map { "/dev/dri/" + $0 }
        let nvidia = (FileSystem.names(in: "/dev") ?? []).filter { $0.hasPrefix("nvidia") }.map {
            "/dev/" + $0
        }
        return dri + nvidia
    }

    /// Whether an OpenGL renderer's GL_RENDERER string names a software rasteriser.
    public static func isSoftwareGL(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lowered.containsBytes(of: $0) }
    }

    /// The GL_RENDERER string of the OpenGL context current on this thread, if any.
    static func currentGLRenderer() -> String? {
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        return glGetString(glRenderer).map { String(cString: $0) }
    }
}

/// Which of SDL's video drivers a live window asks for. SDL 2.26 tries X11 before Wayland,
/// so in a Wayland session it would run through XWayland: blurry at a scale of 2 (the
/// compositor stretches a window drawn at scale 1) and with XWayland's touch. The player's
/// own `SDL_VIDEODRIVER` always wins (SDL reads it before any hint).
public enum VideoDriverChoice {
    /// The list to give SDL_HINT_VIDEODRIVER before SDL starts, or nil for SDL's own
    /// order: Wayland, then X11, in a Wayland session (`WAYLAND_DISPLAY` set), unless
    /// the player named a driver.
    public static func preference(environment: [String: String]) -> String? {
        if let chosen = environment["SDL_VIDEODRIVER"], !chosen.isEmpty { return nil }
        guard let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty else { return nil }
        return "wayland,x11"
    }

    /// Whether the game may go over to X11 when it cannot draw on Wayland: the player did
    /// not name a driver, and an X server (XWayland) is there.
    public static func mayFallBackToX11(environment: [String: String]) -> Bool {
        (environment["SDL_VIDEODRIVER"] ?? "").isEmpty && !(environment["DISPLAY"] ?? "").isEmpty
    }
}
