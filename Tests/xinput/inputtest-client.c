/*
 * inputtest-client: real input for an X server, through Xorg's `inputtest` input driver
 * (xserver-xorg-core 21.1, `man inputtestdrv`). A test tool, never shipped
 * (docs/testing.md, "Real touch through an X server").
 *
 * The driver makes one socket per device (the SocketPath of its InputDevice section) and
 * turns the events written there into the server's own input events: a direct-touch
 * XInput 2.2 touchscreen, an absolute pointer and a keyboard, as real hardware would.
 * This client connects to the sockets it is given, does the version handshake on each,
 * then reads commands, one a line, from SCRIPT or standard input, and sends them in real
 * time. Coordinates are screen pixels (fractions allowed); the driver's absolute axes run
 * 0..65535 over the whole screen, so the client scales them with --screen.
 *
 *   touch down ID X Y     finger ID touches the screen at pixel X Y
 *   touch move ID X Y     finger ID moves to X Y
 *   touch up ID [X Y]     finger ID is lifted (at X Y, else where it was)
 *   pointer X Y           the absolute pointer moves to X Y
 *   button N down|up      pointer button N (1 left, 2 middle, 3 right) is pressed or released
 *   key CODE down|up      the key with X keycode CODE (8..255; Escape is 9) is pressed or released
 *   sleep MS              waits MS milliseconds (0..600000)
 *   sync                  waits until the server has handled every event sent so far,
 *                         then prints "synced LINE" on standard output
 *   echo TEXT             prints TEXT on standard output
 *
 * '#' starts a comment. A script file is checked whole before anything is sent; standard
 * input is read and acted on line by line, so another program can drive it. The driver
 * of xserver 21.1 serves one connection per device for the server's lifetime (after a
 * client leaves it neither accepts another nor stops reading the old one), so one
 * client stays connected for a whole test: stop the server before this client ends.
 *
 * Exit status: 0 done, 64 usage, 65 a bad line, 69 a device cannot be reached,
 * 74 a read or write failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <X11/extensions/XI2.h>
#include <xorg/xf86-input-inputtest-protocol.h>

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum {
    EXIT_USAGE = 64,
    EXIT_DATA = 65,
    EXIT_UNAVAILABLE = 69,
    EXIT_IO = 74,
};

/* The driver's absolute axes (TOUCH_AXIS_MAX in xf86-input-inputtest.c): 0..0xffff, which
   the server maps onto the whole screen as x * width / 65536. */
#define AXIS_SPAN 65536.0
#define MAX_FINGERS 16
#define MAX_LINE 1024
#define MAX_SLEEP_MS 600000L

enum device_kind { DEVICE_TOUCH, DEVICE_POINTER, DEVICE_KEYBOARD, DEVICE_COUNT };
static const char *const device_names[DEVICE_COUNT] = { "touch", "pointer", "keyboard" };

struct device {
    const char *path; /* NULL: not used */
    int fd;
    bool unsynced; /* events were sent since the last sync */
};

enum command_kind {
    COMMAND_NONE,
    COMMAND_TOUCH,
    COMMAND_POINTER,
    COMMAND_BUTTON,
    COMMAND_KEY,
    COMMAND_SLEEP,
    COMMAND_SYNC,
    COMMAND_ECHO,
};

struct command {
    enum command_kind kind;
    long line;
    uint32_t touch_type; /* XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd */
    uint32_t id;         /* finger id, button number or keycode */
    bool has_position;
    double x, y;
    bool press;
    long milliseconds;
    char text[MAX_LINE];
};

/* What the script has done so far, to check a line against: the fingers down. */
struct state {
    uint32_t fingers[MAX_FINGERS];
    int finger_count;
};

static struct device devices[DEVICE_COUNT];
static double screen_width, screen_height;
static double connect_seconds = 30;
static const char *script_name = "<stdin>";

static void fail_io(const char *what, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail_io(const char *what, ...)
{
    va_list arguments;
    fprintf(stderr, "inputtest-client: ");
    va_start(arguments, what);
    vfprintf(stderr, what, arguments);
    va_end(arguments);
    fputc('\n', stderr);
    exit(EXIT_IO);
}

static double monotonic_seconds(void)
{
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
        fail_io("clock_gettime: %s", strerror(errno));
    return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

static void sleep_milliseconds(long milliseconds)
{
    struct timespec wait = { .tv_sec = milliseconds / 1000, .tv_nsec = (milliseconds % 1000) * 1000000L };
    while (nanosleep(&wait, &wait) != 0) {
        if (errno != EINTR)
            fail_io("nanosleep: %s", strerror(errno));
    }
}

/* Writes all of `size` bytes to a device's socket. */
static void write_all(struct device *device, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(device->fd, bytes + done, size - done);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail_io("cannot write to the %s device's socket %s: %s (did the X server stop?)",
                    device_names[device - devices], device->path, strerror(errno));
        }
        done += (size_t) written;
    }
}

