import BloqGame
import BloqPlay
import BloqSync
import CDBus
import Glibc

/// The desktop's appearance preferences from the XDG desktop portal's Settings interface
/// (`org.freedesktop.portal.Settings` on the session bus), through libdbus: light or dark
/// (`org.freedesktop.appearance` `color-scheme`), high contrast (`contrast`), and reduced
/// motion where the desktop says (`reduced-motion`; GNOME's `enable-animations`; KDE's
/// `AnimationDurationFactor` of 0), followed live on `SettingChanged`.
///
/// Nothing here waits in a frame: `poll()` reads what the bus has sent and returns at once.
/// A thread watches the connection's socket and wakes the sleeping loop (`wake`) when
/// something arrives, so a change shows at once even while nothing moves. With no session
/// bus or no portal the answer is no preference (the game's defaults). docs/platform.md.
public final class PortalSettings: DesktopPreferences {
    /// The portal's name, object and interface.
    static let service = "org.freedesktop.portal.Desktop"
    static let object = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    /// The namespaces read: the portable one, and GNOME's and KDE's for what it lacks.
    static let namespaces = [
        "org.freedesktop.appearance", "org.gnome.desktop.interface", "org.gnome.desktop.a11y.interface", "org.kde.kdeglobals.KDE",
    ]

    private let connection: OpaquePointer
    /// The serial of the ReadAll call, until its answer came.
    private var readAll: UInt32?
    /// Every value heard, by "namespace key".
    private var values: [String: PortalValue] = [:]
    /// The appearance last handed out by `poll`.
    private var reported: SystemAppearance?
    private var changed = false
    private let watcher: SocketWatcher?

