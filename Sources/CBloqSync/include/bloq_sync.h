#ifndef BLOQ_SYNC_H
#define BLOQ_SYNC_H

#include <semaphore.h>
#include <time.h>

/// Waits for a post on `semaphore` until `deadline` on the monotonic clock: glibc's
/// sem_clockwait (2.30 and later), which Swift's Glibc module does not show (it is declared
/// only under _GNU_SOURCE). 0 when posted, else -1 with errno (ETIMEDOUT, EINTR).
int bloq_sem_wait_monotonic(sem_t *semaphore, const struct timespec *deadline);

#endif