/* Reads exactly `size` bytes from a device's socket, waiting at most `seconds`. */
static void read_all(struct device *device, void *data, size_t size, double seconds, const char *awaited)
{
    unsigned char *bytes = data;
    size_t done = 0;
    double deadline = monotonic_seconds() + seconds;
    while (done < size) {
        double left = deadline - monotonic_seconds();
        if (left <= 0)
            fail_io("the %s device did not answer (%s) within %.0f s; see the X server's log", device_names[device - devices],
                    awaited, seconds);
        struct pollfd ready = { .fd = device->fd, .events = POLLIN };
        int polled = poll(&ready, 1, (int) (left * 1000) + 1);
        if (polled < 0) {
            if (errno == EINTR)
                continue;
            fail_io("poll: %s", strerror(errno));
        }
        if (polled == 0)
            continue;
        ssize_t got = read(device->fd, bytes + done, size - done);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            fail_io("cannot read from the %s device's socket %s: %s", device_names[device - devices], device->path, strerror(errno));
        }
        if (got == 0)
            fail_io("the %s device closed its socket %s while this client waited for %s (a second client? the 21.1 driver "
                    "serves one per server lifetime; see the X server's log)",
                    device_names[device - devices], device->path, awaited);
        done += (size_t) got;
    }
}

/* Connects to a device's socket, retrying while the server is still starting. */
static void connect_device(struct device *device)
{
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(device->path) >= sizeof address.sun_path) {
        fprintf(stderr, "inputtest-client: the socket path %s is longer than %zu bytes; use a shorter folder\n", device->path,
                sizeof address.sun_path - 1);
        exit(EXIT_USAGE);
    }
    memcpy(address.sun_path, device->path, strlen(device->path) + 1);
    double deadline = monotonic_seconds() + connect_seconds;
    for (;;) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            fail_io("socket: %s", strerror(errno));
        if (connect(fd, (const struct sockaddr *) &address, sizeof address) == 0) {
            device->fd = fd;
            break;
        }
        int error = errno;
        close(fd);
        bool starting = error == ENOENT || error == ECONNREFUSED || error == EINTR;
        if (!starting || monotonic_seconds() > deadline) {
            fprintf(stderr,
                    "inputtest-client: cannot connect to the %s device at %s: %s\n"
                    "  (is the X server running with an inputtest InputDevice whose SocketPath is that file?)\n",
                    device_names[device - devices], device->path, strerror(error));
            exit(EXIT_UNAVAILABLE);
        }
        sleep_milliseconds(20);
    }

    xf86ITEventClientVersion hello;
    memset(&hello, 0, sizeof hello);
    hello.header.length = sizeof hello;
    hello.header.type = XF86IT_EVENT_CLIENT_VERSION;
    hello.major = XF86IT_PROTOCOL_VERSION_MAJOR;
    hello.minor = XF86IT_PROTOCOL_VERSION_MINOR;
    write_all(device, &hello, sizeof hello);

    /* The driver answers once the device is enabled. */
    xf86ITResponseServerVersion answer;
    memset(&answer, 0, sizeof answer);
    read_all(device, &answer.header, sizeof answer.header, connect_seconds, "its protocol version");
    if (answer.header.type != XF86IT_RESPONSE_SERVER_VERSION || answer.header.length != sizeof answer) {
        fprintf(stderr, "inputtest-client: the %s device answered the handshake with response %d of %u bytes, not a version\n",
                device_names[device - devices], (int) answer.header.type, (unsigned) answer.header.length);
        exit(EXIT_UNAVAILABLE);
    }
    read_all(device, (unsigned char *) &answer + sizeof answer.header, sizeof answer - sizeof answer.header, connect_seconds,
             "its protocol version");
    if (answer.major != XF86IT_PROTOCOL_VERSION_MAJOR || answer.minor < XF86IT_PROTOCOL_VERSION_MINOR) {
        fprintf(stderr, "inputtest-client: the %s device speaks protocol %u.%u; this client needs %d.%d\n",
                device_names[device - devices], (unsigned) answer.major, (unsigned) answer.minor, XF86IT_PROTOCOL_VERSION_MAJOR,
                XF86IT_PROTOCOL_VERSION_MINOR);
        exit(EXIT_UNAVAILABLE);
    }
}

