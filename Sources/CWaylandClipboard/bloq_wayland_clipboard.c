// The game's own Wayland clipboard: wl_data_device of libwayland-client's core protocol,
// on SDL's connection but on an event queue of its own (as CWaylandIdle's inhibitor), so
// SDL's objects and queue are never touched here. Its own wl_pointer, wl_keyboard and
// wl_touch of the seat (a client may have several; each gets the seat's events) give the
// serial of the latest press, a finger's included, which SDL 2.26 never keeps, or of the
// keyboard focus. A thread of its own dispatches that queue (libwayland lets each queue be
// read by its own thread: SDL's pump and this thread both read with
// wl_display_prepare_read), so another client's request for the copied text is served
// while the game sleeps waiting for input; a byte on a pipe ends it at once.
#define _GNU_SOURCE
#include "bloq_wayland_clipboard.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

/// The text types offered and asked for, the first preferred.
static const char *const text_types[] = {"text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"};
enum { text_type_count = sizeof text_types / sizeof text_types[0] };

struct offer {
    struct wl_data_offer *offer;
    struct offer *next;  // every offer alive, in the clipboard's list
    struct bloq_clipboard *clipboard;
    int text_type;       // index into text_types of the best type offered, or -1
    uint32_t own;        // the number of the game's copy it offers (its private type), or 0
};

/// One of the game's copies: the newest is the selection until another client's replaces
/// it; an older one lives until the compositor cancels it.
struct source {
    struct wl_data_source *source;
    struct source *next;  // every source alive, in the clipboard's list
    struct bloq_clipboard *clipboard;
    char *text;
    uint32_t number;  // counted from 1: its private type, application/x-bloq-copy-PID-NUMBER
};

struct bloq_clipboard {
    pthread_mutex_t lock;  // the fields below the queue, between the thread and the game
    pthread_t thread;
    int serving;   // the thread runs
    int wake[2];   // a pipe: a byte written tells the thread to end
    int closing;   // no more text is given (close dispatches what is left on the main thread)
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_seat *seat;
    struct wl_data_device_manager *manager;
    struct wl_data_device *device;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    struct wl_touch *touch;
    char own_prefix[64];      // "application/x-bloq-copy-PID-": this process's copies
    uint32_t serial;          // the latest input event's (0: none yet)
    uint32_t copies;          // how many copies were made
    struct offer *offers;     // every offer alive
    struct offer *selection;  // the selection another client (or this one) set
    struct offer *dragged;    // a drag-and-drop offer, destroyed as it leaves
    struct source *sources;   // every copy alive
    struct source *current;   // the newest copy, until the compositor cancels it
};

// MARK: Input's serials

static void note_serial(struct bloq_clipboard *clipboard, uint32_t serial) {
    pthread_mutex_lock(&clipboard->lock);
    clipboard->serial = serial;
    pthread_mutex_unlock(&clipboard->lock);
}

static void pointer_enter(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *f, wl_fixed_t x, wl_fixed_t y) {
    (void)d, (void)p, (void)s, (void)f, (void)x, (void)y;
}
static void pointer_leave(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *f) { (void)d, (void)p, (void)s, (void)f; }
static void pointer_motion(void *d, struct wl_pointer *p, uint32_t t, wl_fixed_t x, wl_fixed_t y) { (void)d, (void)p, (void)t, (void)x, (void)y; }
static void pointer_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t t, uint32_t b, uint32_t state) {
    (void)p, (void)t, (void)b;
    if (state == WL_POINTER_BUTTON_STATE_PRESSED) note_serial(d, serial);
}
static void pointer_axis(void *d, struct wl_pointer *p, uint32_t t, uint32_t a, wl_fixed_t v) { (void)d, (void)p, (void)t, (void)a, (void)v; }
static void pointer_frame(void *d, struct wl_pointer *p) { (void)d, (void)p; }
static void pointer_axis_source(void *d, struct wl_pointer *p, uint32_t s) { (void)d, (void)p, (void)s; }
static void pointer_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t a) { (void)d, (void)p, (void)t, (void)a; }
static void pointer_axis_discrete(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d, (void)p, (void)a, (void)v; }
static const struct wl_pointer_listener pointer_listener = {
    pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis,
    pointer_frame, pointer_axis_source, pointer_axis_stop, pointer_axis_discrete,
};

