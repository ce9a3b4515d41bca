import ArgumentParser
import BloqFiles

/// The exit statuses of CONTRACT section 2 (sysexits.h).
public enum ExitStatus {
    /// A command used wrongly (as ArgumentParser's own usage errors).
    public static let usage = ExitCode(64)
    /// Invalid input data: a level or script that does not hold.
    public static let invalidData = ExitCode(65)
    /// An input file or folder that does not exist.
    public static let missingInput = ExitCode(66)
    /// An output file or folder that cannot be created.
    public static let cannotCreate = ExitCode(73)
    /// Temporary failure: the solver's budget ran out.
    public static let gaveUp = ExitCode(75)
}

/// Writes to standard error.
public func printError(_ message: String) {
    var stream = StandardError()
    print(message, to: &stream)
}

public struct StandardError: TextOutputStream {
    public mutating func write(_ string: String) { StandardErrorStream.write(string) }
}

/// Writes to standard error without a line end (progress bars).
public func printErrorRaw(_ text: String) {
    StandardErrorStream.write(text, raw: true)
}
