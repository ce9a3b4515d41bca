#define _GNU_SOURCE
#include "bloq_sync.h"

int bloq_sem_wait_monotonic(sem_t *semaphore, const struct timespec *deadline) {
    return sem_clockwait(semaphore, CLOCK_MONOTONIC, deadline);
}
