import BloqFiles
import CSDL2

/// Which SDL renderer draws a live window. With no GPU, SDL's accelerated renderer is
/// OpenGL served by Mesa's software rasteriser (llvmpipe), which maps LLVM (about 60 MB)
/// to draw what SDL's own software renderer draws for a fraction of the memory and CPU.
public enum RendererChoice: String, Equatable, Sendable {
    case software, accelerated

    /// `BLOQ_RENDERER=software|accelerated` forces a choice; otherwise the software
    /// renderer when the machine has no GPU device node (`/dev/dri/*` for Mesa's drivers,
    /// `/dev/nvidia*` for NVIDIA's), where any OpenGL would be a software one.
    public static func decide(environment: [String: String], deviceNodes: [String]) -> RendererChoice {
        if let forced = environment["BLOQ_RENDERER"].flatMap(RendererChoice.init(rawValue:)) { return forced }
        let gpu = deviceNodes.contains { $0.hasPrefix("/dev/dri/") || $0.hasPrefix("/dev/nvidia") }
        return gpu ? .accelerated : .software
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
