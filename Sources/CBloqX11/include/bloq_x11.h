#ifndef BLOQ_X11_H
#define BLOQ_X11_H

/// Whether a window manager runs on the X11 display of an SDL window: 1 yes, 0 no, -1 when
/// the window is not on X11 (or Xlib cannot be reached). A window manager names itself on
/// the root window with _NET_SUPPORTING_WM_CHECK (EWMH); without one, nothing answers a
/// request for fullscreen. `sdl_window` is an `SDL_Window *`.
int bloq_x11_has_window_manager(void *sdl_window);

/// The X server's resources (the root window's RESOURCE_MANAGER, what xrdb and the desktop's
/// settings daemon set: "Xft.dpi:\t192\n..."), read over a connection of its own to
/// $DISPLAY, as a string to free(); NULL when there are none or Xlib is not loaded (SDL's
/// video is not X11).
char *bloq_x11_resources(void);

/// The keys held down on the X11 display of an SDL window, as XQueryKeymap gives them (bit
/// k of `keys` is key code k) but without the modifier keys (Control, Shift, Alt, Caps
/// Lock...): the number of keys held, or -1 when the window is not on X11 (or Xlib cannot
/// be reached), `keys` then untouched. `sdl_window` is an `SDL_Window *`; `keys` holds 32
/// bytes.
int bloq_x11_keys_held(void *sdl_window, unsigned char *keys);

#endif