/* Waits until the server has handled every event sent to `device`. */
static void sync_device(struct device *device)
{
    if (device->fd < 0 || !device->unsynced)
        return; /* the driver would wait for events that never come */
    xf86ITEventWaitForSync request;
    memset(&request, 0, sizeof request);
    request.header.length = sizeof request;
    request.header.type = XF86IT_EVENT_WAIT_FOR_SYNC;
    write_all(device, &request, sizeof request);
    xf86ITResponseSyncFinished answer;
    memset(&answer, 0, sizeof answer);
    read_all(device, &answer, sizeof answer, connect_seconds, "the end of a sync");
    if (answer.header.type != XF86IT_RESPONSE_SYNC_FINISHED || answer.header.length != sizeof answer)
        fail_io("the %s device answered a sync with response %d of %u bytes", device_names[device - devices], (int) answer.header.type,
                (unsigned) answer.header.length);
    device->unsynced = false;
}

static void set_position(xf86ITValuatorData *valuators, double x, double y)
{
    valuators->mask[0] |= 1u << 0 | 1u << 1;
    valuators->valuators[0] = x * AXIS_SPAN / screen_width;
    valuators->valuators[1] = y * AXIS_SPAN / screen_height;
}

static void send_command(const struct command *command)
{
    switch (command->kind) {
    case COMMAND_NONE:
        return;
    case COMMAND_TOUCH: {
        xf86ITEventTouch event;
        memset(&event, 0, sizeof event);
        event.header.length = sizeof event;
        event.header.type = XF86IT_EVENT_TOUCH;
        event.touchid = command->id;
        event.touch_type = command->touch_type;
        if (command->has_position)
            set_position(&event.valuators, command->x, command->y);
        write_all(&devices[DEVICE_TOUCH], &event, sizeof event);
        devices[DEVICE_TOUCH].unsynced = true;
        return;
    }
    case COMMAND_POINTER: {
        xf86ITEventMotion event;
        memset(&event, 0, sizeof event);
        event.header.length = sizeof event;
        event.header.type = XF86IT_EVENT_MOTION;
        event.is_absolute = 1;
        set_position(&event.valuators, command->x, command->y);
        write_all(&devices[DEVICE_POINTER], &event, sizeof event);
        devices[DEVICE_POINTER].unsynced = true;
        return;
    }
    case COMMAND_BUTTON: {
        xf86ITEventButton event;
        memset(&event, 0, sizeof event);
        event.header.length = sizeof event;
        event.header.type = XF86IT_EVENT_BUTTON;
        event.is_absolute = 1;
        event.button = (int32_t) command->id;
        event.is_press = command->press;
        write_all(&devices[DEVICE_POINTER], &event, sizeof event);
        devices[DEVICE_POINTER].unsynced = true;
        return;
    }
    case COMMAND_KEY: {
        xf86ITEventKey event;
        memset(&event, 0, sizeof event);
        event.header.length = sizeof event;
        event.header.type = XF86IT_EVENT_KEY;
        event.key_code = (int32_t) command->id;
        event.is_press = command->press;
        write_all(&devices[DEVICE_KEYBOARD], &event, sizeof event);
        devices[DEVICE_KEYBOARD].unsynced = true;
        return;
    }
    case COMMAND_SLEEP:
        sleep_milliseconds(command->milliseconds);
        return;
    case COMMAND_SYNC:
        for (int kind = 0; kind < DEVICE_COUNT; kind++)
            sync_device(&devices[kind]);
        if (printf("synced %ld\n", command->line) < 0 || fflush(stdout) != 0)
            fail_io("cannot write to standard output: %s", strerror(errno));
        return;
    case COMMAND_ECHO:
        if (printf("%s\n", command->text) < 0 || fflush(stdout) != 0)
            fail_io("cannot write to standard output: %s", strerror(errno));
        return;
    }
}

/* A parse error: SCRIPT:LINE: error: MESSAGE, as compilers write them. */
static bool line_error(long line, const char *message, ...) __attribute__((format(printf, 2, 3)));

static bool line_error(long line, const char *message, ...)
{
    va_list arguments;
    fprintf(stderr, "%s:%ld: error: ", script_name, line);
    va_start(arguments, message);
    vfprintf(stderr, message, arguments);
    va_end(arguments);
    fputc('\n', stderr);
    return false;
}

