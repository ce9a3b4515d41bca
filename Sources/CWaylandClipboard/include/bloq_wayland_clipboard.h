#ifndef BLOQ_WAYLAND_CLIPBOARD_H
#define BLOQ_WAYLAND_CLIPBOARD_H

/// The game's own Wayland clipboard (wl_data_device), for an SDL window. SDL 2.26 sets the
/// selection only with the serial of a mouse button or a key (SDL_waylandevents.c), never
/// of a touch: on a phone's touchscreen alone its SDL_SetClipboardText offers the text and
/// never sets it, and SDL_GetClipboardText then answers with that stale text of its own.
/// This one takes the serial of the latest press of any kind (a finger's too), on an event
/// queue of its own that a thread of its own dispatches, so SDL's queue is never dispatched
/// here and the text copied is given to other clients while the game sleeps
/// (docs/platform.md). Call these from the game's main thread.
typedef struct bloq_clipboard bloq_clipboard;

/// Binds the seat and the data device manager for the display of `sdl_window` (an
/// `SDL_Window *`). NULL when the window is not on Wayland, the compositor offers no data
/// device manager or seat, or the connection failed: then SDL's clipboard is the way.
bloq_clipboard *bloq_clipboard_open(void *sdl_window);

/// Puts `text` (UTF-8) on the clipboard with the serial of the latest press or keyboard
/// focus. 0 when set; -1 when neither has come yet (no serial), or the connection failed.
int bloq_clipboard_copy(bloq_clipboard *clipboard, const char *text);

/// The clipboard's text (to free with free()), at most `limit` bytes of it, or NULL when
/// it holds no text. The game's own newest copy is answered at once while the selection
/// offers its private type (application/x-bloq-copy-PID-NUMBER); any other text is read
/// through a pipe, for at most `timeout_ms` milliseconds in all: `*unanswered` (when not
/// NULL) is then set to 1 if the other client had not finished writing by then, else 0.
char *bloq_clipboard_paste(bloq_clipboard *clipboard, int limit, int timeout_ms, int *unanswered);

/// Ends the thread, dispatches what the compositor sent (a quarter of a second at most) and
/// frees everything; NULL is allowed. Call it before the window is destroyed.
void bloq_clipboard_close(bloq_clipboard *clipboard);

#endif
