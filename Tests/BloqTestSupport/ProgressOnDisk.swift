import BloqFiles
import BloqGame
import Foundation

/// The progress a file's bytes hold, read as the game reads it; throws unless it is sound.
public func soundProgress(_ data: Data) throws -> PlayerProgress {
    guard case .sound(let progress) = ProgressFile.decode([UInt8](data)) else { throw NotSound() }
    return progress
}

/// A progress file that is not sound.
public struct NotSound: Error {}