static void keyboard_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)d, (void)k, (void)format, (void)size;
    close(fd);
}
static void keyboard_enter(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *f, struct wl_array *keys) {
    (void)k, (void)f, (void)keys;
    // The focus's serial: a player with a gamepad alone presses nothing the compositor
    // sees, and the window's keyboard focus is what compositors check a selection against.
    note_serial(d, serial);
}
static void keyboard_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *f) { (void)d, (void)k, (void)s, (void)f; }
static void keyboard_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t t, uint32_t key, uint32_t state) {
    (void)k, (void)t, (void)key;
    if (state == WL_KEYBOARD_KEY_STATE_PRESSED) note_serial(d, serial);
}
static void keyboard_modifiers(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g) {
    (void)d, (void)k, (void)s, (void)a, (void)b, (void)c, (void)g;
}
static void keyboard_repeat(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay) { (void)d, (void)k, (void)rate, (void)delay; }
static const struct wl_keyboard_listener keyboard_listener = {
    keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat,
};

static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *f, int32_t id, wl_fixed_t x,
                       wl_fixed_t y) {
    (void)t, (void)time, (void)f, (void)id, (void)x, (void)y;
    note_serial(d, serial);
}
static void touch_up(void *d, struct wl_touch *t, uint32_t s, uint32_t time, int32_t id) { (void)d, (void)t, (void)s, (void)time, (void)id; }
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)d, (void)t, (void)time, (void)id, (void)x, (void)y;
}
static void touch_frame(void *d, struct wl_touch *t) { (void)d, (void)t; }
static void touch_cancel(void *d, struct wl_touch *t) { (void)d, (void)t; }
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion, touch_frame, touch_cancel};

/// Gives back a device the seat no longer has (release from version 3, else destroy).
#define GIVE_BACK(kind, device) \
    (wl_proxy_get_version((struct wl_proxy *)(device)) >= 3 ? wl_##kind##_release(device) : wl_##kind##_destroy(device))

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    struct bloq_clipboard *clipboard = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !clipboard->pointer) {
        clipboard->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(clipboard->pointer, &pointer_listener, clipboard);
    } else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && clipboard->pointer) {
        GIVE_BACK(pointer, clipboard->pointer);
        clipboard->pointer = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !clipboard->keyboard) {
        clipboard->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(clipboard->keyboard, &keyboard_listener, clipboard);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && clipboard->keyboard) {
        GIVE_BACK(keyboard, clipboard->keyboard);
        clipboard->keyboard = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !clipboard->touch) {
        clipboard->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(clipboard->touch, &touch_listener, clipboard);
    } else if (!(caps & WL_SEAT_CAPABILITY_TOUCH) && clipboard->touch) {
        GIVE_BACK(touch, clipboard->touch);
        clipboard->touch = NULL;
    }
}
static void seat_name(void *d, struct wl_seat *s, const char *name) { (void)d, (void)s, (void)name; }
static const struct wl_seat_listener seat_listener = {seat_capabilities, seat_name};

// MARK: Offers

static void offer_free(struct offer *offer) {
    if (!offer) return;
    for (struct offer **link = &offer->clipboard->offers; *link; link = &(*link)->next) {
        if (*link == offer) {
            *link = offer->next;
            break;
        }
    }
    wl_data_offer_destroy(offer->offer);
    free(offer);
}

static void offer_offered(void *data, struct wl_data_offer *o, const char *type) {
    (void)o;
    struct offer *offer = data;
    // Filled on the thread before it is the selection: the game never reads it meanwhile.
    for (int index = 0; index < text_type_count; index++) {
        if (strcmp(type, text_types[index]) == 0 && (offer->text_type < 0 || index < offer->text_type)) offer->text_type = index;
    }
    const char *prefix = offer->clipboard->own_prefix;  // set once, before the thread
    size_t length = strlen(prefix);
    if (strncmp(type, prefix, length) == 0) offer->own = (uint32_t)strtoul(type + length, NULL, 10);
}
static void offer_source_actions(void *d, struct wl_data_offer *o, uint32_t a) { (void)d, (void)o, (void)a; }
static void offer_action(void *d, struct wl_data_offer *o, uint32_t a) { (void)d, (void)o, (void)a; }
static const struct wl_data_offer_listener offer_listener = {offer_offered, offer_source_actions, offer_action};

