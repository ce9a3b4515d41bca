#ifndef BLOQ_CSDL2_SHIM_H
#define BLOQ_CSDL2_SHIM_H

// SDL2 with its text and image companions, and fontconfig to find a system font.
// The include path comes from `pkg-config sdl2` (-I/usr/include/SDL2).
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#include <fontconfig/fontconfig.h>

// Macros Swift cannot import.
static inline Uint32 bloq_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 bloq_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
static inline int bloq_button_left(void) { return SDL_BUTTON_LEFT; }
static inline int bloq_button_right(void) { return SDL_BUTTON_RIGHT; }

#endif
