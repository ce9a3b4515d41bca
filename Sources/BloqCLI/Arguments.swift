import ArgumentParser
import BloqFiles
import BloqGame
import Glibc

/// Numeric options, range-checked as they are parsed: a value that is not a whole number in
/// the range is a usage error (exit 64) that names the range.
public enum Arguments {
    /// Why the folder an option names (`--data`, `--out`) could not be made, with the way
    /// out: a file where it goes, a file on its path, or the system's reason.
    static func folderProblem(_ error: SystemError, option: String) -> String {
        switch error.code {
        case EEXIST: "it is a file, not a folder; give \(option) a folder (it is made when missing)"
        case ENOTDIR: "a folder on its path is a file; give \(option) a folder (it is made when missing)"
        default: "\(Path.describe(error)); give \(option) a folder you may write to (it is made when missing)"
        }
    }

    /// Refuses an empty path (`""`, as an unset shell variable gives): it names no file, and
    /// would otherwise be reported as `:1:1:` with no file name. Nil values are not given.
    public static func checkPaths(_ paths: KeyValuePairs<String, String?>) throws {
        for (name, path) in paths where path?.isEmpty == true {
            throw ValidationError("\(name) is an empty path (''), which names no file or folder; give its path")
        }
    }

    /// The level in `file`, its warnings said on standard error; one that does not load has
    /// its problems said there and ends the command with exit 65 (66 when it is missing).
    static func level(_ file: String) throws -> Level {
        switch LevelFiles.load(path: file).result {
        case .success(let level):
            for warning in level.warnings { printError(warning.description) }
            return level
        case .failure(let error):
            printError(error.description)
            throw LevelFiles.isMissing(file) ? ExitStatus.missingInput : ExitStatus.invalidData
        }
    }

    /// The folder that holds levels/: `explicit` (`--data`), else the search path's; when
    /// there is none, why on standard error and exit 66.
    static func dataFolder(_ explicit: String?) throws -> String {
        do {
            return try DataLocator(explicit: explicit).locate()
        } catch {
            printError("bloq: \(error)")
            throw ExitStatus.missingInput
        }
    }

    /// A parser for `option`, a whole number in `range`.
    public static func wholeNumber(_ option: String, in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { argument in
            let digits = argument.hasPrefix("-") ? argument.dropFirst() : Substring(argument)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(argument), range.contains(value)
            else {
                throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), not '\(argument)'")
            }
            return value
        }
    }
}