static void device_data_offer(void *data, struct wl_data_device *device, struct wl_data_offer *new_offer) {
    (void)device;
    struct bloq_clipboard *clipboard = data;
    struct offer *offer = calloc(1, sizeof *offer);
    if (!offer) {
        wl_data_offer_destroy(new_offer);
        return;
    }
    offer->offer = new_offer;
    offer->clipboard = clipboard;
    offer->text_type = -1;
    wl_data_offer_add_listener(new_offer, &offer_listener, offer);
    pthread_mutex_lock(&clipboard->lock);
    offer->next = clipboard->offers;
    clipboard->offers = offer;
    pthread_mutex_unlock(&clipboard->lock);
}
/// Replaces the offer `*slot` holds with `o`'s.
static void offer_replace(struct bloq_clipboard *clipboard, struct offer **slot, struct wl_data_offer *o) {
    pthread_mutex_lock(&clipboard->lock);
    offer_free(*slot);
    *slot = o ? wl_data_offer_get_user_data(o) : NULL;
    pthread_mutex_unlock(&clipboard->lock);
}
static void device_enter(void *data, struct wl_data_device *device, uint32_t s, struct wl_surface *f, wl_fixed_t x, wl_fixed_t y,
                         struct wl_data_offer *o) {
    (void)device, (void)s, (void)f, (void)x, (void)y;
    struct bloq_clipboard *clipboard = data;
    offer_replace(clipboard, &clipboard->dragged, o);
}
static void device_leave(void *data, struct wl_data_device *device) {
    (void)device;
    struct bloq_clipboard *clipboard = data;
    offer_replace(clipboard, &clipboard->dragged, NULL);
}
static void device_motion(void *d, struct wl_data_device *v, uint32_t t, wl_fixed_t x, wl_fixed_t y) { (void)d, (void)v, (void)t, (void)x, (void)y; }
static void device_drop(void *d, struct wl_data_device *v) { device_leave(d, v); }
static void device_selection(void *data, struct wl_data_device *device, struct wl_data_offer *o) {
    (void)device;
    struct bloq_clipboard *clipboard = data;
    offer_replace(clipboard, &clipboard->selection, o);
}
static const struct wl_data_device_listener device_listener = {
    device_data_offer, device_enter, device_leave, device_motion, device_drop, device_selection,
};

// MARK: The game's own copies

static void source_free(struct source *source) {
    for (struct source **link = &source->clipboard->sources; *link; link = &(*link)->next) {
        if (*link == source) {
            *link = source->next;
            break;
        }
    }
    if (source->clipboard->current == source) source->clipboard->current = NULL;
    wl_data_source_destroy(source->source);
    free(source->text);
    free(source);
}

static void source_target(void *d, struct wl_data_source *s, const char *type) { (void)d, (void)s, (void)type; }
static void source_send(void *data, struct wl_data_source *s, const char *type, int32_t fd) {
    (void)s, (void)type;
    struct source *source = data;
    // The text is short (a code, a result): it fits the pipe's buffer, so the write never
    // waits on the reader (non-blocking: one that does not read loses the rest rather than
    // stopping the game). A reader gone (EPIPE) raises SIGPIPE, blocked in the thread that
    // writes (serve); while the clipboard closes (on the game's thread) nothing is written.
    pthread_mutex_lock(&source->clipboard->lock);
    int closing = source->clipboard->closing;
    pthread_mutex_unlock(&source->clipboard->lock);
    const char *text = source->text;  // never changed while the source lives
    size_t left = closing ? 0 : strlen(text);
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    while (left > 0) {
        ssize_t written = write(fd, text, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) break;
        text += written;
        left -= (size_t)written;
    }
    close(fd);
}
static void source_cancelled(void *data, struct wl_data_source *s) {
    (void)s;
    struct source *source = data;
    struct bloq_clipboard *clipboard = source->clipboard;
    pthread_mutex_lock(&clipboard->lock);
    source_free(source);
    pthread_mutex_unlock(&clipboard->lock);
}
static void source_dnd_drop(void *d, struct wl_data_source *s) { (void)d, (void)s; }
static void source_dnd_finished(void *d, struct wl_data_source *s) { (void)d, (void)s; }
static void source_action(void *d, struct wl_data_source *s, uint32_t a) { (void)d, (void)s, (void)a; }
static const struct wl_data_source_listener source_listener = {
    source_target, source_send, source_cancelled, source_dnd_drop, source_dnd_finished, source_action,
};