static bool parse_number(const char *word, double *value)
{
    if (word == NULL || *word == '\0')
        return false;
    char *end = NULL;
    errno = 0;
    double parsed = strtod(word, &end);
    if (errno != 0 || *end != '\0' || !isfinite(parsed))
        return false;
    *value = parsed;
    return true;
}

static bool parse_whole(const char *word, long minimum, long maximum, long *value)
{
    if (word == NULL || *word == '\0')
        return false;
    char *end = NULL;
    errno = 0;
    long parsed = strtol(word, &end, 10);
    if (errno != 0 || *end != '\0' || parsed < minimum || parsed > maximum)
        return false;
    *value = parsed;
    return true;
}

static bool parse_position(char **words, int count, long line, struct command *command)
{
    if (!parse_number(count > 0 ? words[0] : NULL, &command->x) || !parse_number(count > 1 ? words[1] : NULL, &command->y))
        return line_error(line, "'%s %s' is not a position; give X Y in screen pixels, such as 120 340.5", count > 0 ? words[0] : "",
                          count > 1 ? words[1] : "");
    if (command->x < 0 || command->x >= screen_width || command->y < 0 || command->y >= screen_height)
        return line_error(line, "%g %g is outside the %gx%g screen; X runs 0 to under %g, Y 0 to under %g", command->x, command->y,
                          screen_width, screen_height, screen_width, screen_height);
    command->has_position = true;
    return true;
}

static int finger_index(const struct state *state, uint32_t id)
{
    for (int i = 0; i < state->finger_count; i++) {
        if (state->fingers[i] == id)
            return i;
    }
    return -1;
}

static bool needs_device(enum device_kind kind, long line, const char *what)
{
    if (devices[kind].path != NULL)
        return true;
    return line_error(line, "%s needs the %s device; start this client with --%s SOCKET", what, device_names[kind], device_names[kind]);
}

static bool press_word(const char *word, long line, const char *what, bool *press)
{
    if (word != NULL && strcmp(word, "down") == 0) {
        *press = true;
        return true;
    }
    if (word != NULL && strcmp(word, "up") == 0) {
        *press = false;
        return true;
    }
    return line_error(line, "%s needs 'down' or 'up' after its number, not '%s'", what, word ? word : "nothing");
}

