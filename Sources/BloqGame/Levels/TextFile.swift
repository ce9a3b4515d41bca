/// The text layer shared by level and pack files: UTF-8 checked byte by byte (so a bad
/// byte is reported where it is), a byte-order mark named once, and lines split on LF,
/// CRLF, or CR alone (old Mac files) when the text has no LF at all.
enum TextFile {
    /// The message for a UTF-8 byte-order mark at the start of a file.
    static let byteOrderMarkMessage = "remove the byte-order mark (U+FEFF) at the start"

    /// The file's text without a leading byte-order mark, or nil when it is not UTF-8 text;
    /// `diagnostics` gets an error for a byte-order mark, an invalid byte or a NUL.
    static func decode(_ bytes: [UInt8], name: String, diagnostics: inout [Diagnostic]) -> String? {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            // One error, not one per character the mark would otherwise spoil; the rest of
            // the file is read as if it were not there, so its own problems still show.
            diagnostics.append(Diagnostic(file: name, line: 1, column: 1, message: byteOrderMarkMessage))
            body = body.dropFirst(3)
        }
        if let problem = firstProblem(body) {
            diagnostics.append(Diagnostic(file: name, line: problem.line, column: problem.column, message: problem.message))
            return nil
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The first invalid UTF-8 sequence or NUL byte, at its line and column (in characters).
    static func firstProblem(_ bytes: ArraySlice<UInt8>) -> (line: Int, column: Int, message: String)? {
        var line = 1
        var column = 1
        var index = bytes.startIndex
        // Lines end at LF, or at CR in a file with no LF (see `lines`).
        let lineEnd: UInt8 = bytes.contains(0x0A) ? 0x0A : 0x0D
        while index < bytes.endIndex {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00:
                return (line, column, "file holds a NUL byte: this looks like binary data, not a text file")
            case 0x01...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && index + length <= bytes.endIndex
            if valid {
                for continuation in bytes[(index + 1)..<(index + length)] where continuation & 0xC0 != 0x80 {
                    valid = false
                }
            }
            if valid, length > 1 {
                // Reject overlong forms, surrogates and code points past U+10FFFF.
                var scalar = UInt32(byte) & (0xFF >> (length + 1))
                for continuation in bytes[(index + 1)..<(index + length)] {
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
                valid = scalar >= minimum && scalar <= 0x10FFFF && !(0xD800...0xDFFF).contains(scalar)
            }
            guard valid else {
                return (line, column, "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); save the file as UTF-8 text")
            }
            if byte == lineEnd {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// The lines of `text` without their line ends: split on LF (a CR before it is part of
    /// the line end), or on CR when the text holds no LF at all.
    static func lines(_ text: String) -> [Substring] {
        // Split on scalars: in Swift "\r\n" is one Character and would not match "\n".
        let scalars = text.unicodeScalars
        let separator: Unicode.Scalar = scalars.contains("\n") ? "\n" : "\r"
        return scalars.split(separator: separator, omittingEmptySubsequences: false).map { raw in
            var line = Substring(String(String.UnicodeScalarView(raw)))
            if separator == "\n", line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            return line
        }
    }
}
