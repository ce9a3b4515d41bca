import BloqLocalization

/// Clauses said one after the other in one line ("undo; undo a paint"), joined as the
/// language joins them (French puts a no-break space before the semicolon).
public func joinedClauses(_ clauses: [String]) -> String {
    guard var sentence = clauses.first else { return "" }
    // TRANSLATORS: two clauses in one line, as in "undo; undo a paint". French: "%1 ; %2"
    // with a no-break space.
    for clause in clauses.dropFirst() { sentence = tr("%1; %2", sentence, clause) }
    return sentence
}
