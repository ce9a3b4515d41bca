// Counts heap allocations by interposing glibc's allocator entry points: a definition of
// malloc in the executable takes precedence over libc's for every caller, including the
// Swift runtime. Each wrapper forwards to glibc's own implementation (__libc_*), so memory
// is managed exactly as without it; the only cost is a relaxed atomic increment.
#include "allocation_counter.h"

#include <errno.h>

// Under AddressSanitizer or ThreadSanitizer the sanitizer owns the allocator: interposing
// it too would hand it memory it never saw. There the counter counts nothing (and the
// benchmark, seeing no allocations, refuses to report a figure).
#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define BLOQ_NO_INTERPOSER 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define BLOQ_NO_INTERPOSER 1
#endif
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_ullong allocations;

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

unsigned long long bloq_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

#ifndef BLOQ_NO_INTERPOSER

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) { __libc_free(pointer); }

#endif
