// Asks the X server whether a window manager runs, what its resources say (Xft.dpi) and
// which keys are held, through the Xlib that SDL loaded. Kept out of the CSDL2 module so Swift never imports
// Xlib's names.
#include "bloq_x11.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

int bloq_x11_has_window_manager(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    // SDL loads Xlib itself; use the copy already in the process rather than link our own.
    void *xlib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!xlib) return -1;
    Atom (*intern)(Display *, const char *, Bool) = (Atom(*)(Display *, const char *, Bool))dlsym(xlib, "XInternAtom");
    int (*property)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *, unsigned long *,
                    unsigned char **) =
        (int (*)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *, unsigned long *,
                 unsigned char **))dlsym(xlib, "XGetWindowProperty");
    int (*release)(void *) = (int (*)(void *))dlsym(xlib, "XFree");
    int answer = -1;
    if (intern && property && release) {
        Display *display = info.info.x11.display;
        Atom check = intern(display, "_NET_SUPPORTING_WM_CHECK", True);
        answer = 0;
        if (check != None) {
            Atom type = None;
            int format = 0;
            unsigned long count = 0, left = 0;
            unsigned char *data = NULL;
            if (property(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW, &type, &format, &count, &left,
                         &data) == Success) {
                answer = type == XA_WINDOW && count == 1 ? 1 : 0;
                if (data) release(data);
            }
        }
    }
    dlclose(xlib);
    return answer;
}

char *bloq_x11_resources(void) {
    // SDL's X11 video has loaded Xlib; without it (another driver) there is nothing to ask.
    void *xlib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!xlib) return NULL;
    Display *(*connect)(const char *) = (Display * (*)(const char *)) dlsym(xlib, "XOpenDisplay");
    char *(*resources)(Display *) = (char *(*)(Display *))dlsym(xlib, "XResourceManagerString");
    int (*disconnect)(Display *) = (int (*)(Display *))dlsym(xlib, "XCloseDisplay");
    char *copy = NULL;
    if (connect && resources && disconnect) {
        // A connection of its own, to the display SDL opened ($DISPLAY): its resources are
        // read as it opens, so they are today's.
        Display *display = connect(NULL);
        if (display) {
            const char *text = resources(display);
            if (text) copy = strdup(text);
            disconnect(display);
        }
    }
    dlclose(xlib);
    return copy;
}

int bloq_x11_keys_held(void *sdl_window, unsigned char *keys) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    void *xlib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!xlib) return -1;
    int (*query)(Display *, char[32]) = (int (*)(Display *, char[32]))dlsym(xlib, "XQueryKeymap");
    XModifierKeymap *(*modifiers)(Display *) = (XModifierKeymap * (*)(Display *)) dlsym(xlib, "XGetModifierMapping");
    int (*release)(XModifierKeymap *) = (int (*)(XModifierKeymap *))dlsym(xlib, "XFreeModifiermap");
    int count = -1;
    if (query && modifiers && release) {
        // SDL's own connection, on the thread SDL uses it on (the main one).
        Display *display = info.info.x11.display;
        char held[32] = {0};
        query(display, held);
        XModifierKeymap *map = modifiers(display);
        if (map) {
            for (int i = 0; i < 8 * map->max_keypermod; i++) {
                KeyCode code = map->modifiermap[i];
                if (code) held[code / 8] &= (char)~(1 << (code % 8));
            }
            release(map);
        }
        count = 0;
        for (int i = 0; i < 32; i++) {
            keys[i] = (unsigned char)held[i];
            count += __builtin_popcount(keys[i]);
        }
    }
    dlclose(xlib);
    return count;
}
