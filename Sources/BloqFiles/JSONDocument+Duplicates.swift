/// Objects that give a key more than once, as a line-based merge (git, a sync tool, a hand
/// edit) makes them: a decoder reads the first copy only (as Foundation's does), so a caller
/// that knows how to merge copies reads each one through `readings(of:budget:)`.
extension JSONDocument {
    /// The name of an object's key, or nil when it is not a string that can be read.
    func keyName(_ key: Value) -> String? {
        guard case .string(let range, let simple) = key else { return nil }
        return try? string(range, simple: simple)
    }

    /// An object's members grouped by key, in the order each key first appears, every
    /// copy of a key given more than once kept (a key that cannot be read is its own group).
    func groupedMembers(_ members: [(key: Value, value: Value)]) -> [(name: String?, key: Value, values: [Value])] {
        var groups: [(name: String?, key: Value, values: [Value])] = []
        var index: [String: Int] = [:]
        for (key, value) in members {
            guard let name = keyName(key) else {
                groups.append((nil, key, [value]))
                continue
            }
            if let at = index[name] {
                groups[at].values.append(value)
            } else {
                index[name] = groups.count
                groups.append((name, key, [value]))
            }
        }
        return groups
    }

    /// Readings of `value` without a key given twice: one reading when no object in it
    /// gives a key twice (the value itself), else as many as its most repeated key needs,
    /// each taking one copy of every key (reading i takes copy i, or the last copy when a
    /// key has fewer), so that every copy of every member is in some reading whole.
    ///
    /// `budget` counts the values the readings may make, shared by all the calls of one
    /// document, so that a hostile file (a key given a million times deep inside a long
    /// array) costs bounded work; once it is spent a value reads as itself (the first copy
    /// of each key: the decoder's reading) and `budget` is negative, for the caller to say so.
    func readings(of value: Value, budget: inout Int) -> [Value] {
        switch value {
        case .array(let elements):
            let each = elements.map { readings(of: $0, budget: &budget) }
            let count = each.map(\.count).max() ?? 1
            guard count > 1 else { return [value] }
            guard budget >= count * elements.count else {
                budget = -1
                return [value]
            }
            budget -= count * elements.count
            return (0..<count).map { index in .array(each.map { $0[min(index, $0.count - 1)] }) }
        case .object(let members):
            let groups = groupedMembers(members).map { group in
                (key: group.key, options: group.values.flatMap { readings(of: $0, budget: &budget) })
            }
            let count = groups.map(\.options.count).max() ?? 1
            guard count > 1 || groups.count != members.count else { return [value] }
            guard budget >= count * groups.count else {
                budget = -1
                return [value]
            }
            budget -= count * groups.count
            return (0..<count).map { index in
                .object(groups.map { (key: $0.key, value: $0.options[min(index, $0.options.count - 1)]) })
            }
        default:
            return [value]
        }
    }
}
