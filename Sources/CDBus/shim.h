#ifndef BLOQ_CDBUS_SHIM_H
#define BLOQ_CDBUS_SHIM_H

// libdbus, the reference D-Bus client library (the one SDL itself loads), for the desktop
// portal's settings (BloqPortal). The include paths come from `pkg-config dbus-1`.
#include <dbus/dbus.h>

// Type codes Swift cannot import (character literals in casts).
static inline int bloq_dbus_type_string(void) { return DBUS_TYPE_STRING; }
static inline int bloq_dbus_type_uint32(void) { return DBUS_TYPE_UINT32; }
static inline int bloq_dbus_type_int32(void) { return DBUS_TYPE_INT32; }
static inline int bloq_dbus_type_boolean(void) { return DBUS_TYPE_BOOLEAN; }
static inline int bloq_dbus_type_variant(void) { return DBUS_TYPE_VARIANT; }
static inline int bloq_dbus_type_array(void) { return DBUS_TYPE_ARRAY; }
static inline int bloq_dbus_type_dict_entry(void) { return DBUS_TYPE_DICT_ENTRY; }
static inline int bloq_dbus_type_double(void) { return DBUS_TYPE_DOUBLE; }

#endif
