import CXkbGuard
import Foundation
import Testing

/// The guard in front of libxkbcommon (Sources/CXkbGuard): SDL 2.26's NULL calls are
/// answered, and every other call still reaches libxkbcommon (a guard that swallowed them
/// would leave Shift and Ctrl dead on every keyboard).
@Suite("the keyboard guard under SDL's Wayland keyboard", .serialized)
struct XkbGuardTests {
    @Test("modifiers and keys before any keymap are answered instead of crashing")
    func nullAnswered() {
        let before = bloq_xkb_guard_absorbed()
        #expect(xkb_state_update_mask(nil, 1, 0, 0, 0, 0, 0) == 0)
        xkb_keymap_key_for_each(nil, { _, _, _ in Issue.record("a key visited in no keymap") }, nil)
        #expect(bloq_xkb_guard_absorbed() == before + 2)
    }

    @Test(
        "with a real keymap the calls reach libxkbcommon: Shift pressed changes the state, a key's keysyms are its own, in no layout layout 0's"
    )
    func realCallsPassThrough() throws {
        guard let library = dlopen("libxkbcommon.so.0", RTLD_NOW) else {
            Issue.record("libxkbcommon.so.0 cannot be loaded (libSDL2 needs it): \(String(cString: dlerror()))")
            return
        }
        defer { dlclose(library) }
        typealias NewContext = @convention(c) (Int32) -> OpaquePointer?
        typealias NewKeymap = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> OpaquePointer?
        typealias NewState = @convention(c) (OpaquePointer?) -> OpaquePointer?
        typealias Unref = @convention(c) (OpaquePointer?) -> Void
        func symbol<T>(_ name: String, as: T.Type) throws -> T {
            guard let found = dlsym(library, name) else { throw XkbMissing(name: name) }
            return unsafeBitCast(found, to: T.self)
        }
        let context = try symbol("xkb_context_new", as: NewContext.self)(0)
        defer { try? symbol("xkb_context_unref", as: Unref.self)(context) }
        // evdev's rules, a pc105 keyboard, the us layout (xkb-data, which libxkbcommon's
        // package brings), named rather than taken from XKB_DEFAULT_LAYOUT and the like.
        let words: [String] = ["evdev", "pc105", "us", "", ""]
        let names: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        defer { for name in names { free(name) } }
        let fields: [UnsafePointer<CChar>?] = names.map { $0.map { UnsafePointer($0) } }
        let keymap = try fields.withUnsafeBytes { rules in
            try symbol("xkb_keymap_new_from_names", as: NewKeymap.self)(context, rules.baseAddress, 0)
        }
        try #require(keymap != nil, "no keymap from xkb-data's defaults")
        defer { try? symbol("xkb_keymap_unref", as: Unref.self)(keymap) }
        let state = try symbol("xkb_state_new", as: NewState.self)(keymap)
        try #require(state != nil)
        defer { try? symbol("xkb_state_unref", as: Unref.self)(state) }
        let before = bloq_xkb_guard_absorbed()
        // Shift is modifier 0 in every xkb keymap: the depressed modifiers change.
        #expect(xkb_state_update_mask(UnsafeMutableRawPointer(state), 1, 0, 0, 0, 0, 0) != 0)
        var keys = 0
        withUnsafeMutablePointer(to: &keys) { counter in
            xkb_keymap_key_for_each(
                UnsafeMutableRawPointer(keymap), { _, _, data in data?.assumingMemoryBound(to: Int.self).pointee += 1 }, counter)
        }
        #expect(keys > 50, "a default keymap has some hundred keys, \(keys) visited")
        // Keycode 38 is A on a us layout: lower-case a (0x61) at level 0 of layout 0.
        var syms: UnsafePointer<UInt32>?
        #expect(xkb_keymap_key_get_syms_by_level(UnsafeMutableRawPointer(keymap), 38, 0, 0, &syms) == 1 && syms?.pointee == 0x61)
        #expect(bloq_xkb_guard_absorbed() == before)
        // In no layout (SDL 2.26 for a virtual keyboard before any modifiers): layout 0's,
        // where libxkbcommon 1.5 alone read past the key's one layout.
        syms = nil
        #expect(xkb_keymap_key_get_syms_by_level(UnsafeMutableRawPointer(keymap), 38, UInt32.max, 0, &syms) == 1 && syms?.pointee == 0x61)
        #expect(bloq_xkb_guard_absorbed() == before + 1)
    }
}

private struct XkbMissing: Error {
    let name: String
}
