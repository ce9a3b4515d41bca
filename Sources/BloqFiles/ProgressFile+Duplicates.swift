import BloqGame

/// A progress file that gives a key more than once: a `"levels"` object twice, a level's
/// record twice, a value twice inside a record. Line-based merges (git, a sync tool, a hand
/// edit) make exactly that, and each copy may hold clears the other lacks. Every copy is read
/// and they are merged as two copies of the game are (`PlayerProgress.merge`): a level is
/// cleared if any copy cleared it, with the most stars, the fewest moves, the shortest time
/// and the latest clear; a level's unfinished line is the newer one (by `savedAt`), ended by
/// a clear or a give-up saved after it; a give-up keeps its latest time; a day of the daily
/// board keeps its best, so the streaks, which follow from the days, count every day any
/// copy cleared; a key given twice inside a record (`"bestStars":1,...,"bestStars":3`) is
/// read both ways and the best of the two kept. Each merge is described
/// (`SalvagedProgress.merged`), so the file counts as damaged: it is kept aside whole and
/// replaced by the merged progress, and the player is told.
extension ProgressFile {
    /// The values the readings of one file may make (`JSONDocument.readings(of:budget:)`):
    /// far beyond any real file's duplicates, and a bound on a hostile one's work.
    static let duplicateBudget = 4_000_000

    /// `bytes` decoded, every copy of a key given more than once merged in.
    static func decodeSalvaged(_ bytes: [UInt8]) throws -> SalvagedProgress {
        let read = try JSONDocumentDecoder.decodeNotingDuplicates(SalvagedProgress.self, from: bytes)
        guard read.hasDuplicateKeys, let merged = mergingDuplicates(in: read.document) else { return read.value }
        return merged
    }

    /// The progress `document` holds, each record read on its own with every copy of every
    /// key; nil when its root is not an object.
    static func mergingDuplicates(in document: JSONDocument) -> SalvagedProgress? {
        guard case .object(let members) = document.root else { return nil }
        var result = SalvagedProgress()
        var dropped: Set<String> = []
        var budget = duplicateBudget
        func absorb(_ read: SalvagedProgress) {
            result.progress.merge(read.progress)
            for problem in read.dropped where dropped.insert(problem).inserted { result.dropped.append(problem) }
            if let later = read.foreignVersion { result.foreignVersion = max(result.foreignVersion ?? later, later) }
            if result.versionProblem == nil { result.versionProblem = read.versionProblem }
        }
        func decode(_ fragment: JSONDocument.Value) -> SalvagedProgress? {
            try? JSONDocumentDecoder.decode(SalvagedProgress.self, in: document, value: fragment)
        }
        let groups = document.groupedMembers(members)
        for group in groups {
            let name = group.name ?? "?"
            if group.values.count > 1 { result.merged.append("'\(name)' is given \(group.values.count) times") }
            guard sections.contains(name) else {
                // The version, or a key no Bloq reads: each copy on its own.
                for value in group.values { decode(.object([(group.key, value)])).map(absorb) }
                continue
            }
            var records: [(key: JSONDocument.Value, value: JSONDocument.Value)] = []
            for value in group.values {
                if case .object(let list) = value {
                    records += list
                } else {
                    decode(.object([(group.key, value)])).map(absorb)
                }
            }
            var kept: Set<String> = []
            for record in document.groupedMembers(records) {
                let id = String((record.name ?? "?").prefix(40))
                if record.values.count > 1 { result.merged.append("\(name) \(id): given \(record.values.count) times") }
                var inside = false
                for value in record.values {
                    let readings = document.readings(of: value, budget: &budget)
                    inside = inside || readings.count > 1
                    for reading in readings {
                        guard let read = decode(.object([(group.key, .object([(record.key, reading)]))])) else { continue }
                        if read.progress.largestSection > 0, let full = record.name, !kept.contains(full) {
                            guard kept.count < PlayerProgress.maximumLevels else {
                                result.dropped.append("\(name) \(id): more than \(PlayerProgress.maximumLevels) records")
                                break
                            }
                            kept.insert(full)
                        }
                        absorb(read)
                    }
                }
                if inside { result.merged.append("\(name) \(id): a value in it is given more than once") }
            }
        }
        if budget < 0 {
            result.dropped.append("keys are given more than once too often to merge every copy; the first copy of each was read")
        }
        return result
    }
}
