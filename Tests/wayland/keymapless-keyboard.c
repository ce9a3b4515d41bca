// A virtual keyboard that never sends its keymap (scripts/wayland-check.sh, check 8). Through
// wlroots' zwp_virtual_keyboard_manager_v1 it joins the compositor's seat, so a focused
// client's wl_keyboard gets enter and modifiers with no keymap before them, as a compositor
// may send while an on-screen keyboard starts: SDL 2.26 then dereferenced a NULL xkb_state
// (fixed in SDL 2.30.1; the game's guard is Sources/CXkbGuard). It stays until stdin closes.
// The protocol's two interfaces are written out here from its description, so nothing is
// generated: create_virtual_keyboard(seat, new id) and the keyboard's destroy (request 3).
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

static const struct wl_interface keyboard_interface;
static const struct wl_interface *create_types[] = {&wl_seat_interface, &keyboard_interface};
static const struct wl_message manager_requests[] = {{"create_virtual_keyboard", "on", create_types}};
static const struct wl_interface manager_interface = {"zwp_virtual_keyboard_manager_v1", 1, 1, manager_requests, 0, NULL};
static const struct wl_interface *no_types[] = {NULL, NULL, NULL, NULL};
static const struct wl_message keyboard_requests[] = {
    {"keymap", "uhu", no_types}, {"key", "uuu", no_types}, {"modifiers", "uuuu", no_types}, {"destroy", "", no_types}};
static const struct wl_interface keyboard_interface = {"zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL};

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void added(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (!seat && strcmp(interface, "wl_seat") == 0) seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    if (!manager && strcmp(interface, manager_interface.name) == 0) manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void removed(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener listener = {added, removed};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "keymapless-keyboard: no Wayland display (WAYLAND_DISPLAY)\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        fprintf(stderr, "keymapless-keyboard: the compositor offers no %s\n", seat ? manager_interface.name : "wl_seat");
        return 1;
    }
    struct wl_proxy *keyboard =
        wl_proxy_marshal_constructor(manager, 0, &keyboard_interface, seat, NULL);
    if (!keyboard || wl_display_roundtrip(display) < 0) {
        fprintf(stderr, "keymapless-keyboard: the compositor refused the keyboard\n");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    char buffer[64];
    while (read(STDIN_FILENO, buffer, sizeof buffer) > 0) {}
    wl_proxy_marshal(keyboard, 3);
    wl_proxy_destroy(keyboard);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