/* Parses one line into `command` and checks it against `state` (updated). */
static bool parse_line(char *text, long line, struct state *state, struct command *command)
{
    memset(command, 0, sizeof *command);
    command->kind = COMMAND_NONE;
    command->line = line;
    char *comment = strchr(text, '#');
    if (comment != NULL)
        *comment = '\0';
    char *words[8];
    int count = 0;
    char *rest = NULL;
    for (char *word = strtok_r(text, " \t\r\n", &rest); word != NULL; word = strtok_r(NULL, " \t\r\n", &rest)) {
        if (count == (int) (sizeof words / sizeof words[0]))
            return line_error(line, "too many words; a command has at most 5");
        words[count++] = word;
    }
    if (count == 0)
        return true;
    const char *verb = words[0];

    if (strcmp(verb, "touch") == 0) {
        if (!needs_device(DEVICE_TOUCH, line, "touch"))
            return false;
        const char *phase = count > 1 ? words[1] : "";
        long id = 0;
        if (!parse_whole(count > 2 ? words[2] : NULL, 0, 65535, &id))
            return line_error(line, "touch %s needs a finger id, a whole number from 0 to 65535, such as 'touch %s 1 ...'", phase,
                              *phase ? phase : "down");
        command->kind = COMMAND_TOUCH;
        command->id = (uint32_t) id;
        int index = finger_index(state, command->id);
        if (strcmp(phase, "down") == 0) {
            if (count != 5)
                return line_error(line, "touch down needs ID X Y, such as 'touch down 1 120 340'");
            if (index >= 0)
                return line_error(line, "finger %ld is down already; lift it with 'touch up %ld' first", id, id);
            if (state->finger_count == MAX_FINGERS)
                return line_error(line, "%d fingers are down already; lift one first", MAX_FINGERS);
            command->touch_type = XI_TouchBegin;
            if (!parse_position(words + 3, count - 3, line, command))
                return false;
            state->fingers[state->finger_count++] = command->id;
            return true;
        }
        if (strcmp(phase, "move") == 0 || strcmp(phase, "up") == 0) {
            bool up = strcmp(phase, "up") == 0;
            if (index < 0)
                return line_error(line, "finger %ld is not down; put 'touch down %ld X Y' before this line", id, id);
            if (up ? count != 3 && count != 5 : count != 5)
                return line_error(line, up ? "touch up needs ID, or ID X Y, such as 'touch up 1'"
                                           : "touch move needs ID X Y, such as 'touch move 1 130 340'");
            command->touch_type = up ? XI_TouchEnd : XI_TouchUpdate;
            if (count == 5 && !parse_position(words + 3, count - 3, line, command))
                return false;
            if (up)
                state->fingers[index] = state->fingers[--state->finger_count];
            return true;
        }
        return line_error(line, "touch needs 'down', 'move' or 'up', not '%s'", phase);
    }
    if (strcmp(verb, "pointer") == 0) {
        if (!needs_device(DEVICE_POINTER, line, "pointer"))
            return false;
        if (count != 3)
            return line_error(line, "pointer needs X Y, such as 'pointer 120 340'");
        command->kind = COMMAND_POINTER;
        return parse_position(words + 1, count - 1, line, command);
    }
    if (strcmp(verb, "button") == 0) {
        if (!needs_device(DEVICE_POINTER, line, "button"))
            return false;
        long button = 0;
        if (count != 3 || !parse_whole(words[1], 1, 7, &button))
            return line_error(line, "button needs a number from 1 to 7 and down or up, such as 'button 1 down'");
        command->kind = COMMAND_BUTTON;
        command->id = (uint32_t) button;
        return press_word(words[2], line, "button", &command->press);
    }
    if (strcmp(verb, "key") == 0) {
        if (!needs_device(DEVICE_KEYBOARD, line, "key"))
            return false;
        long code = 0;
        if (count != 3 || !parse_whole(words[1], 8, 255, &code))
            return line_error(line, "key needs an X keycode from 8 to 255 and down or up, such as 'key 9 down' (Escape; "
                                    "xmodmap -pke lists the codes)");
        command->kind = COMMAND_KEY;
        command->id = (uint32_t) code;
        return press_word(words[2], line, "key", &command->press);
    }
    if (strcmp(verb, "sleep") == 0) {
        if (count != 2 || !parse_whole(words[1], 0, MAX_SLEEP_MS, &command->milliseconds))
            return line_error(line, "sleep needs milliseconds, a whole number from 0 to %ld, such as 'sleep 150'", MAX_SLEEP_MS);
        command->kind = COMMAND_SLEEP;
        return true;
    }
    if (strcmp(verb, "sync") == 0) {
        if (count != 1)
            return line_error(line, "sync takes nothing after it");
        command->kind = COMMAND_SYNC;
        return true;
    }
    if (strcmp(verb, "echo") == 0) {
        command->kind = COMMAND_ECHO;
        command->text[0] = '\0';
        for (int i = 1; i < count; i++) {
            if (i > 1)
                strncat(command->text, " ", sizeof command->text - strlen(command->text) - 1);
            strncat(command->text, words[i], sizeof command->text - strlen(command->text) - 1);
        }
        return true;
    }
    return line_error(line, "unknown command '%s'; the commands are touch, pointer, button, key, sleep, sync and echo", verb);
}

/* Reads one line into `buffer`; false at the end of the input. */
static bool read_line(FILE *input, char *buffer, size_t size, long line)
{
    if (fgets(buffer, (int) size, input) == NULL) {
        if (ferror(input))
            fail_io("cannot read %s: %s", script_name, strerror(errno));
        return false;
    }
    size_t length = strlen(buffer);
    if (length == size - 1 && buffer[length - 1] != '\n') {
        line_error(line, "the line is longer than %zu characters", size - 2);
        exit(EXIT_DATA);
    }
    return true;
}

static void usage(void)
{
    fprintf(stderr, "usage: inputtest-client --screen WxH [--touch SOCKET] [--pointer SOCKET] [--keyboard SOCKET]\n"
                    "                        [--connect-seconds N] [SCRIPT]\n"
                    "Sends the commands of SCRIPT (default: standard input) to Xorg's inputtest devices; see the top of\n"
                    "Tests/xinput/inputtest-client.c for the commands.\n");
    exit(EXIT_USAGE);
}

