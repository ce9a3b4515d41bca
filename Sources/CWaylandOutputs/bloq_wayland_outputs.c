// The outputs' scales, watched for SDL (bloq_wayland_outputs.h says why): libwayland-client
// with wayland-scanner's glue for xdg-output-unstable-v1 (protocol/, scripts/wayland-glue.sh).
// Everything is on a queue of its own, made through a wrapper of the display, so SDL's
// default queue is never touched; the compositor's bytes are read without waiting (SDL reads
// them too, in its event pump, and either reader sorts them into their queues).
#include "bloq_wayland_outputs.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "protocol/xdg-output-unstable-v1-client-protocol.h"

struct output {
    struct bloq_outputs *owner;
    struct wl_output *output;
    struct zxdg_output_v1 *xdg;
    uint32_t name;
    int32_t scale, mode_width, mode_height, transform, logical_width;
    int32_t x, y, first_x, first_y;  // its place on the desktop (logical), now and at first
    double first;  // the scale at its first done (0 until then)
    double now;
    double slack;  // how far `now` may stray from `first` by the logical size's rounding
    struct output *next;
};

struct bloq_outputs {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_registry *registry;
    struct zxdg_output_manager_v1 *manager;
    struct output *outputs;
};

// The scale as SDL 2.26 works it out: the mode's width (turned with the output) over the
// logical width xdg-output gives, or wl_output's whole-number scale without xdg-output.
static double effective(const struct output *output) {
    if (output->owner->manager && output->logical_width > 0 && output->mode_width > 0) {
        int32_t width = (output->transform & 1) ? output->mode_height : output->mode_width;
        return (double)width / (double)output->logical_width;
    }
    return output->scale > 0 ? output->scale : 1;
}

static void output_done(void *data, struct wl_output *wl_output) {
    struct output *output = data;
    (void)wl_output;
    if (output->mode_width <= 0 || (output->owner->manager && output->logical_width <= 0)) return;
    output->now = effective(output);
    if (output->first == 0) {
        output->first = output->now;
        output->first_x = output->x;
        output->first_y = output->y;
        // A compositor rounds the logical size to whole pixels, so turning an output at a
        // fractional scale moves the quotient a little (1080x2340 at 2.75: 1080/392 = 2.7551
        // upright, 2340/850 = 2.7529 turned): two pixels' worth is no change of scale.
        output->slack = output->logical_width > 0 ? 2 * output->first / output->logical_width : 0.001;
    }
}

static void output_geometry(void *data, struct wl_output *wl_output, int32_t x, int32_t y, int32_t physical_width,
                            int32_t physical_height, int32_t subpixel, const char *make, const char *model, int32_t transform) {
    struct output *output = data;
    (void)wl_output, (void)physical_width, (void)physical_height, (void)subpixel, (void)make, (void)model;
    output->transform = transform;
    // Without xdg-output, where it is (xdg-output's logical position replaces it).
    if (!output->owner->manager) {
        output->x = x;
        output->y = y;
    }
}

static void output_mode(void *data, struct wl_output *wl_output, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    struct output *output = data;
    (void)wl_output, (void)refresh;
    if (!(flags & WL_OUTPUT_MODE_CURRENT)) return;
    output->mode_width = width;
    output->mode_height = height;
}

static void output_scale(void *data, struct wl_output *wl_output, int32_t factor) {
    struct output *output = data;
    (void)wl_output;
    output->scale = factor;
}

static const struct wl_output_listener output_listener = {output_geometry, output_mode, output_done, output_scale, NULL, NULL};

static void xdg_position(void *data, struct zxdg_output_v1 *xdg, int32_t x, int32_t y) {
    struct output *output = data;
    (void)xdg;
    output->x = x;
    output->y = y;
}

static void xdg_size(void *data, struct zxdg_output_v1 *xdg, int32_t width, int32_t height) {
    struct output *output = data;
    (void)xdg, (void)height;
    output->logical_width = width;
}

// Sent by versions 1 and 2 only; from version 3 on wl_output.done closes the change.
static void xdg_done(void *data, struct zxdg_output_v1 *xdg) {
    (void)xdg;
    struct output *output = data;
    output_done(output, output->output);
}

static void xdg_name(void *data, struct zxdg_output_v1 *xdg, const char *name) { (void)data, (void)xdg, (void)name; }

static void xdg_description(void *data, struct zxdg_output_v1 *xdg, const char *text) { (void)data, (void)xdg, (void)text; }

static const struct zxdg_output_v1_listener xdg_listener = {xdg_position, xdg_size, xdg_done, xdg_name, xdg_description};

