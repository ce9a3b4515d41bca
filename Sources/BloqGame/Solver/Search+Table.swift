extension Search {
    /// SplitMix64's finalizer over each word: every input bit reaches the bits the table
    /// indexes by (a single multiply leaves the low ones depending on the low input bits
    /// only, and some boards then probe long chains).
    @inline(__always) func hash(_ packed: UnsafePointer<UInt64>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for w in 0..<words {
            let word = packed[w]
            h = h ^ word
            h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
        }
        return h
    }

    /// The first slot of `hash` in a table of `capacity` (the high half of the product,
    /// so any capacity works, not only powers of two).
    @inline(__always) func home(_ hash: UInt64, _ capacity: Int) -> Int {
        Int(hash.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// A table entry: a position's index (below 2^27: `Solver.maximumStates` is less) and,
    /// in the top 5 bits, 5 bits of its hash, so most probes past other positions never read
    /// their words. -1 (all ones) is an empty slot.
    static let indexBits = 27

    @inline(__always) func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) & 31 }

    /// The slot where `packed` is or would go, its index when it is stored (else -1), and
    /// the tag of its hash.
    func slot(for packed: UnsafePointer<UInt64>) -> (slot: Int, found: Int, tag: UInt32) {
        slot(for: packed, hash: hash(packed))
    }

    /// `slot(for:)` with the position's `hash` already worked out.
    func slot(for packed: UnsafePointer<UInt64>, hash: UInt64) -> (slot: Int, found: Int, tag: UInt32) {
        let tag = self.tag(hash)
        var slot = home(hash, tableCapacity)
        while true {
            let entry = UInt32(bitPattern: table[slot])
            if entry == UInt32.max { return (slot, -1, tag) }
            if entry >> Search.indexBits == tag {
                let index = Int(entry & (1 << Search.indexBits - 1))
                let stored = wordPointer(index)
                var equal = true
                for w in 0..<words where stored[w] != packed[w] {
                    equal = false
                    break
                }
                if equal { return (slot, index, tag) }
            }
            slot += 1
            if slot == tableCapacity { slot = 0 }
        }
    }

    /// Stores a new position in `slot`; its index, or -1 when a budget is spent.
    mutating func insert(_ packed: UnsafePointer<UInt64>, slot: Int, tag: UInt32, parent: Int32) -> Int {
        guard count < maxStates else {
            limit = .states
            return -1
        }
        let offset = count & (Search.chunkSize - 1)
        if offset == 0 {
            guard affords(chunkBytes) else { return -1 }
            account(chunkBytes)
            wordChunks.append(UnsafeMutablePointer<UInt64>.allocate(capacity: Search.chunkSize * words))
            parentChunks.append(UnsafeMutablePointer<Int32>.allocate(capacity: Search.chunkSize))
            let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: Search.chunkSize)
            flags.initialize(repeating: 0, count: Search.chunkSize)
            flagChunks.append(flags)
        }
        let index = count
        let target = wordPointer(index)
        for w in 0..<words { target[w] = packed[w] }
        setParent(index, parent)
        table[slot] = Int32(bitPattern: UInt32(index) | tag << Search.indexBits)
        count += 1
        if count * 5 > tableCapacity * 4, !grow() { return -1 }
        // The cache of group counts doubles at 72 positions an entry, so it never takes more
        // than a quarter of a byte a position (beyond its first 9 KiB).
        if count == groups.cacheEntries * 72, groups.cacheGrowth > 0, bytes + groups.cacheGrowth <= memoryBudget {
            account(groups.cacheGrowth)
            groups.growCache()
        }
        return index
    }

    /// Grows the table by half; false when the budget cannot hold the new table. The old
    /// one is released first: the new one is filled from the stored positions, not from
    /// it, so the two are never held at once.
    mutating func grow() -> Bool {
        let capacity = tableCapacity + tableCapacity / 2
        guard affords(capacity * 4 - tableCapacity * 4) else { return false }
        table.deallocate()
        account(-tableCapacity * 4)
        account(capacity * 4)
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        grown.initialize(repeating: -1, count: capacity)
        for state in 0..<count {
            let hash = self.hash(wordPointer(state))
            var slot = home(hash, capacity)
            while grown[slot] != -1 {
                slot += 1
                if slot == capacity { slot = 0 }
            }
            grown[slot] = Int32(bitPattern: UInt32(state) | tag(hash) << Search.indexBits)
        }
        table = grown
        tableCapacity = capacity
        return true
    }
}
