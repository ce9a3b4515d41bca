import Foundation

enum FileHandleWriter {
    static func writeToStandardError(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

/// Writes to standard error without a line end (progress bars).
func printErrorRaw(_ text: String) {
    FileHandleWriter.writeToStandardError(text)
}
