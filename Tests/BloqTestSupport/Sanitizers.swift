import Glibc

/// Whether this process was built with ThreadSanitizer or AddressSanitizer (`make
/// test-sanitize`): their runtimes reserve far more address space than a test's `ulimit -v`
/// gives a child, so the tests that limit a child's address space cannot run under them.
public let underSanitizer: Bool = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
