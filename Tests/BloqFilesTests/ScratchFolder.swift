import Foundation

/// A new empty folder under the temporary directory, named `prefix-UUID`; the caller
/// removes it.
func scratchFolder(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
