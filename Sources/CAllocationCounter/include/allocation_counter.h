#ifndef BLOQ_ALLOCATION_COUNTER_H
#define BLOQ_ALLOCATION_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by the process since it started. Benchmarks read it before and after a
/// piece of work to count that work's allocations.
unsigned long long bloq_allocation_count(void);

/// Bytes of heap blocks this thread allocated minus those it freed, as the allocator sizes
/// them (malloc_usable_size). Per thread, so work measured on one thread is not disturbed
/// by others.
long long bloq_thread_live_bytes(void);

/// The most `bloq_thread_live_bytes` has been since this thread last called
/// `bloq_thread_reset_peak_bytes` (or started).
long long bloq_thread_peak_bytes(void);

/// Starts a new peak from the bytes live now: `bloq_thread_peak_bytes` after a piece of work,
/// minus `bloq_thread_live_bytes` before it, is the most that work held at once.
void bloq_thread_reset_peak_bytes(void);

#endif
