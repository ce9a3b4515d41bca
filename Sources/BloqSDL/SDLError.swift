import CSDL2

/// A failure of SDL or one of its libraries, with SDL's own explanation.
public struct SDLError: Error, CustomStringConvertible {
    public var what: String
    public var detail: String

    /// Captures `SDL_GetError()` after `what` failed.
    package init(_ what: String) {
        self.what = what
        detail = String(cString: SDL_GetError())
    }

    init(_ what: String, detail: String) {
        self.what = what
        self.detail = detail
    }

    public var description: String { detail.isEmpty ? what : "\(what): \(detail)" }
}