int main(int argc, char **argv)
{
    const char *script = NULL;
    for (int kind = 0; kind < DEVICE_COUNT; kind++)
        devices[kind] = (struct device) { .path = NULL, .fd = -1, .unsynced = false };
    for (int i = 1; i < argc; i++) {
        const char *argument = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool known = false;
        for (int kind = 0; kind < DEVICE_COUNT; kind++) {
            if (strncmp(argument, "--", 2) == 0 && strcmp(argument + 2, device_names[kind]) == 0) {
                if (value == NULL)
                    usage();
                devices[kind].path = value;
                known = true;
                i++;
            }
        }
        if (known)
            continue;
        if (strcmp(argument, "--screen") == 0 && value != NULL) {
            unsigned width = 0, height = 0;
            char end = '\0';
            if (sscanf(value, "%ux%u%c", &width, &height, &end) != 2 || width == 0 || height == 0 || width > 65535 || height > 65535) {
                fprintf(stderr, "inputtest-client: --screen takes WIDTHxHEIGHT in pixels, such as 800x640, not '%s'\n", value);
                exit(EXIT_USAGE);
            }
            screen_width = width;
            screen_height = height;
            i++;
        } else if (strcmp(argument, "--connect-seconds") == 0 && value != NULL) {
            if (!parse_number(value, &connect_seconds) || connect_seconds <= 0 || connect_seconds > 3600) {
                fprintf(stderr, "inputtest-client: --connect-seconds takes seconds from 0 to 3600, not '%s'\n", value);
                exit(EXIT_USAGE);
            }
            i++;
        } else if (argument[0] == '-' && argument[1] != '\0') {
            usage();
        } else if (script == NULL) {
            script = argument;
        } else {
            usage();
        }
    }
    if (screen_width == 0) {
        fprintf(stderr, "inputtest-client: --screen WxH is needed: the X screen's size, to scale the driver's axes\n");
        exit(EXIT_USAGE);
    }
    if (devices[DEVICE_TOUCH].path == NULL && devices[DEVICE_POINTER].path == NULL && devices[DEVICE_KEYBOARD].path == NULL) {
        fprintf(stderr, "inputtest-client: give at least one of --touch, --pointer and --keyboard\n");
        exit(EXIT_USAGE);
    }
    /* A server that went away is a write error to report, not a signal to die of. */
    signal(SIGPIPE, SIG_IGN);

    FILE *input = stdin;
    if (script != NULL && strcmp(script, "-") != 0) {
        input = fopen(script, "r");
        if (input == NULL) {
            fprintf(stderr, "inputtest-client: cannot open %s: %s\n", script, strerror(errno));
            exit(EXIT_USAGE);
        }
        script_name = script;
    }
    struct stat info;
    bool whole_file = fstat(fileno(input), &info) == 0 && S_ISREG(info.st_mode);

    struct state state = { .finger_count = 0 };
    static char text[MAX_LINE + 2];
    struct command *commands = NULL;
    size_t command_count = 0;
    if (whole_file) {
        /* Check every line before anything is sent. */
        bool valid = true;
        size_t capacity = 0;
        for (long line = 1; read_line(input, text, sizeof text, line); line++) {
            struct command command;
            if (!parse_line(text, line, &state, &command)) {
                valid = false;
                continue;
            }
            if (command.kind == COMMAND_NONE)
                continue;
            if (command_count == capacity) {
                capacity = capacity ? capacity * 2 : 64;
                struct command *grown = realloc(commands, capacity * sizeof *commands);
                if (grown == NULL)
                    fail_io("out of memory");
                commands = grown;
            }
            commands[command_count++] = command;
        }
        if (!valid)
            exit(EXIT_DATA);
    }

    for (int kind = 0; kind < DEVICE_COUNT; kind++) {
        if (devices[kind].path != NULL)
            connect_device(&devices[kind]);
    }
    if (printf("ready\n") < 0 || fflush(stdout) != 0)
        fail_io("cannot write to standard output: %s", strerror(errno));

    if (whole_file) {
        for (size_t i = 0; i < command_count; i++)
            send_command(&commands[i]);
        free(commands);
    } else {
        for (long line = 1; read_line(input, text, sizeof text, line); line++) {
            struct command command;
            if (!parse_line(text, line, &state, &command))
                exit(EXIT_DATA);
            send_command(&command);
        }
    }
    if (input != stdin)
        fclose(input);
    /* Everything sent is handled before the client goes. */
    for (int kind = 0; kind < DEVICE_COUNT; kind++)
        sync_device(&devices[kind]);
    if (state.finger_count > 0)
        fprintf(stderr, "inputtest-client: warning: %d finger(s) still down at the end of %s\n", state.finger_count, script_name);
    return 0;
}