// MARK: Opening

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct bloq_clipboard *clipboard = data;
    if (!clipboard->seat && strcmp(interface, wl_seat_interface.name) == 0) {
        // Version 5 at most: the listeners above know its events and no later ones.
        clipboard->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(clipboard->seat, &seat_listener, clipboard);
    } else if (!clipboard->manager && strcmp(interface, wl_data_device_manager_interface.name) == 0) {
        clipboard->manager = wl_registry_bind(registry, name, &wl_data_device_manager_interface, version < 3 ? version : 3);
    }
}
static void global_removed(void *d, struct wl_registry *r, uint32_t name) { (void)d, (void)r, (void)name; }
static const struct wl_registry_listener registry_listener = {global_added, global_removed};

static long long milliseconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// Dispatches the queue, reading the connection with SDL's pump as libwayland arranges
/// (wl_display_prepare_read_queue), until `*done` is set by a dispatched event, a byte
/// comes on `wake` (-1: none), `timeout_ms` pass (-1: no end) or the connection fails.
static void pump(struct bloq_clipboard *clipboard, int wake, int timeout_ms, const int *done) {
    struct wl_display *display = clipboard->display;
    long long deadline = milliseconds_now() + timeout_ms;
    while (!(done && *done)) {
        if (wl_display_prepare_read_queue(display, clipboard->queue) != 0) {
            if (wl_display_dispatch_queue_pending(display, clipboard->queue) < 0) return;
            continue;
        }
        wl_display_flush(display);
        int wait = -1;
        if (timeout_ms >= 0) {
            long long left = deadline - milliseconds_now();
            wait = left > 0 ? (int)left : 0;
        }
        struct pollfd ready[2] = {{wl_display_get_fd(display), POLLIN, 0}, {wake, POLLIN, 0}};
        int polled = poll(ready, wake >= 0 ? 2 : 1, wait);
        if (polled > 0 && !ready[1].revents && (ready[0].revents & POLLIN)) {
            if (wl_display_read_events(display) < 0 || wl_display_dispatch_queue_pending(display, clipboard->queue) < 0) return;
            continue;
        }
        wl_display_cancel_read(display);
        if (polled < 0 && errno == EINTR) continue;
        if (polled != 0 || timeout_ms >= 0) return;  // woken, the connection closed, or the time is up
    }
}

/// The thread: serves the queue until woken through the pipe. SIGPIPE (a reader of a copy
/// gone before the end) is blocked here, and only here, so it never ends the game.
static void *serve(void *data) {
    struct bloq_clipboard *clipboard = data;
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
    pump(clipboard, clipboard->wake[0], -1, NULL);
    return NULL;
}

