import BloqBench
import BloqGame
import BloqTestSupport
import CAllocationCounter
import Foundation
import Testing

@Suite("The solver's memory, measured on the heap")
struct SolverHeapTests {
    /// Each board's search to `states` positions: what it held on the heap at its peak
    /// (every block the allocator gave it, at the allocator's own sizes), against the
    /// documented bound: at most 8 × words + 17 bytes a further position beyond what a
    /// search of one position holds (its first chunks, table and cache), with room for
    /// three more chunks of 4 KiB for the open lists (a list per level and depth, each of
    /// chunks of 1 KiB). Each count is the one whose last position grows the
    /// hash table (at 80 % of 199,288 and 39,366 slots), where a position costs the most.
    @Test(
        "at most 8 x words + 17 bytes a position, measured on the heap",
        arguments: [
            ("16 open cells", BenchmarkBoards.sixteenOpenCells, 159_431),
            ("6x6 with walls", BenchmarkBoards.sixBySix, 159_431),
            ("16x16", BenchmarkBoards.sixteenBySixteen, 31_493),
            ("sparse 16x16", BenchmarkBoards.sparseSixteen, 31_493),
        ])
    func heap(name: String, board: Board, states: Int) throws {
        // Under a sanitizer the counter cannot see the heap; there is nothing to measure.
        guard bloq_allocation_count() > 0, let start = SolverBenchmark.memory(board, states: 1, heap: .interposed)?.heapBytesPerState,
            let search = SolverBenchmark.memory(board, states: states, heap: .interposed), let heap = search.heapBytesPerState
        else { return }
        #expect(search.states == states, "\(name): the search ended before its budget")
        let openCells = board.cells.filter { $0 != .wall }.count
        let perState = Double(Solver.bytesPerState(openCells: openCells))
        let allowed = perState * Double(states - 1) + start + 3 * 4_096
        let held = heap * Double(states)
        #expect(held <= allowed, "\(name): \(Int(held)) bytes on the heap for \(states) positions, over \(Int(allowed))")
        // The search's own account, which its memory budget uses, is what the heap says.
        // (bloq bench reports that account: the game's binary interposes no malloc.)
        #expect(abs(search.accountedBytesPerState - heap) <= 0.02 * heap)
    }

    @Test("the heap counter sees a search's memory come and go")
    func counter() {
        guard bloq_allocation_count() > 0 else { return }
        // A small search first: what the runtime sets up once on this thread (type metadata,
        // caches it never frees) is then already there, and only the search's own memory
        // is measured (run with other tests, the first search here was 17 KB short).
        _ = SolverBenchmark.memory(BenchmarkBoards.sixteenOpenCells, states: 100, heap: .interposed)
        let before = bloq_thread_live_bytes()
        let memory = SolverBenchmark.memory(BenchmarkBoards.sixteenOpenCells, states: 10_000, heap: .interposed)
        #expect(bloq_thread_live_bytes() - before < 4_096, "the search's memory was not all released")
        #expect((memory?.heapBytesPerState ?? 0) > 8, "a position takes at least its 8 bytes of cells")
    }
}

extension SolverBenchmark.HeapMeter {
    /// This thread's heap as the interposed malloc of CAllocationCounter sees it.
    static let interposed = SolverBenchmark.HeapMeter(
        live: { bloq_thread_live_bytes() }, peak: { bloq_thread_peak_bytes() }, resetPeak: { bloq_thread_reset_peak_bytes() })
}

@Suite("The benchmark boards")
struct BenchmarkBoardTests {
    @Test("bench/sparse-16x16.bloq is the board bloq bench measures (BenchmarkBoards.sparseSixteen): 28 blocks, none touching")
    func sparseSixteen() throws {
        let text = try Repository.text("bench/sparse-16x16.bloq")
        let level = try LevelParser.parse(text, name: "sparse-16x16.bloq").get()
        #expect(level.board == BenchmarkBoards.sparseSixteen)
        #expect(level.board.cells.filter { $0.color != nil }.count == 28)
        #expect(Set(level.board.cells.compactMap(\.color)).count == 8)
        #expect(level.board.touchingPairs.isEmpty)
    }
}
