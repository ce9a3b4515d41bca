import ArgumentParser

/// The exit statuses of CONTRACT section 2 (sysexits.h).
enum ExitStatus {
    /// Invalid input data: a level or script that does not hold.
    static let invalidData = ExitCode(65)
    /// An input file or folder that does not exist.
    static let missingInput = ExitCode(66)
    /// An output file or folder that cannot be created.
    static let cannotCreate = ExitCode(73)
    /// Temporary failure: the solver's budget ran out.
    static let gaveUp = ExitCode(75)
}

/// Writes to standard error.
func printError(_ message: String) {
    var stream = StandardError()
    print(message, to: &stream)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleWriter.writeToStandardError(string)
    }
}
