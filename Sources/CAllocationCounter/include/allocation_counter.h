#ifndef BLOQ_ALLOCATION_COUNTER_H
#define BLOQ_ALLOCATION_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by the process since it started. Benchmarks read it before and after a
/// piece of work to count that work's allocations.
unsigned long long bloq_allocation_count(void);

#endif
