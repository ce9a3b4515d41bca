import Glibc

/// Runs `body` on a plain thread of its own, detached, for a loop that blocks (Dispatch's
/// pool is for short work). False, with `body` not run, when no thread could be made.
public func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box)
    guard started == 0 else {
        Unmanaged<Body>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}

private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
