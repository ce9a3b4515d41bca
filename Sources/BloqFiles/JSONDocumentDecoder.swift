/// Decodes a `Decodable` value from a JSON text as Foundation's `JSONDecoder` (default
/// strategies) does, errors included: a text that does not scan, or a value that cannot be
/// read where it must be, is `DecodingError.dataCorrupted` at the top; a value of the wrong
/// kind is `typeMismatch`, a null where a value must be `valueNotFound`, a missing key
/// `keyNotFound`. A key given twice counts once, the first time; `decodeNotingDuplicates`
/// says whether an object it read gave one twice, so that a caller that knows how to merge
/// the copies (`ProgressFile`) can read them all (`JSONDocument.readings(of:budget:)`).
enum JSONDocumentDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decodeNotingDuplicates(type, from: bytes).value
    }

    /// The value, the document it was read from, and whether an object it read gave a key
    /// more than once (only the first was read).
    static func decodeNotingDuplicates<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> (
        value: T, document: JSONDocument, hasDuplicateKeys: Bool
    ) {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        let notes = Notes()
        let value = try decode(type, in: document, value: document.root, notes: notes)
        return (value, document, notes.duplicateKey)
    }

    /// A value of `document` (its root, or a value made of its parts) decoded as `T`.
    static func decode<T: Decodable>(_ type: T.Type, in document: JSONDocument, value: JSONDocument.Value, notes: Notes = Notes())
        throws -> T
    {
        do {
            return try T(from: Reader(document: document, value: value, codingPath: [], notes: notes))
        } catch is JSONDocument.Malformed {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
    }

    /// What a decoding noticed on its way.
    final class Notes {
        /// An object it read gave a key more than once.
        var duplicateKey = false
    }

    /// A key of the coding path: an object's key or an array's index.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    /// One value of the document, as a `Decoder` and as its own single-value container.
    struct Reader: Decoder, SingleValueDecodingContainer {
        let document: JSONDocument
        let value: JSONDocument.Value
        let codingPath: [any CodingKey]
        let notes: Notes
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
            switch value {
            case .object(let members):
                return KeyedDecodingContainer(try Keyed<K>(reader: self, members: members))
            case .null:
                throw DecodingError.valueNotFound(
                    [String: Any].self,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
            default:
                throw DecodingError.typeMismatch(
                    [String: Any].self,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Expected to decode \([String: Any].self) but found \(value.kindDescription) instead."))
            }
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            switch value {
            case .array(let elements):
                return Unkeyed(reader: self, elements: elements)
            case .null:
                throw DecodingError.valueNotFound(
                    [Any].self,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            default:
                throw DecodingError.typeMismatch(
                    [Any].self,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Expected to decode \([Any].self) but found \(value.kindDescription) instead."))
            }
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        /// The reader of a value inside this one.
        func reader(for value: JSONDocument.Value, key: any CodingKey) -> Reader {
            Reader(document: document, value: value, codingPath: codingPath + [key], notes: notes)
        }

        func typeMismatch(_ type: Any.Type) -> DecodingError {
            DecodingError.typeMismatch(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(value.kindDescription) instead."))
        }

        func checkNotNull(_ type: Any.Type) throws {
            if case .null = value {
                throw DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
            }
        }

        // MARK: SingleValueDecodingContainer

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let bool) = value else { throw typeMismatch(type) }
            return bool
        }

        func decode(_ type: String.Type) throws -> String {
            try checkNotNull(type)
            guard case .string(let range, let simple) = value else { throw typeMismatch(type) }
            return try document.string(range, simple: simple)
        }

        func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
            try checkNotNull(type)
            guard case .number(let range, let exponent) = value else { throw typeMismatch(type) }
            return try document.floatingPoint(range, exponent: exponent, as: type)
        }

        func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
        func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }

        func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            try checkNotNull(type)
            guard case .number(let range, let exponent) = value else { throw typeMismatch(type) }
            return try document.integer(range, exponent: exponent, as: type)
        }

        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
    }

    /// An object's members by key (the first of a key given twice); every key is read when
    /// the container is made, so a key that cannot be read fails the whole object.
    struct Keyed<K: CodingKey>: KeyedDecodingContainerProtocol {
        let reader: Reader
        let members: [String: JSONDocument.Value]
        var codingPath: [any CodingKey] { reader.codingPath }

        init(reader: Reader, members list: [(key: JSONDocument.Value, value: JSONDocument.Value)]) throws {
            self.reader = reader
            var members: [String: JSONDocument.Value] = [:]
            for (key, value) in list {
                guard case .string(let range, let simple) = key else { continue }
                let name = try reader.document.string(range, simple: simple)
                if members[name] == nil {
                    members[name] = value
                } else {
                    reader.notes.duplicateKey = true
                }
            }
            self.members = members
        }

        var allKeys: [K] { members.keys.compactMap { K(stringValue: $0) } }

        func contains(_ key: K) -> Bool { members[key.stringValue] != nil }

        func member(_ key: K) throws -> Reader {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: ""))
            }
            return reader.reader(for: value, key: key)
        }

        func decodeNil(forKey key: K) throws -> Bool { try member(key).decodeNil() }
        func decode(_ type: Bool.Type, forKey key: K) throws -> Bool { try member(key).decode(type) }
        func decode(_ type: String.Type, forKey key: K) throws -> String { try member(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: K) throws -> Double { try member(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: K) throws -> Float { try member(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: K) throws -> Int { try member(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: K) throws -> Int8 { try member(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: K) throws -> Int16 { try member(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: K) throws -> Int32 { try member(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: K) throws -> Int64 { try member(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: K) throws -> UInt { try member(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: K) throws -> UInt8 { try member(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: K) throws -> UInt16 { try member(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: K) throws -> UInt32 { try member(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: K) throws -> UInt64 { try member(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T { try T(from: try member(key)) }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T? {
            guard let value = members[key.stringValue] else { return nil }
            if case .null = value { return nil }
            return try T(from: reader.reader(for: value, key: key))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: K) throws -> KeyedDecodingContainer<NestedKey>
        {
            try member(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }

        func superDecoder() throws -> any Decoder {
            reader.reader(for: members["super"] ?? .null, key: JSONDocumentDecoder.Key(stringValue: "super"))
        }

        func superDecoder(forKey key: K) throws -> any Decoder { reader.reader(for: members[key.stringValue] ?? .null, key: key) }
    }

    /// An array's elements, read in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let reader: Reader
        let elements: [JSONDocument.Value]
        var currentIndex = 0
        var codingPath: [any CodingKey] { reader.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(reader: Reader, elements: [JSONDocument.Value]) {
            self.reader = reader
            self.elements = elements
        }

        /// The reader of the next element, which is then taken.
        mutating func next(_ type: Any.Type) throws -> Reader {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: codingPath + [Key(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
            }
            defer { currentIndex += 1 }
            return reader.reader(for: elements[currentIndex], key: Key(intValue: currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any?.self,
                    DecodingError.Context(
                        codingPath: codingPath + [Key(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
            }
            guard case .null = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next(type)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next(type).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([Any].self).unkeyedContainer() }

        mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
    }
}
