/*
 * portal-stand-in: a stand-in for the XDG desktop portal's Settings interface, for the
 * tests (docs/testing.md, docs/platform.md). A test tool, never shipped.
 *
 * It owns org.freedesktop.portal.Desktop on the session bus (DBUS_SESSION_BUS_ADDRESS: a
 * private dbus-daemon --session the test starts), serves org.freedesktop.portal.Settings
 * at /org/freedesktop/portal/desktop (ReadAll, Read, ReadOne) from the values it holds,
 * and reads commands from standard input, one a line:
 *
 *   set NAMESPACE KEY u NUMBER     a uint32 setting (color-scheme 0 none, 1 dark, 2 light;
 *   set NAMESPACE KEY b true|false contrast 0 none, 1 high; reduced-motion 0, 1), or a
 *                                  boolean (GNOME's enable-animations), sent as
 *                                  SettingChanged to everyone listening
 *   quiet NAMESPACE KEY u NUMBER   the same without the signal (the values at start)
 *
 * It prints "ready" once it owns the name and "set" after each command, and exits at the
 * end of its input. Exit status: 0 done, 64 a bad line, 69 no bus or the name taken.
 */
#define _POSIX_C_SOURCE 200809L

#include <dbus/dbus.h>

#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NAME "org.freedesktop.portal.Desktop"
#define PATH "/org/freedesktop/portal/desktop"
#define INTERFACE "org.freedesktop.portal.Settings"
#define MAX_SETTINGS 32

struct setting {
    char space[128];
    char key[128];
    int type; /* DBUS_TYPE_UINT32 or DBUS_TYPE_BOOLEAN */
    dbus_uint32_t value;
};

static struct setting settings[MAX_SETTINGS];
static int setting_count;

static void append_value(DBusMessageIter *into, const struct setting *setting)
{
    DBusMessageIter variant;
    const char signature[2] = { (char)setting->type, 0 };
    dbus_message_iter_open_container(into, DBUS_TYPE_VARIANT, signature, &variant);
    dbus_message_iter_append_basic(&variant, setting->type, &setting->value);
    dbus_message_iter_close_container(into, &variant);
}

static bool wanted(const char *space, char **namespaces, int count)
{
    if (count == 0) return true;
    for (int i = 0; i < count; i++) {
        size_t length = strlen(namespaces[i]);
        if (strcmp(namespaces[i], space) == 0) return true;
        /* "org.gnome.*" matches every namespace under org.gnome. */
        if (length > 0 && namespaces[i][length - 1] == '*' && strncmp(namespaces[i], space, length - 1) == 0) return true;
    }
    return false;
}

static DBusMessage *read_all(DBusMessage *call)
{
    char **namespaces = NULL;
    int count = 0;
    DBusError error;
    dbus_error_init(&error);
    if (!dbus_message_get_args(call, &error, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &namespaces, &count, DBUS_TYPE_INVALID)) {
        DBusMessage *reply = dbus_message_new_error(call, DBUS_ERROR_INVALID_ARGS, error.message);
        dbus_error_free(&error);
        return reply;
    }
    DBusMessage *reply = dbus_message_new_method_return(call);
    DBusMessageIter top, spaces;
    dbus_message_iter_init_append(reply, &top);
    dbus_message_iter_open_container(&top, DBUS_TYPE_ARRAY, "{sa{sv}}", &spaces);
    for (int i = 0; i < setting_count; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++) seen |= strcmp(settings[j].space, settings[i].space) == 0;
        if (seen || !wanted(settings[i].space, namespaces, count)) continue;
        DBusMessageIter entry, keys;
        const char *space = settings[i].space;
        dbus_message_iter_open_container(&spaces, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &space);
        dbus_message_iter_open_container(&entry, DBUS_TYPE_ARRAY, "{sv}", &keys);
        for (int k = i; k < setting_count; k++) {
            if (strcmp(settings[k].space, space) != 0) continue;
            DBusMessageIter pair;
            const char *key = settings[k].key;
            dbus_message_iter_open_container(&keys, DBUS_TYPE_DICT_ENTRY, NULL, &pair);
            dbus_message_iter_append_basic(&pair, DBUS_TYPE_STRING, &key);
            append_value(&pair, &settings[k]);
            dbus_message_iter_close_container(&keys, &pair);
        }
        dbus_message_iter_close_container(&entry, &keys);
        dbus_message_iter_close_container(&spaces, &entry);
    }
    dbus_message_iter_close_container(&top, &spaces);
    dbus_free_string_array(namespaces);
    return reply;
}