bloq_clipboard *bloq_clipboard_open(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!sdl_window || !SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return NULL;
    struct wl_display *display = info.info.wl.display;
    if (!display || wl_display_get_error(display) != 0) return NULL;
    struct bloq_clipboard *clipboard = calloc(1, sizeof *clipboard);
    if (!clipboard) return NULL;
    pthread_mutex_init(&clipboard->lock, NULL);
    clipboard->wake[0] = clipboard->wake[1] = -1;
    snprintf(clipboard->own_prefix, sizeof clipboard->own_prefix, "application/x-bloq-copy-%ld-", (long)getpid());
    clipboard->display = display;
    clipboard->queue = wl_display_create_queue(display);
    struct wl_display *wrapper = clipboard->queue ? wl_proxy_create_wrapper(display) : NULL;
    struct wl_registry *registry = NULL;
    if (wrapper) {
        wl_proxy_set_queue((struct wl_proxy *)wrapper, clipboard->queue);
        registry = wl_display_get_registry(wrapper);
        wl_proxy_wrapper_destroy(wrapper);
    }
    if (registry) {
        wl_registry_add_listener(registry, &registry_listener, clipboard);
        // The globals, then (a second round trip) the seat's capabilities.
        if (wl_display_roundtrip_queue(display, clipboard->queue) >= 0 && clipboard->seat && clipboard->manager) {
            clipboard->device = wl_data_device_manager_get_data_device(clipboard->manager, clipboard->seat);
            wl_data_device_add_listener(clipboard->device, &device_listener, clipboard);
            wl_display_roundtrip_queue(display, clipboard->queue);
        }
        wl_registry_destroy(registry);
    }
    if (!clipboard->device || wl_display_get_error(display) != 0 || pipe2(clipboard->wake, O_CLOEXEC | O_NONBLOCK) != 0
        || pthread_create(&clipboard->thread, NULL, serve, clipboard) != 0) {
        bloq_clipboard_close(clipboard);
        return NULL;
    }
    clipboard->serving = 1;
    return clipboard;
}

int bloq_clipboard_copy(bloq_clipboard *clipboard, const char *text) {
    if (!clipboard || !text || wl_display_get_error(clipboard->display) != 0) return -1;
    pthread_mutex_lock(&clipboard->lock);
    uint32_t serial = clipboard->serial;
    uint32_t number = clipboard->copies + 1;
    pthread_mutex_unlock(&clipboard->lock);
    if (serial == 0 || number == 0) return -1;
    struct source *source = calloc(1, sizeof *source);
    char *copy = source ? strdup(text) : NULL;
    // Made on the queue (the manager's): its events come to the thread.
    struct wl_data_source *made = copy ? wl_data_device_manager_create_data_source(clipboard->manager) : NULL;
    if (!made) {
        free(copy);
        free(source);
        return -1;
    }
    *source = (struct source){.source = made, .clipboard = clipboard, .text = copy, .number = number};
    wl_data_source_add_listener(made, &source_listener, source);
    for (int index = 0; index < text_type_count; index++) wl_data_source_offer(made, text_types[index]);
    // The private type: Paste trusts the game's own text only while the selection offers it.
    char own[sizeof clipboard->own_prefix + 12];
    snprintf(own, sizeof own, "%s%u", clipboard->own_prefix, number);
    wl_data_source_offer(made, own);
    // The previous copy is replaced: the compositor cancels its source (source_cancelled).
    pthread_mutex_lock(&clipboard->lock);
    clipboard->copies = number;
    source->next = clipboard->sources;
    clipboard->sources = source;
    clipboard->current = source;
    pthread_mutex_unlock(&clipboard->lock);
    wl_data_device_set_selection(clipboard->device, made, serial);
    return wl_display_flush(clipboard->display) < 0 && wl_display_get_error(clipboard->display) != 0 ? -1 : 0;
}

char *bloq_clipboard_paste(bloq_clipboard *clipboard, int limit, int timeout_ms, int *unanswered) {
    if (unanswered) *unanswered = 0;
    if (!clipboard || limit <= 0) return NULL;
    pthread_mutex_lock(&clipboard->lock);
    struct offer *offer = clipboard->selection;
    // The game's own newest copy, while the selection is it (its private type says so), at
    // once: no trip through a pipe to this game's own thread.
    if (offer && offer->own && clipboard->current && offer->own == clipboard->current->number) {
        char *own = strndup(clipboard->current->text, (size_t)limit);
        pthread_mutex_unlock(&clipboard->lock);
        return own;
    }
    int pipes[2] = {-1, -1};
    int asked = offer && offer->text_type >= 0 && pipe2(pipes, O_CLOEXEC) == 0
                  && fcntl(pipes[0], F_SETFL, O_NONBLOCK) == 0;  // the writer's end (the other client's) blocks
    if (asked) wl_data_offer_receive(offer->offer, text_types[offer->text_type], pipes[1]);
    pthread_mutex_unlock(&clipboard->lock);
    if (!asked) {
        if (pipes[0] >= 0) close(pipes[0]), close(pipes[1]);
        return NULL;
    }
    wl_display_flush(clipboard->display);
    close(pipes[1]);
    char *text = malloc((size_t)limit + 1);
    size_t length = 0;
    long long deadline = milliseconds_now() + timeout_ms;
    while (text) {
        long long left = deadline - milliseconds_now();
        struct pollfd ready = {pipes[0], POLLIN, 0};
        int polled = left > 0 ? poll(&ready, 1, (int)left) : 0;
        if (polled < 0 && errno == EINTR) continue;
        if (polled == 0 && unanswered) *unanswered = 1;  // the other client never finished
        if (polled <= 0) break;
        char scrap[4096];
        char *into = length < (size_t)limit ? text + length : scrap;
        size_t room = length < (size_t)limit ? (size_t)limit - length : sizeof scrap;
        ssize_t got = read(pipes[0], into, room);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) break;  // the end, or an error
        if (into == text + length) length += (size_t)got;
    }
    close(pipes[0]);
    if (text) text[length] = '\0';
    return text;
}

static void drained(void *data, struct wl_callback *callback, uint32_t t) {
    (void)t;
    *(int *)data = 1;
    wl_callback_destroy(callback);
}
static const struct wl_callback_listener drained_listener = {drained};

void bloq_clipboard_close(bloq_clipboard *clipboard) {
    if (!clipboard) return;
    if (clipboard->serving) {
        // A byte on the pipe ends the thread's poll at once, the compositor asked nothing.
        while (write(clipboard->wake[1], "", 1) < 0 && errno == EINTR) {}
        pthread_join(clipboard->thread, NULL);
    }
    pthread_mutex_lock(&clipboard->lock);
    clipboard->closing = 1;
    pthread_mutex_unlock(&clipboard->lock);
    // What the compositor sent the queue before now (a new offer, a cancelled copy) is
    // dispatched here, for at most a quarter of a second: every object it names is then in
    // the lists below and destroyed, and none is left to an event queue that is gone.
    struct wl_display *wrapper = clipboard->device && wl_display_get_error(clipboard->display) == 0
                                     ? wl_proxy_create_wrapper(clipboard->display)
                                     : NULL;
    if (wrapper) {
        wl_proxy_set_queue((struct wl_proxy *)wrapper, clipboard->queue);
        struct wl_callback *callback = wl_display_sync(wrapper);
        wl_proxy_wrapper_destroy(wrapper);
        int done = 0;
        if (callback) {
            wl_callback_add_listener(callback, &drained_listener, &done);
            pump(clipboard, -1, 250, &done);
            if (!done) wl_callback_destroy(callback);
        }
    }
    // The release requests where the bound version has them, else destroy (client side).
    if (clipboard->device) {
        if (wl_proxy_get_version((struct wl_proxy *)clipboard->device) >= 2) wl_data_device_release(clipboard->device);
        else wl_data_device_destroy(clipboard->device);
    }
    while (clipboard->offers) offer_free(clipboard->offers);
    while (clipboard->sources) source_free(clipboard->sources);
    uint32_t seat = clipboard->seat ? wl_proxy_get_version((struct wl_proxy *)clipboard->seat) : 0;
    if (clipboard->pointer) GIVE_BACK(pointer, clipboard->pointer);
    if (clipboard->keyboard) GIVE_BACK(keyboard, clipboard->keyboard);
    if (clipboard->touch) GIVE_BACK(touch, clipboard->touch);
    if (clipboard->manager) wl_data_device_manager_destroy(clipboard->manager);
    if (clipboard->seat) seat >= 5 ? wl_seat_release(clipboard->seat) : wl_seat_destroy(clipboard->seat);
    if (clipboard->display) wl_display_flush(clipboard->display);
    if (clipboard->queue) wl_event_queue_destroy(clipboard->queue);
    for (int end = 0; end < 2; end++) {
        if (clipboard->wake[end] >= 0) close(clipboard->wake[end]);
    }
    pthread_mutex_destroy(&clipboard->lock);
    free(clipboard);
}
