/// The `properties` of a feature: a JSON object (or `null`) kept as the raw bytes
/// it was read from and decoded one member at a time when asked.
///
/// Reading a million features therefore costs one small slice each. Members can
/// be added or replaced (`setting`) without decoding the rest: the writer copies
/// untouched members byte for byte and writes only the changed ones.
///
/// ```swift
/// let kind = feature.properties.string("type")          // "restaurant"
/// let marked = feature.properties.setting("marker-color", "#d62728")
/// ```
public struct Properties: Hashable, Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The object as read (nil when built in code or when the input said `null`).
    var raw: RawJSON?
    /// True for JSON `null` (and no edits since).
    var null: Bool
    /// Members added, replaced (value) or removed (nil), in the order they were first set.
    var edits: [(key: String, value: JSONValue?)]
    /// Whether some key was edited more than once: then only its last edit counts, at the
    /// place it was first set. Properties built in code seldom repeat a key, and the writer
    /// then takes the edits as they are instead of comparing each key with all the others.
    private var editsRepeatKeys = false

    /// `"properties": null`.
    public static let null = Properties(raw: nil, null: true, edits: [])

    /// An empty object `{}`.
    public init() { self.init(raw: nil, null: false, edits: []) }

    /// An object with these members, in this order.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        for (key, value) in pairs { set(key, value) }
    }

    public init(_ object: JSONObject) { self.init(object.members.map { ($0.key, $0.value) }) }

    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

    init(raw: RawJSON?, null: Bool, edits: [(key: String, value: JSONValue?)]) {
        self.raw = raw
        self.null = null
        self.edits = []
        for edit in edits { record(edit.key, edit.value) }
    }

    /// True when the feature's properties are JSON `null`.
    public var isNull: Bool { null }

    /// The raw object exactly as read, when it has not been changed since.
    public var rawJSON: RawJSON? { edits.isEmpty ? raw : nil }

    // MARK: reading

    /// The decoded value of member `key`, or nil when there is no such member.
    public func value(_ key: String) -> JSONValue? {
        if let edit = edits.last(where: { $0.key == key }) { return edit.value }
        return rawMember(key)?.value
    }

    /// The member's raw JSON text (for values that must pass through exactly).
    public func rawValue(_ key: String) -> RawJSON? {
        if let edit = edits.last(where: { $0.key == key }) { return edit.value.map { RawJSON($0) } }
        return rawMember(key)
    }

    /// The member as a string, or nil when missing or not a string.
    public func string(_ key: String) -> String? { value(key)?.stringValue }
    /// The member as a number, or nil when missing or not a number.
    public func number(_ key: String) -> Double? { value(key)?.numberValue }
    /// The member as a boolean, or nil when missing or not a boolean.
    public func bool(_ key: String) -> Bool? { value(key)?.boolValue }

    /// Member names in order (raw members first, then added ones).
    public var keys: [String] { members.map(\.key) }

    /// All members, decoded, in order; empty for `null`.
    public var members: [JSONObject.Member] {
        var result: [JSONObject.Member] = []
        forEachMember { key, value in result.append(JSONObject.Member(key, value.value)) }
        return result
    }

    /// The whole object, decoded.
    public var object: JSONObject { JSONObject(members.map { ($0.key, $0.value) }) }

    /// Calls `body` with each member name and its raw value, edits applied, in order.
    func forEachMember(_ body: (String, MemberValue) -> Void) {
        if raw == nil, !editsRepeatKeys {
            for edit in edits { if let value = edit.value { body(edit.key, .decoded(value)) } }
            return
        }
        var consumed = Set<String>()
        if let raw {
            forEachRawMember(of: raw) { key, value in
                if let edit = edits.last(where: { $0.key == key }) {
                    consumed.insert(key)
                    if let replacement = edit.value { body(key, .decoded(replacement)) }
                } else {
                    body(key, .raw(value))
                }
            }
        }
        for (index, edit) in edits.enumerated() where !consumed.contains(edit.key) {
            // Only the last edit of a key counts, at the place the key was first set.
            guard edits.firstIndex(where: { $0.key == edit.key }) == index else { continue }
            if let value = edits.last(where: { $0.key == edit.key })!.value { body(edit.key, .decoded(value)) }
        }
    }

    /// A member's value as the writer sees it.
    enum MemberValue {
        case raw(RawJSON)
        case decoded(JSONValue)
        var value: JSONValue {
            switch self {
            case let .raw(raw): raw.value
            case let .decoded(value): value
            }
        }
    }

    private func rawMember(_ key: String) -> RawJSON? {
        guard let raw else { return nil }
        var found: RawJSON?
        let wanted = Array(key.utf8)
        var scanner = JSONScanner(base: raw.buffer.base, start: raw.range.lowerBound, end: raw.range.upperBound)
        scanner.offset += 1
        guard scanner.peek() != UInt8(ascii: "}") else { return nil }
        repeat {
            scanner.skipWhitespace()
            guard let token = try? scanner.scanString(), (try? scanner.consume(UInt8(ascii: ":"), "")) != nil else { break }
            scanner.skipWhitespace()
            let start = scanner.offset
            guard (try? scanner.skipValue(depth: 1)) != nil else { break }
            if scanner.token(token, equals: wanted) {
                found = RawJSON(buffer: raw.buffer, range: start..<scanner.offset)
                break
            }
        } while (try? scanner.commaOrClose(UInt8(ascii: "}"))) == true
        return found
    }

    private func forEachRawMember(of raw: RawJSON, _ body: (String, RawJSON) -> Void) {
        var scanner = JSONScanner(base: raw.buffer.base, start: raw.range.lowerBound, end: raw.range.upperBound)
        scanner.offset += 1
        guard scanner.peek() != UInt8(ascii: "}") else { return }
        repeat {
            scanner.skipWhitespace()
            guard let token = try? scanner.scanString(), (try? scanner.consume(UInt8(ascii: ":"), "")) != nil else { return }
            scanner.skipWhitespace()
            let start = scanner.offset
            guard (try? scanner.skipValue(depth: 1)) != nil else { return }
            body(scanner.decode(token), RawJSON(buffer: raw.buffer, range: start..<scanner.offset))
        } while (try? scanner.commaOrClose(UInt8(ascii: "}"))) == true
    }

    // MARK: changing

    /// Sets member `key` (replacing it in place if present, else appending it).
    public mutating func set(_ key: String, _ value: JSONValue) {
        null = false
        record(key, value)
    }

    /// Removes member `key` if present.
    public mutating func remove(_ key: String) {
        record(key, nil)
    }

    private mutating func record(_ key: String, _ value: JSONValue?) {
        // The length first: a cheap test that tells most different keys apart.
        if !editsRepeatKeys, edits.contains(where: { $0.key.utf8.count == key.utf8.count && $0.key == key }) {
            editsRepeatKeys = true
        }
        edits.append((key, value))
    }

    /// A copy with member `key` set to `value`; the other members stay raw.
    public func setting(_ key: String, _ value: JSONValue) -> Properties {
        var copy = self
        copy.set(key, value)
        return copy
    }

    /// A copy without member `key`.
    public func removing(_ key: String) -> Properties {
        var copy = self
        copy.remove(key)
        return copy
    }

    // MARK: equality

    public static func == (lhs: Properties, rhs: Properties) -> Bool {
        guard lhs.null == rhs.null else { return false }
        if lhs.edits.isEmpty, rhs.edits.isEmpty, let left = lhs.raw, let right = rhs.raw,
           left.bytes.elementsEqual(right.bytes) {
            return true
        }
        return lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(null)
        hasher.combine(members)
    }

    /// Compact JSON text.
    public var description: String {
        var output = JSONOutput()
        output.writeProperties(self, pretty: nil)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
