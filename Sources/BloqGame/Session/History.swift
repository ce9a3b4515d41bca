/// A linear undo history of values: one current entry, the ones before it (undo) and the
/// ones after it (redo). Recording a new entry drops the redo tail; beyond `limit` entries
/// the oldest are forgotten.
public struct History<State: Sendable>: Sendable {
    public private(set) var entries: [State]
    /// Index of the current entry in `entries`.
    public private(set) var index: Int
    /// The most entries kept.
    public let limit: Int

    public init(_ initial: State, limit: Int = .max) {
        entries = [initial]
        index = 0
        self.limit = max(limit, 2)
    }

    public var current: State { entries[index] }
    public var canUndo: Bool { index > 0 }
    public var canRedo: Bool { index < entries.count - 1 }

    /// Makes `state` the current entry, dropping everything that could have been redone.
    public mutating func record(_ state: State) {
        entries.removeSubrange((index + 1)...)
        entries.append(state)
        index += 1
        if entries.count > limit {
            // Forget the oldest in a batch, so recording stays O(1) on average.
            let drop = entries.count - limit + limit / 10
            entries.removeFirst(min(drop, entries.count - 1))
            index = entries.count - 1
        }
    }

    /// Steps back one entry; returns false (and changes nothing) at the oldest one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard canUndo else { return false }
        index -= 1
        return true
    }

    /// Steps forward one entry; returns false (and changes nothing) at the newest one.
    @discardableResult
    public mutating func redo() -> Bool {
        guard canRedo else { return false }
        index += 1
        return true
    }
}
