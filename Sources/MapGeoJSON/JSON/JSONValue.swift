/// A decoded JSON value. Objects keep their members in document order.
///
/// Numbers are `Double`; a value that has to survive byte for byte (a 20-digit
/// id, `1.50`) stays exact as long as it is left in its ``RawJSON`` form.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var stringValue: String? { if case let .string(value) = self { value } else { nil } }
    public var numberValue: Double? { if case let .number(value) = self { value } else { nil } }
    public var boolValue: Bool? { if case let .bool(value) = self { value } else { nil } }
    public var arrayValue: [JSONValue]? { if case let .array(value) = self { value } else { nil } }
    public var objectValue: JSONObject? { if case let .object(value) = self { value } else { nil } }
    public var isNull: Bool { self == .null }
}

/// A JSON object: members in order, names unique (setting a name again replaces it in place).
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var members: [Member]

    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public init() { members = [] }

    /// Builds an object from pairs; a repeated name keeps its first place and its last value.
    public init(_ pairs: [(String, JSONValue)]) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key, newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

extension JSONScanner {
    /// Builds a ``JSONValue`` from an already validated value at the current offset.
    mutating func decodeValue() -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            offset += 1
            var object = JSONObject()
            if peek() == UInt8(ascii: "}") { offset += 1; return .object(object) }
            repeat {
                skipWhitespace()
                guard let key = try? scanString(), (try? consume(UInt8(ascii: ":"), "")) != nil else { return .null }
                object[decode(key)] = decodeValue()
            } while (try? commaOrClose(UInt8(ascii: "}"))) == true
            return .object(object)
        case UInt8(ascii: "["):
            offset += 1
            var array: [JSONValue] = []
            if peek() == UInt8(ascii: "]") { offset += 1; return .array(array) }
            repeat {
                array.append(decodeValue())
            } while (try? commaOrClose(UInt8(ascii: "]"))) == true
            return .array(array)
        case UInt8(ascii: "\""):
            guard let token = try? scanString() else { return .null }
            return .string(decode(token))
        case UInt8(ascii: "t"): offset += 4; return .bool(true)
        case UInt8(ascii: "f"): offset += 5; return .bool(false)
        case UInt8(ascii: "n"): offset += 4; return .null
        default:
            guard let number = try? scanNumber() else { return .null }
            return .number(number.value)
        }
    }
}
