import BloqEngine
import BloqGame

/// Moving the keyboard (or gamepad) focus among a screen's enabled controls.
public enum FocusNavigation {
    /// The control nearest `focus` in `direction` (spatial navigation), or, with no focus
    /// yet, the first control. Nil when there is nothing to focus.
    public static func move(from focus: ControlID?, _ direction: Direction, among controls: [Control]) -> ControlID? {
        let candidates = controls.filter(\.isFocusable)
        guard let current = candidates.first(where: { $0.id == focus }) else { return first(of: candidates) }
        let others = candidates.filter { $0.id != current.id }
        guard let index = nearest(from: current.rect.center, direction, among: others.map(\.rect)) else { return current.id }
        return others[index].id
    }

    /// The index of the rectangle of `rects` nearest `point` in `direction` (its centre
    /// ahead of the point, the nearest along, then across), or nil when none lies that way.
    public static func nearest(from point: Point, _ direction: Direction, among rects: [Rect]) -> Int? {
        var best: (score: Double, index: Int)?
        for (index, rect) in rects.enumerated() {
            let to = rect.center
            let dx = to.x - point.x
            let dy = to.y - point.y
            let (along, across): (Double, Double) =
                switch direction {
                case .left: (-dx, abs(dy))
                case .right: (dx, abs(dy))
                case .up: (-dy, abs(dx))
                case .down: (dy, abs(dx))
                }
            guard along > 1 else { continue }
            let score = along + across * 2
            if let best, best.score <= score { continue }
            best = (score, index)
        }
        return best?.index
    }

    /// The next (or previous) enabled control in reading order, wrapping around.
    public static func cycle(from focus: ControlID?, forward: Bool, among controls: [Control]) -> ControlID? {
        let ordered = controls.filter(\.isFocusable).sorted {
            abs($0.rect.y - $1.rect.y) > 1 ? $0.rect.y < $1.rect.y : $0.rect.x < $1.rect.x
        }
        guard !ordered.isEmpty else { return nil }
        guard let index = ordered.firstIndex(where: { $0.id == focus }) else { return (forward ? ordered.first : ordered.last)?.id }
        return ordered[(index + (forward ? 1 : ordered.count - 1)) % ordered.count].id
    }

    /// Where focus lands first: a level tile when there are some, else the first control
    /// that is not the header's Back.
    static func first(of controls: [Control]) -> ControlID? {
        controls.first { if case .tile = $0.id { return true } else { return false } }?.id
            ?? controls.first(where: { $0.id != .back })?.id ?? controls.first?.id
    }
}
