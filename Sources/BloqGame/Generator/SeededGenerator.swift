import BloqCore

/// The package's one seeded generator (BloqCore), under the name the rules and the
/// generator have always used.
public typealias SeededGenerator = BloqCore.SeededGenerator
