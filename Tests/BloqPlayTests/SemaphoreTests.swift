import BloqSync
import Glibc
import Testing

@Suite("One semaphore for every thread that wakes another")
struct SemaphoreTests {
    @Test("a post is taken once: tryWait and a wait that may not wait see it, then see none")
    func postsAreCounted() {
        let semaphore = Semaphore()
        // (Each result is taken first: #expect cannot capture a value that is not copyable.)
        var results = [semaphore.tryWait(), semaphore.wait(seconds: 0)]
        #expect(results == [false, false], "nothing posted: no post to take, the wait ends at its deadline")
        semaphore.post()
        semaphore.post()
        results = [semaphore.tryWait(), semaphore.wait(seconds: 0), semaphore.tryWait()]
        #expect(results == [true, true, false], "two posts taken, then none")
    }

    @Test("a wait ends when another thread posts")
    func wakesAcrossThreads() throws {
        final class Shared: @unchecked Sendable {
            let semaphore = Semaphore()
        }
        let shared = Shared()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Shared>.fromOpaque(argument).takeUnretainedValue().semaphore.post()
                return nil
            }, Unmanaged.passUnretained(shared).toOpaque())
        try #require(started == 0)
        // A deadline only so that a broken post fails the test instead of hanging it.
        let posted = shared.semaphore.wait(seconds: 120)
        #expect(posted)
        pthread_join(thread, nil)
    }
}