/* Read (a variant in a variant, as the portal's first version answers) and ReadOne. */
static DBusMessage *read_one(DBusMessage *call, bool twice)
{
    const char *space = NULL, *key = NULL;
    if (!dbus_message_get_args(call, NULL, DBUS_TYPE_STRING, &space, DBUS_TYPE_STRING, &key, DBUS_TYPE_INVALID))
        return dbus_message_new_error(call, DBUS_ERROR_INVALID_ARGS, "Read takes a namespace and a key");
    for (int i = 0; i < setting_count; i++) {
        if (strcmp(settings[i].space, space) != 0 || strcmp(settings[i].key, key) != 0) continue;
        DBusMessage *reply = dbus_message_new_method_return(call);
        DBusMessageIter top;
        dbus_message_iter_init_append(reply, &top);
        if (twice) {
            DBusMessageIter outer;
            const char signature[3] = { 'v', 0, 0 };
            dbus_message_iter_open_container(&top, DBUS_TYPE_VARIANT, signature, &outer);
            append_value(&outer, &settings[i]);
            dbus_message_iter_close_container(&top, &outer);
        } else {
            append_value(&top, &settings[i]);
        }
        return reply;
    }
    return dbus_message_new_error(call, "org.freedesktop.portal.Error.NotFound", "no such setting");
}

static void handle(DBusConnection *connection, DBusMessage *message)
{
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return;
    DBusMessage *reply = NULL;
    if (dbus_message_is_method_call(message, INTERFACE, "ReadAll"))
        reply = read_all(message);
    else if (dbus_message_is_method_call(message, INTERFACE, "Read"))
        reply = read_one(message, true);
    else if (dbus_message_is_method_call(message, INTERFACE, "ReadOne"))
        reply = read_one(message, false);
    else
        reply = dbus_message_new_error(message, DBUS_ERROR_UNKNOWN_METHOD, "the stand-in serves Settings only");
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
}

/* Applies a command line; returns false when it is malformed. */
static bool command(DBusConnection *connection, char *line)
{
    char verb[16], space[128], key[128], type[4], value[16];
    if (sscanf(line, "%15s %127s %127s %3s %15s", verb, space, key, type, value) != 5) return false;
    bool signal = strcmp(verb, "set") == 0;
    if (!signal && strcmp(verb, "quiet") != 0) return false;
    struct setting setting = { .type = 0 };
    snprintf(setting.space, sizeof setting.space, "%s", space);
    snprintf(setting.key, sizeof setting.key, "%s", key);
    if (strcmp(type, "u") == 0) {
        char *end = NULL;
        unsigned long number = strtoul(value, &end, 10);
        if (*end != 0 || number > 0xffffffffUL) return false;
        setting.type = DBUS_TYPE_UINT32;
        setting.value = (dbus_uint32_t)number;
    } else if (strcmp(type, "b") == 0 && (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)) {
        setting.type = DBUS_TYPE_BOOLEAN;
        setting.value = strcmp(value, "true") == 0;
    } else {
        return false;
    }
    int index = 0;
    while (index < setting_count && !(strcmp(settings[index].space, space) == 0 && strcmp(settings[index].key, key) == 0)) index++;
    if (index == MAX_SETTINGS) return false;
    if (index == setting_count) setting_count++;
    settings[index] = setting;
    if (signal) {
        DBusMessage *changed = dbus_message_new_signal(PATH, INTERFACE, "SettingChanged");
        DBusMessageIter arguments;
        const char *name_space = settings[index].space, *name_key = settings[index].key;
        dbus_message_iter_init_append(changed, &arguments);
        dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &name_space);
        dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &name_key);
        append_value(&arguments, &settings[index]);
        dbus_connection_send(connection, changed, NULL);
        dbus_message_unref(changed);
        dbus_connection_flush(connection);
    }
    printf("set\n");
    fflush(stdout);
    return true;
}

int main(void)
{
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        fprintf(stderr, "portal-stand-in: no session bus: %s\n", error.message);
        return 69;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
    if (dbus_bus_request_name(connection, NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "portal-stand-in: cannot own %s: %s\n", NAME, dbus_error_is_set(&error) ? error.message : "taken");
        return 69;
    }
    printf("ready\n");
    fflush(stdout);
    int fd = -1;
    dbus_connection_get_unix_fd(connection, &fd);
    char line[512];
    size_t used = 0;
    bool input_open = true;
    while (input_open) {
        struct pollfd watched[2] = { { .fd = fd, .events = POLLIN }, { .fd = 0, .events = POLLIN } };
        if (poll(watched, 2, -1) < 0) continue;
        if (watched[0].revents) {
            if (!dbus_connection_read_write(connection, 0)) break;
            DBusMessage *message;
            while ((message = dbus_connection_pop_message(connection))) {
                handle(connection, message);
                dbus_message_unref(message);
            }
            dbus_connection_flush(connection);
        }
        if (watched[1].revents) {
            ssize_t count = read(0, line + used, sizeof line - 1 - used);
            if (count <= 0) {
                input_open = false;
                break;
            }
            used += (size_t)count;
            line[used] = 0;
            char *end;
            while ((end = strchr(line, '\n'))) {
                *end = 0;
                if (line[0] && line[0] != '#' && !command(connection, line)) {
                    fprintf(stderr, "portal-stand-in: bad line: %s\n", line);
                    return 64;
                }
                size_t rest = used - (size_t)(end + 1 - line);
                memmove(line, end + 1, rest + 1);
                used = rest;
            }
            if (used == sizeof line - 1) {
                fprintf(stderr, "portal-stand-in: line too long\n");
                return 64;
            }
        }
    }
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
    return 0;
}
