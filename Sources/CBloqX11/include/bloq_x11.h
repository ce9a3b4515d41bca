#ifndef BLOQ_X11_H
#define BLOQ_X11_H

/// Whether a window manager runs on the X11 display of an SDL window: 1 yes, 0 no, -1 when
/// the window is not on X11 (or Xlib cannot be reached). A window manager names itself on
/// the root window with _NET_SUPPORTING_WM_CHECK (EWMH); without one, nothing answers a
/// request for fullscreen. `sdl_window` is an `SDL_Window *`.
int bloq_x11_has_window_manager(void *sdl_window);

#endif
