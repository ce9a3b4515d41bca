#ifndef BLOQ_WAYLAND_IDLE_H
#define BLOQ_WAYLAND_IDLE_H

/// The game's own idle inhibitor on Wayland (zwp_idle_inhibit_manager_v1, the
/// idle-inhibit-unstable-v1 protocol), for an SDL window's surface. SDL 2.26 makes one too
/// (SDL_DisableScreenSaver, when D-Bus has no screen saver service) but never destroys it;
/// this one is made and destroyed as the game asks (docs/platform.md). Main thread only.
typedef struct bloq_idle_inhibit bloq_idle_inhibit;

/// Binds the compositor's idle-inhibit manager for the surface of `sdl_window` (an
/// `SDL_Window *`), on a Wayland event queue of its own: SDL's queue is never dispatched
/// here. NULL when the window is not on Wayland, or the compositor does not offer the
/// protocol, or the connection failed: then SDL's own screen saver calls are the way.
bloq_idle_inhibit *bloq_idle_inhibit_open(void *sdl_window);

/// Makes the surface's inhibitor when `inhibit` is non-zero and there is none, destroys it
/// when zero and there is one, and flushes the request to the compositor. 0 when done, -1
/// when the connection to the compositor has failed.
int bloq_idle_inhibit_set(bloq_idle_inhibit *idle, int inhibit);

/// Destroys the inhibitor (if any) and the manager, and frees `idle`. Call it before the
/// window is destroyed. NULL is allowed.
void bloq_idle_inhibit_close(bloq_idle_inhibit *idle);

#endif
