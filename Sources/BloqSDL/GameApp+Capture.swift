import BloqPlay
import CSDL2

/// Frames read back from the renderer: for tests, benchmarks and screenshots.
extension GameApp {
    /// The drawn pixels of the back buffer as 0xAARRGGBB, row by row. Call after `draw()`.
    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let size = canvas.outputSize
        let width = Int(size.width)
        let height = Int(size.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw SDLError("cannot read the rendered frame") }
        return (width, height, pixels)
    }

    /// Draws the current frame and writes it to `path` as a PNG.
    public func saveScreenshot(to path: String) throws {
        draw()
        var frame = try readPixels()
        let saved = frame.pixels.withUnsafeMutableBytes { buffer -> Int32 in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(frame.width), Int32(frame.height), 32, Int32(frame.width * 4),
                    SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        frame.pixels.removeAll()
        guard saved == 0 else { throw SDLError("cannot write the screenshot to \(path)") }
    }
}
