// SDL 2.26's Wayland keyboard (Debian 12's libSDL2) calls libxkbcommon with a NULL state
// or keymap when the compositor sends wl_keyboard.modifiers before any keymap, as sway
// does for a client that asks for the keyboard while the seat has no active one (one
// virtual keyboard left after another has typed and gone): libxkbcommon dereferences NULL
// and the game died with SIGSEGV mid-level. SDL fixed it in 2.30.1 (commit de0cb94e72,
// "Avoid SEGV if a modifier notification comes before the keymap").
//
// Until then the game defines the four libxkbcommon functions SDL reaches that way. libSDL2
// links libxkbcommon directly, and the executable comes first in the dynamic linker's
// search, so SDL's calls land here (the linker exports these because libSDL2 refers to
// them: `nm -D bloq` lists them, scripts/wayland-check.sh check 8 reproduces the crash).
// A NULL object gets what libxkbcommon gives for "nothing": no change, no keys, no
// repeat; everything else goes on to libxkbcommon itself, found with RTLD_NEXT.
//
// SDL 2.26 also asks a virtual keyboard's keysyms (wtype's, an on-screen keyboard's) in
// layout XKB_LAYOUT_INVALID while no modifiers have said the layout: a game started on a
// seat with no keyboard, whose first keyboard comes with a key held (its enter lists it).
// libxkbcommon 1.5 wraps that -1 to layout 1 of a one-layout key and reads past its
// layouts: SIGSEGV. Layout 0, where a new xkb state starts, is asked instead.
#define _GNU_SOURCE
#include "bloq_xkb_guard.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

static uint64_t absorbed;

uint64_t bloq_xkb_guard_absorbed(void) { return __atomic_load_n(&absorbed, __ATOMIC_RELAXED); }

static void count(void) { __atomic_fetch_add(&absorbed, 1, __ATOMIC_RELAXED); }

// The next definition of `name` after the executable's (libxkbcommon's), looked up once.
// None (no libxkbcommon loaded, which libSDL2 needs) is said once: keys then do nothing.
static void *next(void **cache, const char *name) {
    void *found = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (!found) {
        found = dlsym(RTLD_NEXT, name);
        __atomic_store_n(cache, found, __ATOMIC_RELEASE);
        static int said;
        if (!found && !__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED)) {
            fprintf(stderr, "bloq: warning: libxkbcommon's %s was not found: the keyboard's keys are ignored\n", name);
        }
    }
    return found;
}

int xkb_state_update_mask(void *state, uint32_t depressed_mods, uint32_t latched_mods, uint32_t locked_mods,
                          uint32_t depressed_layout, uint32_t latched_layout, uint32_t locked_layout) {
    static void *cache;
    int (*real)(void *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) = next(&cache, __func__);
    if (!state || !real) {
        count();
        return 0;  // no component changed
    }
    return real(state, depressed_mods, latched_mods, locked_mods, depressed_layout, latched_layout, locked_layout);
}

void xkb_keymap_key_for_each(void *keymap, void (*iter)(void *keymap, uint32_t key, void *data), void *data) {
    static void *cache;
    void (*real)(void *, void (*)(void *, uint32_t, void *), void *) = next(&cache, __func__);
    if (!keymap || !real) {
        count();
        return;  // no keys to visit
    }
    real(keymap, iter, data);
}

int xkb_keymap_key_get_syms_by_level(void *keymap, uint32_t key, uint32_t layout, uint32_t level, const uint32_t **syms_out) {
    static void *cache;
    int (*real)(void *, uint32_t, uint32_t, uint32_t, const uint32_t **) = next(&cache, __func__);
    if (!keymap || !real) {
        count();
        if (syms_out) *syms_out = NULL;
        return 0;  // no keysyms
    }
    if (layout == UINT32_MAX) {  // XKB_LAYOUT_INVALID
        count();
        layout = 0;
    }
    return real(keymap, key, layout, level, syms_out);
}

int xkb_keymap_key_repeats(void *keymap, uint32_t key);
int xkb_keymap_key_repeats(void *keymap, uint32_t key) {
    static void *cache;
    int (*real)(void *, uint32_t) = next(&cache, __func__);
    if (!keymap || !real) {
        count();
        return 0;  // does not repeat
    }
    return real(keymap, key);
}
