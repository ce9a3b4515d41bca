import Testing

@testable import BloqSDL

/// A rounded rectangle's texture is written by `ShapeKey.fill`, which computes few pixels and
/// copies the rest (a row's inner span, the mirror across the middle column and, in a plain
/// shape, across the middle row). Every pixel it writes must be the one computed on its own.
@Suite("A shape's texture is its pixels computed one by one")
struct ShapePixelTests {
    /// Sizes odd and even, from one pixel up; radii from square corners to more than half
    /// the shorter side.
    static let sides = [1, 2, 3, 6, 7, 16, 25, 48, 101]
    static let radii = [0, 1, 4, 12, 24, 60]

    /// What `fill` leaves in a buffer whose rows are `pitch` pixels apart, the pixels past
    /// each row's end marked, and the reference: `pixel(x, y)` for every pixel.
    static func filled(_ key: ShapeKey, pitch: Int) -> (filled: [UInt32], reference: [UInt32]) {
        let marker: UInt32 = 0xDEAD_BEEF
        var buffer = [UInt32](repeating: marker, count: pitch * key.height)
        buffer.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            key.fill(base, pitch: pitch)
        }
        var reference = [UInt32](repeating: marker, count: pitch * key.height)
        for y in 0..<key.height {
            for x in 0..<key.width { reference[y * pitch + x] = key.pixel(x, y) }
        }
        return (buffer, reference)
    }

    @Test("plain and shaded shapes of every size and radius", arguments: [false, true])
    func everyPixel(shaded: Bool) {
        var compared = 0
        for width in Self.sides {
            for height in Self.sides {
                for radius in Self.radii {
                    let key = ShapeKey(width: width, height: height, radius: radius, shaded: shaded, color: 0x3A_7F_E1)
                    let (filled, reference) = Self.filled(key, pitch: width + 3)
                    guard filled != reference else {
                        compared += 1
                        continue
                    }
                    let first = zip(filled, reference).enumerated().first { $0.element.0 != $0.element.1 }
                    let place = first.map { (x: $0.offset % (width + 3), y: $0.offset / (width + 3)) }
                    Issue.record(
                        "\(key): \(zip(filled, reference).filter { $0 != $1 }.count) pixels differ, the first at \(String(describing: place))"
                    )
                }
            }
        }
        #expect(compared == Self.sides.count * Self.sides.count * Self.radii.count)
    }

    @Test("a shape is opaque inside, clear outside its corners, and its colour's own inside")
    func valuesThemselves() {
        let key = ShapeKey(width: 40, height: 30, radius: 10, shaded: false, color: 0x12_34_56)
        #expect(key.pixel(20, 15) == 0xFF12_3456)
        #expect(key.pixel(0, 0) >> 24 == 0)
        #expect(key.pixel(0, 15) == 0xFF12_3456)
        let edge = key.pixel(1, 5) >> 24
        #expect(edge > 0 && edge < 255, "a pixel on the corner's arc is partly covered")
        let block = ShapeKey(width: 40, height: 40, radius: 8, shaded: true, color: 0xFF_FF_FF)
        #expect(block.pixel(20, 3) & 0xFF > block.pixel(20, 36) & 0xFF, "a block is lit from above")
    }
}
