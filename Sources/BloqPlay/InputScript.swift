import BloqEngine
import BloqGame

/// An input script for `bloq replay` (CONTRACT section 3): timed input events in cell
/// coordinates, ending with `end`.
///
/// Limits, each an error at the line that passes it:
/// - the file: at most `maximumFileSize` bytes and `maximumLines` lines;
/// - times: plain decimals in milliseconds from 0 to `maximumDuration`, never decreasing;
/// - coordinates: plain decimals within ±`maximumCoordinate` cells (far outside any board,
///   which live play handles as it would any pointer off the board);
/// - finger ids: whole numbers from 0 to `maximumFingerID` (fingers beyond the tenth down
///   at once are ignored in play, as live input is);
/// - window and resize sizes: 160 to 8192 pixels each.
public struct InputScript: Sendable {
    public static let maximumFileSize = 4 * 1024 * 1024
    public static let maximumLines = 200_000
    /// One hour of simulated time, in milliseconds.
    public static let maximumDuration = 3_600_000.0
    public static let maximumCoordinate = 100_000.0
    public static let maximumFingerID = 1_000_000
    public static let windowSizes = 160...8192
    /// How long a `tap` holds the button when the script does not say: a person's click
    /// lasts 80-150 ms, a tap on a touchscreen 100-200 ms.
    public static let defaultTapMilliseconds = 100.0

    public enum TouchPhase: String, Sendable, Hashable {
        case down, move, up
    }

    /// Where a pointer event happens: a point in cell units on the board shown (whole
    /// numbers are cell centres), or a window pixel (written with a `px` suffix).
    public enum Place: Sendable, Hashable {
        case cell(CellPoint)
        case pixel(Point)
    }

    public enum Action: Sendable, Hashable {
        /// Mouse left button down.
        case press(Place)
        /// Mouse motion with the button held.
        case drag(Place)
        /// Mouse button up (preceded by a motion when the point is new).
        case release(Place)
        case touch(id: Int, phase: TouchPhase, Place)
        /// A press at the centre of the enabled, visible control with this label, released
        /// `milliseconds` later (100, a person's click, unless `for MS` says otherwise; 0 is
        /// the instantaneous press of older scripts).
        case tap(String, milliseconds: Double)
        /// Text typed, as a keyboard types it into a text field (an addition to CONTRACT
        /// section 3).
        case text(String)
        /// A key press as SDL names keys, with `Shift+`, `Ctrl+`, `Alt+` prefixes.
        case key(String)
        /// A gamepad button pressed: A, B, X, Y, Back, Start, RB, Up, Down, Left, Right, with
        /// `LB+` while the left shoulder is held (an addition to CONTRACT section 3).
        case pad(GamepadPress)
        case resize(width: Int, height: Int)
        /// Every pointer is taken away, as when the window loses focus or the pointer leaves
        /// it: pans end as releases with no velocity. (An addition to CONTRACT section 3.)
        case cancel
        case end
    }

    public struct Event: Sendable, Hashable {
        /// Milliseconds of simulated time from the start.
        public var time: Double
        public var action: Action
        /// The script line it came from (0 for events made by the program).
        public var line: Int

        public init(time: Double, action: Action, line: Int = 0) {
            self.time = time
            self.action = action
            self.line = line
        }
    }

    /// The line of play a level replay starts on: `resume` lines, written by `bloq play
    /// --record` when the level it recorded opened on the player's saved line (an addition to
    /// CONTRACT section 3).
    public struct Resume: Sendable, Hashable {
        /// The moves made before the first event, in order.
        public var moves: [Move] = []
        /// The script line of each move (0 for a script made by the program).
        public var lines: [Int] = []
        /// Whether a hint had been shown on the line (it earns at most two stars).
        public var usedHint = false
        /// Whether the solver's solution was being shown on the line (its clear earns no
        /// stars), or had been shown before it began (it counts as a hint).
        public var showedSolution = false
        public var sawSolution = false
        /// The first `resume` line (0: none).
        public var firstLine = 0

