#ifndef BLOQ_XKB_GUARD_H
#define BLOQ_XKB_GUARD_H

#include <stdint.h>

// How many calls SDL made into libxkbcommon with no keymap or state, or in no layout, which
// the guard (bloq_xkb_guard.c) answered instead of letting libxkbcommon read what is not there.
uint64_t bloq_xkb_guard_absorbed(void);

// libxkbcommon's own entry points, as the game defines them (the guard), for a test to call.
int xkb_state_update_mask(void *state, uint32_t depressed_mods, uint32_t latched_mods, uint32_t locked_mods,
                          uint32_t depressed_layout, uint32_t latched_layout, uint32_t locked_layout);
void xkb_keymap_key_for_each(void *keymap, void (*iter)(void *keymap, uint32_t key, void *data), void *data);
int xkb_keymap_key_get_syms_by_level(void *keymap, uint32_t key, uint32_t layout, uint32_t level, const uint32_t **syms_out);

#endif
