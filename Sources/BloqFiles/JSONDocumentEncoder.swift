/// Encodes an `Encodable` value as JSON text byte for byte as Foundation's `JSONEncoder`
/// with `.sortedKeys` (and `.prettyPrinted` when asked) writes it, so `progress.json` and
/// `settings.json` stay the files every earlier Bloq wrote: keys in the byte order of their
/// UTF-8, `/` escaped as `\/`, control characters as `\n`, `\t`, … or `\u00XX`, a
/// floating-point number as Swift prints it without a trailing `.0`, NaN and infinities
/// refused; pretty-printed, two spaces a level and `"key" : value`.
enum JSONDocumentEncoder {
    static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> [UInt8] {
        let root = Node()
        try value.encode(to: Writer(node: root, codingPath: []))
        if case .unset = root.kind {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var output = Output(pretty: pretty)
        output.write(root)
        return output.bytes
    }

    /// A value that is not a container.
    enum Scalar {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// Where a value goes: containers hand out nodes that their values fill in later.
    final class Node {
        enum Kind {
            case unset
            case scalar(Scalar)
            case object
            case array
        }

        var kind = Kind.unset
        var members: [String: Node] = [:]
        var elements: [Node] = []

        func set(_ scalar: Scalar) { kind = .scalar(scalar) }

        /// Makes this node an object, if it is not one already.
        func makeObject() {
            if case .object = kind { return }
            kind = .object
            members = [:]
        }

        func makeArray() {
            if case .array = kind { return }
            kind = .array
            elements = []
        }

        func set(member: Node, forKey key: String) {
            makeObject()
            members[key] = member
        }

        func append(_ element: Node) {
            makeArray()
            elements.append(element)
        }
    }

    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ float: F, codingPath: [any CodingKey]) throws -> Scalar {
        guard float.isFinite else {
            throw EncodingError.invalidValue(
                float,
                EncodingError.Context(codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(float) directly in JSON."))
        }
        var text = float.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// The encoder of one node, and its single-value container.
    struct Writer: Encoder, SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.makeObject()
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.makeArray()
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        func encodeNil() throws { node.set(.null) }
        func encode(_ value: Bool) throws { node.set(.bool(value)) }
        func encode(_ value: String) throws { node.set(.string(value)) }
        func encode(_ value: Double) throws { node.set(try JSONDocumentEncoder.number(value, codingPath: codingPath)) }
        func encode(_ value: Float) throws { node.set(try JSONDocumentEncoder.number(value, codingPath: codingPath)) }
        func encode(_ value: Int) throws { node.set(.number(value.description)) }
        func encode(_ value: Int8) throws { node.set(.number(value.description)) }
        func encode(_ value: Int16) throws { node.set(.number(value.description)) }
        func encode(_ value: Int32) throws { node.set(.number(value.description)) }
        func encode(_ value: Int64) throws { node.set(.number(value.description)) }
        func encode(_ value: UInt) throws { node.set(.number(value.description)) }
        func encode(_ value: UInt8) throws { node.set(.number(value.description)) }
        func encode(_ value: UInt16) throws { node.set(.number(value.description)) }
        func encode(_ value: UInt32) throws { node.set(.number(value.description)) }
        func encode(_ value: UInt64) throws { node.set(.number(value.description)) }
        func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        /// The writer of a new member, which replaces any earlier one of the same key.
        func member(_ key: Key) -> Writer {
            let member = Node()
            node.set(member: member, forKey: key.stringValue)
            return Writer(node: member, codingPath: codingPath + [key])
        }

        mutating func encodeNil(forKey key: Key) throws { try member(key).encodeNil() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key).encode(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: member(key)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            member(key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { member(key).unkeyedContainer() }

        mutating func superEncoder() -> any Encoder {
            let member = Node()
            node.set(member: member, forKey: "super")
            return Writer(node: member, codingPath: codingPath + [JSONDocumentDecoder.Key(stringValue: "super")])
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.elements.count }

        /// The writer of a new last element.
        func element() -> Writer {
            let element = Node()
            let index = count
            node.append(element)
            return Writer(node: element, codingPath: codingPath + [JSONDocumentDecoder.Key(intValue: index)])
        }

        mutating func encodeNil() throws { try element().encodeNil() }
        mutating func encode(_ value: Bool) throws { try element().encode(value) }
        mutating func encode(_ value: String) throws { try element().encode(value) }
        mutating func encode(_ value: Double) throws { try element().encode(value) }
        mutating func encode(_ value: Float) throws { try element().encode(value) }
        mutating func encode(_ value: Int) throws { try element().encode(value) }
        mutating func encode(_ value: Int8) throws { try element().encode(value) }
        mutating func encode(_ value: Int16) throws { try element().encode(value) }
        mutating func encode(_ value: Int32) throws { try element().encode(value) }
        mutating func encode(_ value: Int64) throws { try element().encode(value) }
        mutating func encode(_ value: UInt) throws { try element().encode(value) }
        mutating func encode(_ value: UInt8) throws { try element().encode(value) }
        mutating func encode(_ value: UInt16) throws { try element().encode(value) }
        mutating func encode(_ value: UInt32) throws { try element().encode(value) }
        mutating func encode(_ value: UInt64) throws { try element().encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: element()) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }

        mutating func superEncoder() -> any Encoder { element() }
    }

    /// Foundation's JSON writer, sorted keys always.
    struct Output {
        let pretty: Bool
        var bytes: [UInt8] = []
        var indent = 0

        init(pretty: Bool) { self.pretty = pretty }

        mutating func write(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func writeIndent() {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }

        mutating func write(_ node: Node) {
            switch node.kind {
            case .unset: write("{}")
            case .scalar(.string(let text)): write(string: text)
            case .scalar(.number(let text)): bytes.append(contentsOf: text.utf8)
            case .scalar(.bool(let flag)): flag ? write("true") : write("false")
            case .scalar(.null): write("null")
            case .array: write(array: node.elements)
            case .object: write(object: node.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
            }
        }

        mutating func write(array elements: [Node]) {
            write("[")
            if pretty {
                write("\n")
                indent += 1
            }
            for (index, element) in elements.enumerated() {
                if index > 0 { pretty ? write(",\n") : write(",") }
                if pretty { writeIndent() }
                write(element)
            }
            if pretty {
                write("\n")
                indent -= 1
                writeIndent()
            }
            write("]")
        }

        mutating func write(object members: [(key: String, value: Node)]) {
            write("{")
            if pretty {
                write("\n")
                indent += 1
                if !members.isEmpty { writeIndent() }
            }
            for (index, (key, value)) in members.enumerated() {
                if index > 0 {
                    if pretty {
                        write(",\n")
                        writeIndent()
                    } else {
                        write(",")
                    }
                }
                write(string: key)
                pretty ? write(" : ") : write(":")
                write(value)
            }
            if pretty {
                write("\n")
                indent -= 1
                writeIndent()
            }
            write("}")
        }

        mutating func write(string text: String) {
            func hex(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): write("\\\"")
                case UInt8(ascii: "\\"): write("\\\\")
                case UInt8(ascii: "/"): write("\\/")
                case 0x08: write("\\b")
                case 0x0C: write("\\f")
                case 0x0A: write("\\n")
                case 0x0D: write("\\r")
                case 0x09: write("\\t")
                case 0x00..<0x20:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex(byte / 16), hex(byte % 16)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