        public init(moves: [Move] = [], usedHint: Bool = false, showedSolution: Bool = false, sawSolution: Bool = false) {
            self.moves = moves
            self.lines = Array(repeating: 0, count: moves.count)
            self.usedHint = usedHint
            self.showedSolution = showedSolution
            self.sawSolution = sawSolution
        }

        /// Whether the level starts on a line of play.
        public var isEmpty: Bool { moves.isEmpty && !usedHint && !showedSolution && !sawSolution }
    }

    /// The window size the script asks for, if it does.
    public var window: (width: Int, height: Int)?
    /// The line of play the level starts on (none: its start).
    public var resume = Resume()
    /// The events in order; the last is `end`.
    public var events: [Event]

    /// An error at a line of the script: `SCRIPT:LINE: error: MESSAGE`.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): error: \(message)" }
    }

    public init(window: (width: Int, height: Int)? = nil, resume: Resume = Resume(), events: [Event]) {
        self.window = window
        self.resume = resume
        self.events = events
    }

    /// The error for a script of `size` bytes (nil: not known), over the limit.
    public static func tooLarge(name: String, size: Int?) -> ParseError {
        ParseError(
            file: name, line: 1,
            message: "script is \(size.map { "\($0) bytes" } ?? "larger than that"), more than the limit of \(maximumFileSize) (4 MiB)")
    }

    /// Parses a script; `name` is the path errors are reported under.
    public static func parse(_ bytes: [UInt8], name: String) -> Result<InputScript, ParseError> {
        func fail(_ line: Int, _ message: String) -> Result<InputScript, ParseError> {
            .failure(ParseError(file: name, line: line, message: message))
        }
        guard bytes.count <= maximumFileSize else { return .failure(tooLarge(name: name, size: bytes.count)) }
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return fail(1, "remove the byte-order mark (U+FEFF) at the start") }
        guard !bytes.contains(0) else { return fail(1, "script holds a NUL byte: this looks like binary data") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return fail(1, "script is not valid UTF-8 text")
        }
        var script = InputScript(events: [])
        var lastTime = 0.0
        var ended = false
        var lastContentLine = 1
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= maximumLines else {
            return fail(maximumLines + 1, "script has more than \(maximumLines) lines")
        }
        for (index, scalars) in lines.enumerated() {
            let number = index + 1
            var line = String(String.UnicodeScalarView(scalars))
            if let semicolon = line.firstIndex(of: ";") { line = String(line[..<semicolon]) }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first else { continue }
            lastContentLine = number
            if ended { return fail(number, "a line after 'end'; 'end' must be the last event") }
            if first == "window" {
                guard script.events.isEmpty else { return fail(number, "'window' must come before the first event") }
                guard script.window == nil else { return fail(number, "'window' is given twice") }
                guard words.count == 3, let width = Int(words[1]), let height = Int(words[2]),
                    windowSizes.contains(width), windowSizes.contains(height)
                else { return fail(number, "expected 'window WIDTH HEIGHT' with whole numbers from 160 to 8192") }
                script.window = (width, height)
                continue
            }
            if first == "resume" {
                guard script.events.isEmpty else { return fail(number, "'resume' must come before the first event") }
                if script.resume.firstLine == 0 { script.resume.firstLine = number }
                if words.count == 2, words[1] == "hint" {
                    guard !script.resume.usedHint else { return fail(number, "'resume hint' is given twice") }
                    script.resume.usedHint = true
                    continue
                }
                if words.count == 2, words[1] == "solution" {
                    guard !script.resume.showedSolution else { return fail(number, "'resume solution' is given twice") }
                    script.resume.showedSolution = true
                    continue
                }
                if words.count == 3, words[1] == "solution", words[2] == "seen" {
                    guard !script.resume.sawSolution else { return fail(number, "'resume solution seen' is given twice") }
                    script.resume.sawSolution = true
                    continue
                }
                guard words.count == 4, let row = Int(words[1]), let column = Int(words[2]), (0..<16).contains(row),
                    (0..<16).contains(column), words[1].allSatisfy(\.isASCII), words[2].allSatisfy(\.isASCII),
                    let direction = Direction(rawValue: words[3])
                else {
                    return fail(
                        number,
                        "expected 'resume ROW COLUMN DIRECTION' (a move of the line of play the level starts on: row and column whole numbers from 0 at the top left, then up, down, left or right), 'resume hint', 'resume solution' (the solver was showing it) or 'resume solution seen' (shown before the line began)"
                    )
                }
                guard script.resume.moves.count < PlayerProgress.maximumLogLength else {
                    return fail(number, "more than \(PlayerProgress.maximumLogLength) 'resume' moves")
                }
                script.resume.moves.append(Move(row: row, column: column, direction: direction))
                script.resume.lines.append(number)
                continue
            }
            guard first == "at" else {
                return fail(
                    number, "unknown line '\(first)'; a line is 'at MILLISECONDS EVENT ...', 'window W H', 'resume ...' or a comment")
            }
            guard words.count >= 3 else { return fail(number, "expected 'at MILLISECONDS EVENT ...'") }
            guard let time = decimal(words[1]), time >= 0, time <= maximumDuration else {
                return fail(
                    number, "time '\(words[1])' must be a plain decimal number of milliseconds from 0 to \(Int(maximumDuration)) (one hour)"
                )
            }
            guard time >= lastTime else {
                return fail(number, "time \(words[1]) is before the previous event's \(format(lastTime)); times never decrease")
            }
            lastTime = time
            let verb = words[2]
            let arguments = Array(words.dropFirst(3))
            func point(_ values: ArraySlice<String>) -> Place? {
                guard values.count == 2 else { return nil }
                let first = values[values.startIndex]
                let second = values[values.startIndex + 1]
                if first.hasSuffix("px") || second.hasSuffix("px") {
                    guard first.hasSuffix("px"), second.hasSuffix("px"), let x = decimal(String(first.dropLast(2))),
                        let y = decimal(String(second.dropLast(2))), abs(x) <= maximumCoordinate, abs(y) <= maximumCoordinate
                    else { return nil }
                    return .pixel(Point(x: x, y: y))
                }
                guard let row = decimal(first), let column = decimal(second), abs(row) <= maximumCoordinate,
                    abs(column) <= maximumCoordinate
                else { return nil }
                return .cell(CellPoint(row: row, column: column))
            }
            let pointHelp =
                "ROW COL as plain decimals in cell units (whole numbers are cell centres), or X Y in window pixels with a px suffix (120px 560px)"
            let action: Action
            switch verb {
            case "press", "drag", "release":
                guard let at = point(arguments[...]) else { return fail(number, "'\(verb)' takes \(pointHelp)") }
                action = verb == "press" ? .press(at) : verb == "drag" ? .drag(at) : .release(at)
            case "touch":
                guard arguments.count == 4, let id = Int(arguments[0]), id >= 0, id <= maximumFingerID,
                    arguments[0].allSatisfy(\.isASCII)
                else {
                    return fail(
                        number, "'touch' takes a finger id (a whole number from 0 to \(maximumFingerID)), down|move|up, then \(pointHelp)")
                }
                guard let phase = TouchPhase(rawValue: arguments[1]) else {
                    return fail(number, "touch phase '\(arguments[1])' must be down, move or up")
                }
                guard let at = point(arguments[2...]) else { return fail(number, "'touch' takes \(pointHelp) after the phase") }
                action = .touch(id: id, phase: phase, at)
            case "key":
                // The rest of the line after `at TIME key`: SDL names hold spaces ("Page Up");
                // fields are separated by spaces or tabs, as everywhere in a script.
                let name =
                    line.split(maxSplits: 3, omittingEmptySubsequences: true, whereSeparator: { $0 == " " || $0 == "\t" })
                    .dropFirst(3).first.map { String($0).trimmingBlanks } ?? ""
                guard !name.isEmpty else { return fail(number, "'key' takes a key name such as Left, Shift+Left or Ctrl+Z") }
                guard let chord = KeyChord(parsing: name), KeyNames.isKnown(chord.key.name) else {
                    let key = KeyChord(parsing: name)?.key.name ?? name
                    let guess = KeyNames.suggestion(for: key).map { " (did you mean \($0)?)" } ?? ""
                    return fail(
                        number,
                        "unknown key '\(key)'\(guess); a key is named as SDL names it (Left, Return, Space, PageDown, F1, A, 1), "
                            + "after Shift+, Ctrl+ or Alt+ prefixes")
                }
                action = .key(name)
            case "pad":
                guard arguments.count == 1, let press = GamepadPress(scriptName: arguments[0]) else {
                    return fail(
                        number,
                        "'pad' takes a gamepad button: A, B, X, Y, Back, Start, RB, Up, Down, Left or Right, after LB+ to hold the left shoulder"
                    )
                }
                action = .pad(press)
            case "tap":
                let usage =
                    "'tap' takes a control's label, in double quotes when it has spaces, then 'for MS' if the press lasts other than 100 ms: tap Play, tap \"Next level\" for 150"
                let rest = remainder(of: line, afterWords: 3)
                // The label (one word, or quoted), then optionally `for MS`.
                let labelText: String
                let after: String
                if rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") {
                    labelText = String(rest[...close])
                    after = String(rest[rest.index(after: close)...]).trimmingBlanks
                } else {
                    labelText = String(rest.prefix { $0 != " " && $0 != "\t" })
                    after = String(rest.dropFirst(labelText.count)).trimmingBlanks
                }
                guard let label = label(labelText) else { return fail(number, usage) }
                var milliseconds = defaultTapMilliseconds
                if !after.isEmpty {
                    let fields = after.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    guard fields.count == 2, fields[0] == "for" else { return fail(number, usage) }
                    guard let length = decimal(fields[1]), length >= 0, length <= maximumDuration else {
                        return fail(
                            number,
                            "'for \(fields[1])' must give the press's length in milliseconds, a plain decimal from 0 to \(Int(maximumDuration)): tap Play for 150"
                        )
                    }
                    milliseconds = length
                }
                action = .tap(label, milliseconds: milliseconds)
            case "text":
                guard let typed = label(remainder(of: line, afterWords: 3)) else {
                    return fail(number, "'text' takes what is typed, in double quotes when it has spaces: text \"My level\"")
                }
                action = .text(typed)
            case "resize":
                guard arguments.count == 2, let width = Int(arguments[0]), let height = Int(arguments[1]),
                    windowSizes.contains(width), windowSizes.contains(height)
                else { return fail(number, "'resize' takes WIDTH HEIGHT, whole numbers from 160 to 8192") }
                action = .resize(width: width, height: height)
            case "cancel":
                guard arguments.isEmpty else { return fail(number, "'cancel' takes nothing after it") }
                action = .cancel
            case "end":
                guard arguments.isEmpty else { return fail(number, "'end' takes nothing after it") }
                action = .end
                ended = true
            default:
                return fail(
                    number, "unknown event '\(verb)'; events are press, drag, release, touch, tap, text, key, pad, resize, cancel and end")
            }
            script.events.append(Event(time: time, action: action, line: number))
        }
        guard ended else { return fail(lastContentLine, "the script has no 'end'; finish it with 'at MILLISECONDS end'") }
        return .success(script)
    }

    /// What follows the first `count` blank-separated words of `line`, trimmed (a key
    /// name or a label may hold spaces; spaces and tabs both separate fields).
    static func remainder(of line: String, afterWords count: Int) -> String {
        var rest = Substring(line)
        for _ in 0..<count {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            rest = rest.drop { $0 != " " && $0 != "\t" && $0 != "\r" }
        }
        return String(rest).trimmingBlanks
    }

    /// A control label: one word, or any text in double quotes (no quote inside).
    static func label(_ text: String) -> String? {
        if text.hasPrefix("\"") {
            guard text.count >= 2, text.hasSuffix("\"") else { return nil }
            let inner = String(text.dropFirst().dropLast())
            return inner.isEmpty || inner.contains("\"") ? nil : inner
        }
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" }) else { return nil }
        return text
    }

    /// A plain decimal: optional minus, digits, optional fraction. No exponents, no signs
    /// other than minus, no infinities.
    static func decimal(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            digits.count <= 32
        else { return nil }
        return Double(text)
    }

    /// Formats a number as scripts write it: up to 4 decimals, no trailing zeros.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") {
            // Tiny or huge values: print with fixed decimals.
            let whole = Int(rounded)
            let fraction = Int((abs(rounded - Double(whole)) * 10_000).rounded())
            text = "\(rounded < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 4 - String(fraction).count))\(fraction)"
        }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The script as text (what `bloq play --record` writes).
    public var text: String {
        var lines: [String] = ["; recorded by bloq play --record"]
        if let window { lines.append("window \(window.width) \(window.height)") }
        if !resume.isEmpty {
            lines.append("; the level opened on a saved line of play: the replay starts there")
            for move in resume.moves { lines.append("resume \(move.from.row) \(move.from.column) \(move.direction.rawValue)") }
            if resume.usedHint { lines.append("resume hint") }
            if resume.showedSolution { lines.append("resume solution") }
            if resume.sawSolution { lines.append("resume solution seen") }
        }
        for event in events {
            let at = "at \(InputScript.format(event.time))"
            func cell(_ place: Place) -> String {
                switch place {
                case .cell(let point): "\(InputScript.format(point.row)) \(InputScript.format(point.column))"
                case .pixel(let point): "\(InputScript.format(point.x))px \(InputScript.format(point.y))px"
                }
            }
            switch event.action {
            case .press(let point): lines.append("\(at) press \(cell(point))")
            case .drag(let point): lines.append("\(at) drag \(cell(point))")
            case .release(let point): lines.append("\(at) release \(cell(point))")
            case .touch(let id, let phase, let point): lines.append("\(at) touch \(id) \(phase.rawValue) \(cell(point))")
            case .key(let name): lines.append("\(at) key \(name)")
            case .pad(let press): lines.append("\(at) pad \(press.scriptName)")
            case .tap(let label, let milliseconds):
                let length = milliseconds == InputScript.defaultTapMilliseconds ? "" : " for \(InputScript.format(milliseconds))"
                lines.append("\(at) tap \"\(label)\"\(length)")
            case .text(let typed): lines.append("\(at) text \"\(typed)\"")
            case .resize(let width, let height): lines.append("\(at) resize \(width) \(height)")
            case .cancel: lines.append("\(at) cancel")
            case .end: lines.append("\(at) end")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension InputScript.Resume {
    /// The player's progress a level replay of `level` starts from: the level's line of play
    /// is this one, so it opens as the recorded game did. Fails at the `resume` line whose
    /// move cannot be played there (the script was recorded on another level), or when the
    /// moves clear the board (no saved line is a cleared one).
    public func progress(on level: Level) -> Result<PlayerProgress, ReplayError> {
        var progress = PlayerProgress()
        guard !isEmpty else { return .success(progress) }
        var session = PlaySession(start: level.board)
        for (index, move) in moves.enumerated() {
            let board = session.board
            guard session.play(move) == nil else { continue }
            let cell = "row \(move.from.row + 1), column \(move.from.column + 1), counting from 1"
            let why =
                board[move.from].color == nil
                ? "the cell it names (\(cell)) holds no block" : "the block there (\(cell)) cannot slide \(move.direction.rawValue)"
            return .failure(
                ReplayError(
                    line: lines[index],
                    message:
                        "'resume \(move.from.row) \(move.from.column) \(move.direction.rawValue)' cannot be played after the moves before it: \(why); was the script recorded on another level?"
                ))
        }
        if session.isCleared {
            return .failure(
                ReplayError(
                    line: lines.last ?? firstLine,
                    message: "these 'resume' moves clear the board, and a replay cannot start on a cleared board: leave out the last one"))
        }
        let line = UnfinishedLine(
            log: moves, playTime: 0, usedHint: usedHint || sawSolution, showedSolution: showedSolution, sawSolution: sawSolution)
        progress.setUnfinished(level: level.board.identity, line, at: 0)
        return .success(progress)
    }
}
