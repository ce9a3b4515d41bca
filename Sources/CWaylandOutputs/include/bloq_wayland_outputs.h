#ifndef BLOQ_WAYLAND_OUTPUTS_H
#define BLOQ_WAYLAND_OUTPUTS_H

/// The outputs' scales, watched for SDL. SDL 2.26 reads each output's scale once: after the
/// first wl_output.done it ignores every later one (SDL_waylandvideo.c), and a window takes
/// a new scale only when it enters or leaves an output. So when the player changes the
/// display's scale while the game runs (2 to 1.5 in GNOME's or Phosh's settings, a phone
/// docked), the window keeps drawing at the old one and the compositor stretches it, soft.
/// This watches wl_output and xdg-output on an event queue of its own (SDL's is never
/// dispatched here) and says when an output's scale is no longer the one it had when
/// watching began: the game then starts SDL's video anew (docs/platform.md). Call these
/// from the game's main thread.
typedef struct bloq_outputs bloq_outputs;

/// Binds the outputs (and xdg-output, for fractional scales) of the display of `sdl_window`
/// (an `SDL_Window *`), and waits for what the compositor says of them. NULL when the
/// window is not on Wayland or the connection failed.
bloq_outputs *bloq_outputs_open(void *sdl_window);

/// Takes what the compositor has sent, without waiting. 1 when the scale of the output at
/// (`window_x`, `window_y`) on the desktop (where SDL has the window's display; any output
/// when none was there at open) now differs from the one it had at open (`*was` and `*now`
/// then say them), 0 when it does not, -1 when the connection failed.
int bloq_outputs_scale_changed(bloq_outputs *outputs, int window_x, int window_y, double *was, double *now);

/// Destroys everything; NULL is allowed. Call it before SDL's video stops.
void bloq_outputs_close(bloq_outputs *outputs);

#endif
