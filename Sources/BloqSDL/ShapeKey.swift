/// A rounded rectangle's texture as the canvas caches it: its size, corner radius, whether it
/// is shaded as a block (a light from above, a bevel) and the colour baked into its pixels.
struct ShapeKey: Hashable {
    var width: Int
    var height: Int
    var radius: Int
    var shaded: Bool
    /// The colour baked into the pixels (0xRRGGBB): SDL's software renderer blends a plain
    /// texture several times faster than one it must tint per pixel.
    var color: UInt32

    /// The radius as drawn: no more than half the shorter side.
    private var r: Double { min(Double(radius), Double(min(width, height)) / 2) }

    /// How deep the bevel of a shaded shape reaches.
    private var rim: Double { max(Double(height) * 0.06, 1.5) }

    /// How far the centre of row `y` is past where the corners' arcs begin, toward the
    /// nearer of the top and bottom edges: positive in the arcs' rows, negative between them,
    /// the same for a row and its mirror.
    private func arcDepth(_ y: Int) -> Double {
        abs(Double(y) + 0.5 - Double(height) / 2) - (Double(height) / 2 - r)
    }

    /// The ARGB value of the pixel at column `x`, row `y`, computed on its own: its coverage
    /// from the signed distance of its centre to the edge, and a shaded shape's light.
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        let w = Double(width)
        let px = abs(Double(x) + 0.5 - w / 2) - (w / 2 - r)
        let py = arcDepth(y)
        let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
        let distance = outside + min(max(px, py), 0) - r
        let coverage = min(max(0.5 - distance, 0), 1)
        var light = 1.0
        if shaded {
            let t = (Double(y) + 0.5) / Double(height)
            light = 1.0 - 0.16 * t
            // A bright rim along the top and a dark one along the bottom.
            let inset = -distance
            if inset < rim {
                // Bright at the top, dark at the bottom, blending through the sides.
                light += (0.10 - 0.24 * t) * (1 - inset / rim)
            }
            light = min(max(light, 0), 1)
        }
        func channel(_ shift: UInt32) -> UInt32 {
            UInt32((Double((color >> shift) & 0xFF) * light).rounded())
        }
        let alpha = UInt32((coverage * 255).rounded())
        return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    /// Writes every pixel's `pixel(x, y)` into `pixels`, rows `pitch` pixels apart, computing
    /// few of them: the same values at a fraction of the cost of a texture's first frame.
    /// - Deeper inside than a margin, a pixel is fully covered and off the rim, so its value
    ///   depends on its row only: each row's inner span is one value, computed once.
    /// - A pixel's value is the same as its mirror's across the middle column, and, in a
    ///   plain shape (its light the same in every row), across the middle row.
    func fill(_ pixels: UnsafeMutablePointer<UInt32>, pitch: Int) {
        let margin = (shaded ? rim : 0) + 1
        let rows = shaded ? height : (height + 1) / 2
        for y in 0..<rows {
            let py = arcDepth(y)
            // The row's deep columns: more than `margin` inside the left and right edges, and,
            // in the rows of the corners' arcs (py > 0), between the arcs.
            let first = Int(((py <= 0 ? margin : r) - 0.5).rounded(.up)) + 1
            let last = width - first - 1
            let row = y * pitch
            let deep = py - r < -margin && first <= last
            for x in 0..<(deep ? first : (width + 1) / 2) {
                let value = pixel(x, y)
                pixels[row + x] = value
                pixels[row + width - 1 - x] = value
            }
            if deep {
                let inner = pixel(width / 2, y)
                for x in first...last { pixels[row + x] = inner }
            }
            if !shaded {
                let mirror = (height - 1 - y) * pitch
                for x in 0..<width { pixels[mirror + x] = pixels[row + x] }
            }
        }
    }
}
