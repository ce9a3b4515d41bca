import BloqEngine

/// Something that owns one pointer from its press to its release: a control, a gesture
/// (a preview, the edge pan), or the board. It sees every event of that pointer, and
/// nothing else sees them.
public protocol PointerOwner: AnyObject {
    /// An event of the owned pointer: the press that bound it, then motion, then its
    /// release or cancellation (after which the binding is gone).
    func handle(_ event: PointerEvent)
}

/// One owner per pointer (raylib's gestures carry the pointer id with every event). On a
/// press, exactly one owner is bound to that `PointerID`; every later event of the pointer
/// goes to it until the pointer is released or cancelled.
public final class PointerRouter {
    private var owners: [PointerID: any PointerOwner] = [:]

    public init() {}

    /// Routes `event`. On a press, `owner` is asked for the owner to bind (nil: the press
    /// hits nothing, and the pointer's later events are dropped until the next press).
    public func route(_ event: PointerEvent, owner: () -> (any PointerOwner)?) {
        switch event.phase {
        case .down:
            // A second press of a pointer already down (a lost release) ends the first.
            if let previous = owners.removeValue(forKey: event.pointer) {
                previous.handle(PointerEvent(pointer: event.pointer, phase: .cancelled, location: event.location, time: event.time))
            }
            guard let bound = owner() else { return }
            owners[event.pointer] = bound
            bound.handle(event)
        case .moved:
            owners[event.pointer]?.handle(event)
        case .up, .cancelled:
            // Unbound before it is told, so whatever it does (a new screen) starts clean.
            owners.removeValue(forKey: event.pointer)?.handle(event)
        }
    }

    /// Cancels every owned pointer (the screen changed, focus was lost).
    public func cancelAll(time: Double = 0) {
        let current = owners
        owners.removeAll()
        for (pointer, owner) in current.sorted(by: { $0.key.description < $1.key.description }) {
            owner.handle(PointerEvent(pointer: pointer, phase: .cancelled, location: .zero, time: time))
        }
    }

    /// The owners bound now (painters ask which control is held).
    public var boundOwners: [any PointerOwner] { Array(owners.values) }

    /// Whether any pointer is bound.
    public var isEmpty: Bool { owners.isEmpty }
}

/// An owner that holds a control down (painters draw it pressed).
public protocol ControlHolder: PointerOwner {
    /// The control held down now, if any.
    var heldControl: ControlID? { get }
}

/// A press on a control: it is drawn pressed while held, and activates when released over
/// the same control, still enabled and visible (a finger's just past it too: `presses`).
public final class ControlPress: ControlHolder {
    public let id: ControlID
    public var heldControl: ControlID? { id }
    private let currentControls: () -> [Control]
    private let slop: Double
    private let activate: (ControlID) -> Void

    /// `slop`: how far past the control a finger may lift and still press it, in pixels.
    public init(_ id: ControlID, controls: @escaping () -> [Control], slop: Double, activate: @escaping (ControlID) -> Void) {
        self.id = id
        currentControls = controls
        self.slop = slop
        self.activate = activate
    }

    public func handle(_ event: PointerEvent) {
        if event.phase == .up, ControlPress.presses(id, releasedAt: event, among: currentControls(), slop: slop) { activate(id) }
    }

    /// How far past a control a finger may lift and still press it, in points: a fingertip
    /// rolls as it lifts, and a tap near a button's edge that ended a few pixels outside it
    /// did nothing (Android's touch slop is 8 dp). A mouse lifts where it pressed: none.
    public static let fingerSlop = 8.0

    /// Whether a press on the control `id`, released at `event`, presses it: released over
    /// it, still enabled; or, for a finger over no control, within `slop` pixels of it.
    static func presses(_ id: ControlID, releasedAt event: PointerEvent, among controls: [Control], slop: Double) -> Bool {
        if let hit = controls.first(where: { $0.rect.contains(event.location) }) { return hit.id == id && hit.isEnabled }
        guard case .finger = event.pointer, let own = controls.first(where: { $0.id == id }) else { return false }
        return own.isEnabled && own.rect.insetBy(-slop).contains(event.location)
    }
}

/// A press that does one thing when it goes down (closing the help, or a preview card
/// tapped outside) and swallows the rest of the pointer.
public final class TapOwner: PointerOwner {
    private let action: () -> Void

    public init(_ action: @escaping () -> Void) { self.action = action }

    public func handle(_ event: PointerEvent) {
        if event.phase == .down { action() }
    }
}
