import Glibc

/// The process's environment variables, read from `environ` (glibc) each time they are
/// asked for, so a `setenv` made meanwhile shows.
public enum ProcessEnvironment {
    /// Every variable, by name; where a name is given twice, the first wins, as `getenv`
    /// finds it.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        // Null after clearenv(3), which Swift's import of `environ` does not allow for.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: Int(bitPattern: environ)) else {
            return variables
        }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
