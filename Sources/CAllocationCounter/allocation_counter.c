// Counts heap allocations and the bytes they hold by interposing glibc's allocator entry
// points: a definition of malloc in the executable takes precedence over libc's for every
// caller, including the Swift runtime. Each wrapper forwards to glibc's own implementation
// (__libc_*), so memory is managed exactly as without it; the cost is a relaxed atomic
// increment, malloc_usable_size and two thread-local sums.
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
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_ullong allocations;
// Bytes of blocks this thread allocated and freed, as the allocator sizes them
// (malloc_usable_size: the request rounded up to the allocator's granularity, or to whole
// pages for mmapped blocks), and their peak. Per thread, so a measurement is not disturbed
// by other threads (tests run in parallel); initial-exec thread-locals, which never
// allocate, so they are safe inside malloc.
static _Thread_local long long live_bytes __attribute__((tls_model("initial-exec")));
static _Thread_local long long peak_bytes __attribute__((tls_model("initial-exec")));

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

static inline void gained(void *pointer) {
    if (pointer == NULL) return;
    live_bytes += (long long)malloc_usable_size(pointer);
    if (live_bytes > peak_bytes) peak_bytes = live_bytes;
}

static inline void lost(void *pointer) {
    if (pointer == NULL) return;
    live_bytes -= (long long)malloc_usable_size(pointer);
}

unsigned long long bloq_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

long long bloq_thread_live_bytes(void) { return live_bytes; }

long long bloq_thread_peak_bytes(void) { return peak_bytes; }

void bloq_thread_reset_peak_bytes(void) { peak_bytes = live_bytes; }

#ifndef BLOQ_NO_INTERPOSER

void *malloc(size_t size) {
    count();
    void *pointer = __libc_malloc(size);
    gained(pointer);
    return pointer;
}

void *calloc(size_t count_, size_t size) {
    count();
    void *pointer = __libc_calloc(count_, size);
    gained(pointer);
    return pointer;
}

// A moved block is counted at its new size only once it is there: the peak misses the
// instant both exist (glibc moves large blocks with mremap, which never holds both).
void *realloc(void *pointer, size_t size) {
    count();
    long long before = pointer == NULL ? 0 : (long long)malloc_usable_size(pointer);
    void *moved = __libc_realloc(pointer, size);
    if (moved == NULL && size != 0) return NULL;  // the old block stays, unchanged
    live_bytes -= before;
    gained(moved);
    return moved;
}

void *memalign(size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    gained(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    gained(pointer);
    return pointer;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    gained(pointer);
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    lost(pointer);
    __libc_free(pointer);
}

#endif
