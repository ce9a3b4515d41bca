import Testing

/// SDL's state is global (one video system, one event queue): every test that starts SDL
/// lives in a suite nested here, and `.serialized` runs them one at a time across suites.
@Suite("SDL, one test at a time", .serialized)
enum SDLSuite {}