static void watch_xdg(struct bloq_outputs *outputs, struct output *output) {
    if (!outputs->manager || output->xdg) return;
    output->xdg = zxdg_output_manager_v1_get_xdg_output(outputs->manager, output->output);
    if (output->xdg) zxdg_output_v1_add_listener(output->xdg, &xdg_listener, output);
}

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct bloq_outputs *outputs = data;
    if (strcmp(interface, wl_output_interface.name) == 0 && version >= 2) {
        struct output *output = calloc(1, sizeof *output);
        if (!output) return;
        output->owner = outputs;
        output->name = name;
        output->output = wl_registry_bind(registry, name, &wl_output_interface, 2);
        if (!output->output) {
            free(output);
            return;
        }
        wl_output_add_listener(output->output, &output_listener, output);
        watch_xdg(outputs, output);
        output->next = outputs->outputs;
        outputs->outputs = output;
    } else if (strcmp(interface, zxdg_output_manager_v1_interface.name) == 0 && !outputs->manager) {
        outputs->manager = wl_registry_bind(registry, name, &zxdg_output_manager_v1_interface, version < 3 ? version : 3);
        for (struct output *output = outputs->outputs; output; output = output->next) watch_xdg(outputs, output);
    }
}

static void forget(struct output *output) {
    if (output->xdg) zxdg_output_v1_destroy(output->xdg);
    wl_output_destroy(output->output);
    free(output);
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
    struct bloq_outputs *outputs = data;
    (void)registry;
    for (struct output **link = &outputs->outputs; *link; link = &(*link)->next) {
        if ((*link)->name == name) {
            struct output *gone = *link;
            *link = gone->next;
            forget(gone);
            return;
        }
    }
}

static const struct wl_registry_listener registry_listener = {global_added, global_removed};

bloq_outputs *bloq_outputs_open(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!sdl_window || !SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return NULL;
    struct wl_display *display = info.info.wl.display;
    if (!display || wl_display_get_error(display) != 0) return NULL;
    struct bloq_outputs *outputs = calloc(1, sizeof *outputs);
    if (!outputs) return NULL;
    outputs->display = display;
    outputs->queue = wl_display_create_queue(display);
    struct wl_display *wrapper = outputs->queue ? wl_proxy_create_wrapper(display) : NULL;
    if (wrapper) {
        wl_proxy_set_queue((struct wl_proxy *)wrapper, outputs->queue);
        outputs->registry = wl_display_get_registry(wrapper);
        wl_proxy_wrapper_destroy(wrapper);
    }
    if (!outputs->registry) {
        bloq_outputs_close(outputs);
        return NULL;
    }
    wl_registry_add_listener(outputs->registry, &registry_listener, outputs);
    // The globals, then what each output says (its done), then xdg-output's answers.
    for (int trip = 0; trip < 3; trip++) {
        if (wl_display_roundtrip_queue(display, outputs->queue) < 0) {
            bloq_outputs_close(outputs);
            return NULL;
        }
    }
    return outputs;
}

int bloq_outputs_scale_changed(bloq_outputs *outputs, int window_x, int window_y, double *was, double *now) {
    if (!outputs) return 0;
    struct wl_display *display = outputs->display;
    if (wl_display_get_error(display) != 0) return -1;
    // Read what has come, if anything, without waiting (SDL may have read it already).
    while (wl_display_prepare_read_queue(display, outputs->queue) != 0) {
        if (wl_display_dispatch_queue_pending(display, outputs->queue) < 0) return -1;
    }
    struct pollfd ready = {.fd = wl_display_get_fd(display), .events = POLLIN};
    if (poll(&ready, 1, 0) > 0) {
        if (wl_display_read_events(display) < 0) return -1;
    } else {
        wl_display_cancel_read(display);
    }
    if (wl_display_dispatch_queue_pending(display, outputs->queue) < 0) return -1;
    // The window's output, found by where SDL (which read it at the start) has its display:
    // a scale changed on another monitor is not the window's. None found: every output.
    int placed = 0;
    for (struct output *output = outputs->outputs; output; output = output->next) {
        if (output->first > 0 && output->first_x == window_x && output->first_y == window_y) placed = 1;
    }
    for (struct output *output = outputs->outputs; output; output = output->next) {
        if (placed && (output->first_x != window_x || output->first_y != window_y)) continue;
        double slack = output->slack > 0.001 ? output->slack : 0.001;
        if (output->first > 0 && (output->now - output->first > slack || output->first - output->now > slack)) {
            if (was) *was = output->first;
            if (now) *now = output->now;
            return 1;
        }
    }
    return 0;
}

void bloq_outputs_close(bloq_outputs *outputs) {
    if (!outputs) return;
    while (outputs->outputs) {
        struct output *output = outputs->outputs;
        outputs->outputs = output->next;
        forget(output);
    }
    if (outputs->manager) zxdg_output_manager_v1_destroy(outputs->manager);
    if (outputs->registry) wl_registry_destroy(outputs->registry);
    wl_display_flush(outputs->display);
    if (outputs->queue) wl_event_queue_destroy(outputs->queue);
    free(outputs);
}
