import Glibc

/// How much memory a search may take on this machine, so that the solver gives up (exit 75)
/// instead of asking for memory the system will refuse (an allocation failure aborts a Swift
/// program, and no answer is worth that).
public enum SystemMemory {
    /// The solver's memory budget here: `Solver.defaultMemoryBudget` (2 GiB), or less when
    /// the process's address-space limit (`ulimit -v`) or half the physical memory leaves
    /// less. Under an address-space limit, three quarters of what is left of it after the
    /// memory already mapped, since the allocator's own bookkeeping and fragmentation take
    /// address space too.
    public static func solverBudget(default budget: Int) -> Int {
        var result = budget
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            let left = Int(clamping: limit.rlim_cur) - mappedBytes()
            result = min(result, max(left / 4 * 3, 0))
        }
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        if pages > 0, pageSize > 0 {
            let (physical, overflow) = pages.multipliedReportingOverflow(by: pageSize)
            if !overflow { result = min(result, physical / 2) }
        }
        return result
    }

    /// The process's mapped address space now (the first field of /proc/self/statm, in
    /// pages); 0 when it cannot be read.
    static func mappedBytes() -> Int {
        guard case .success(let bytes) = RegularFile.read("/proc/self/statm", limit: 4096),
            let first = String(decoding: bytes, as: UTF8.self).split(separator: " ").first, let pages = Int(first)
        else { return 0 }
        return pages * max(sysconf(Int32(_SC_PAGESIZE)), 1)
    }
}