    /// Connects to the session bus (or the bus at `address`) and asks the portal for its
    /// settings (the answer comes later: `waitForAnswer`, `poll`). Nil when there is no bus;
    /// `wake` is called from another thread whenever the bus has something to read.
    public init?(address: String? = nil, wake: @escaping @Sendable () -> Void) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let opened: OpaquePointer?
        if let address {
            opened = dbus_connection_open_private(address, &error)
            if let bus = opened, dbus_bus_register(bus, &error) == 0 {
                dbus_connection_close(bus)
                dbus_connection_unref(bus)
                return nil
            }
        } else {
            opened = dbus_bus_get_private(DBUS_BUS_SESSION, &error)
        }
        guard let connection = opened else { return nil }
        self.connection = connection
        // A lost bus must not end the game (libdbus exits the process by default).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        // Without an error to fill in, AddMatch is sent and not waited for.
        let rule =
            "type='signal',interface='\(PortalSettings.interface)',member='SettingChanged',path='\(PortalSettings.object)'"
        dbus_bus_add_match(connection, rule, nil)
        readAll = PortalSettings.sendReadAll(on: connection)
        dbus_connection_flush(connection)
        var fd: Int32 = -1
        watcher = dbus_connection_get_unix_fd(connection, &fd) != 0 ? SocketWatcher(fd: fd, wake: wake) : nil
    }

    deinit {
        watcher?.stop()
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Waits up to `seconds` for the portal's answer (at start, before the first frame, so
    /// the first frame is in the desktop's colours). Returns at once when it came already.
    public func waitForAnswer(upTo seconds: Double) {
        let deadline = MonotonicClock.seconds() + seconds
        while readAll != nil {
            let left = deadline - MonotonicClock.seconds()
            guard left > 0, dbus_connection_read_write(connection, Int32(max(left * 1000, 1))) != 0 else { break }
            handleMessages()
        }
    }

    public func poll() -> SystemAppearance? {
        if dbus_connection_read_write(connection, 0) != 0 { handleMessages() }
        watcher?.drained()
        guard changed || reported == nil, readAll == nil || !values.isEmpty else { return nil }
        changed = false
        let now = PortalSettings.appearance(from: values)
        guard now != reported else { return nil }
        reported = now
        return now
    }

    /// The appearance the values say (the keys are "namespace key").
    public static func appearance(from values: [String: PortalValue]) -> SystemAppearance {
        var appearance = SystemAppearance()
        switch values["org.freedesktop.appearance color-scheme"]?.number {
        case 1: appearance.theme = .dark
        case 2: appearance.theme = .light
        default: break
        }
        if values["org.freedesktop.appearance contrast"]?.number == 1 {
            appearance.contrast = .high
        } else if let high = values["org.gnome.desktop.a11y.interface high-contrast"]?.flag {
            appearance.contrast = high ? .high : nil
        }
        if values["org.freedesktop.appearance reduced-motion"]?.number == 1 {
            appearance.reducedMotion = true
        } else if let animations = values["org.gnome.desktop.interface enable-animations"]?.flag {
            appearance.reducedMotion = !animations
        } else if let factor = values["org.kde.kdeglobals.KDE AnimationDurationFactor"]?.real {
            appearance.reducedMotion = factor == 0
        } else if values["org.freedesktop.appearance reduced-motion"]?.number == 0 {
            appearance.reducedMotion = false
        }
        return appearance
    }

    // MARK: Messages

    private static func sendReadAll(on connection: OpaquePointer) -> UInt32? {
        guard let call = dbus_message_new_method_call(service, object, interface, "ReadAll") else { return nil }
        defer { dbus_message_unref(call) }
        var arguments = DBusMessageIter()
        var list = DBusMessageIter()
        dbus_message_iter_init_append(call, &arguments)
        guard dbus_message_iter_open_container(&arguments, bloq_dbus_type_array(), "s", &list) != 0 else { return nil }
        for name in namespaces {
            let copy = strdup(name)
            defer { free(copy) }
            var pointer = UnsafePointer(copy)
            dbus_message_iter_append_basic(&list, bloq_dbus_type_string(), &pointer)
        }
        dbus_message_iter_close_container(&arguments, &list)
        var serial: UInt32 = 0
        return dbus_connection_send(connection, call, &serial) != 0 ? serial : nil
    }

    /// Takes every message read so far: the ReadAll answer (or error) and SettingChanged.
    private func handleMessages() {
        while let message = dbus_connection_pop_message(connection) {
            defer { dbus_message_unref(message) }
            let type = dbus_message_get_type(message)
            if let serial = readAll, dbus_message_get_reply_serial(message) == serial {
                readAll = nil
                // An error (no portal, or one without Settings): no preference.
                if type == DBUS_MESSAGE_TYPE_METHOD_RETURN { readSettings(message) }
                changed = true
            } else if type == DBUS_MESSAGE_TYPE_SIGNAL, dbus_message_is_signal(message, PortalSettings.interface, "SettingChanged") != 0 {
                readChange(message)
            }
        }
    }

    /// ReadAll's answer: a{sa{sv}}, namespace → key → value.
    private func readSettings(_ message: OpaquePointer) {
        var top = DBusMessageIter()
        guard dbus_message_iter_init(message, &top) != 0, dbus_message_iter_get_arg_type(&top) == bloq_dbus_type_array() else { return }
        var spaces = DBusMessageIter()
        dbus_message_iter_recurse(&top, &spaces)
        while dbus_message_iter_get_arg_type(&spaces) == bloq_dbus_type_dict_entry() {
            var entry = DBusMessageIter()
            dbus_message_iter_recurse(&spaces, &entry)
            if let space = PortalSettings.string(&entry), dbus_message_iter_next(&entry) != 0,
                dbus_message_iter_get_arg_type(&entry) == bloq_dbus_type_array()
            {
                var keys = DBusMessageIter()
                dbus_message_iter_recurse(&entry, &keys)
                while dbus_message_iter_get_arg_type(&keys) == bloq_dbus_type_dict_entry() {
                    var pair = DBusMessageIter()
                    dbus_message_iter_recurse(&keys, &pair)
                    if let key = PortalSettings.string(&pair), dbus_message_iter_next(&pair) != 0,
                        let value = PortalSettings.value(&pair)
                    {
                        values[space + " " + key] = value
                    }
                    dbus_message_iter_next(&keys)
                }
            }
            dbus_message_iter_next(&spaces)
        }
    }

    /// SettingChanged(namespace s, key s, value v).
    private func readChange(_ message: OpaquePointer) {
        var arguments = DBusMessageIter()
        guard dbus_message_iter_init(message, &arguments) != 0, let space = PortalSettings.string(&arguments),
            dbus_message_iter_next(&arguments) != 0, let key = PortalSettings.string(&arguments),
            dbus_message_iter_next(&arguments) != 0, let value = PortalSettings.value(&arguments)
        else { return }
        values[space + " " + key] = value
        changed = true
    }

    private static func string(_ iterator: inout DBusMessageIter) -> String? {
        guard dbus_message_iter_get_arg_type(&iterator) == bloq_dbus_type_string() else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    /// A setting's value: a number, a truth value, a real or a text, inside as many variants
    /// as the portal wraps it in (its older Read wrapped twice).
    private static func value(_ iterator: inout DBusMessageIter) -> PortalValue? {
        /// The basic value at the iterator, read into a `T` (a D-Bus boolean is 32 bits).
        func basic<T: BitwiseCopyable>(_ zero: T) -> T {
            var value = zero
            dbus_message_iter_get_basic(&iterator, &value)
            return value
        }
        switch dbus_message_iter_get_arg_type(&iterator) {
        case bloq_dbus_type_variant():
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return value(&inner)
        case bloq_dbus_type_uint32(): return .number(Int64(basic(UInt32(0))))
        case bloq_dbus_type_int32(): return .number(Int64(basic(Int32(0))))
        case bloq_dbus_type_boolean(): return .flag(basic(UInt32(0)) != 0)
        case bloq_dbus_type_double(): return .real(basic(0.0))
        case bloq_dbus_type_string():
            return string(&iterator).map(PortalValue.text)
        default:
            return nil
        }
    }
}

/// A setting's value as the portal sends it.
public enum PortalValue: Equatable, Sendable {
    case number(Int64)
    case flag(Bool)
    case real(Double)
    case text(String)

    var number: Int64? { if case .number(let value) = self { value } else { nil } }
    var flag: Bool? { if case .flag(let value) = self { value } else { nil } }
    /// A real, or a number read as one (KDE writes its factor either way).
    var real: Double? {
        switch self {
        case .real(let value): value
        case .number(let value): Double(value)
        case .text(let text): Double(text)
        case .flag: nil
        }
    }
}

/// A thread that wakes the game's loop when the bus's socket has something to read, then
/// waits until the loop has read it (`drained`), so it never spins on a socket the loop has
/// not got to yet. The loop's reading stays on the loop's thread: libdbus is used from one.
private final class SocketWatcher: @unchecked Sendable {
    private let fd: Int32
    private let wake: @Sendable () -> Void
    /// Written to stop the thread.
    private var stopPipe: [Int32] = [-1, -1]
    private let drainedSignal = Semaphore()
    private let finishedSignal = Semaphore()
    private var running = false

    init?(fd: Int32, wake: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.wake = wake
        guard pipe(&stopPipe) == 0 else { return nil }
        for end in stopPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        guard detachThread({ self.run() }) else { return nil }
        running = true
    }

    deinit {
        for end in stopPipe where end >= 0 { close(end) }
    }

    /// The loop has read what there was: watch again.
    func drained() { drainedSignal.post() }

    /// Ends the thread; returns when it has.
    func stop() {
        guard running else { return }
        running = false
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
        drainedSignal.post()
        finishedSignal.wait()
    }

    private func run() {
        var watched = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
        while true {
            watched[0].revents = 0
            watched[1].revents = 0
            let ready = poll(&watched, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || watched[1].revents != 0 { break }
            if watched[0].revents & Int16(POLLHUP | POLLERR) != 0 { break }
            // Reads by frames before now: forget them. Then wake the loop, and wait until
            // it has read (the socket stays readable until it has).
            while drainedSignal.tryWait() {}
            wake()
            drainedSignal.wait()
        }
        finishedSignal.post()
    }
}
