import Glibc

/// Whether this process was built with ThreadSanitizer (`make test-sanitize`): its runtime
/// needs far more address space than a test's `ulimit -v` gives a child, so the tests that
/// limit a child's address space cannot run under it.
public let underThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil
