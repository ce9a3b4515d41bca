import BloqFiles

public enum FileHandleWriter {
    public static func writeToStandardError(_ string: String) {
        StandardErrorStream.write(string)
    }
}

/// Writes to standard error without a line end (progress bars).
public func printErrorRaw(_ text: String) {
    StandardErrorStream.write(text, raw: true)
}
