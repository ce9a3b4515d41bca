import BloqFiles
import BloqGame
import Foundation

/// A new empty folder under the temporary directory, named `prefix-UUID`; the caller
/// removes it.
func scratchFolder(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The progress a file's bytes hold, read as the game reads it; throws unless it is sound.
func soundProgress(_ data: Data) throws -> PlayerProgress {
    guard case .sound(let progress) = ProgressFile.decode([UInt8](data)) else { throw NotSound() }
    return progress
}

struct NotSound: Error {}
