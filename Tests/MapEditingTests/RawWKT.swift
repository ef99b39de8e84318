import MapEditing

/// Reads WKT and hex WKB into a raw drawing without any checks, for the conformance cases
/// that GEOS's reader or the value types refuse (an unclosed ring, a one-position line, NaN).
/// Test support only: clients send GeoJSON, not WKT.
enum RawWKT {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// A parenthesised list: either a coordinate tuple or a list of lists.
    private indirect enum Node {
        case numbers([Double])
        case list([Node])
        case tagged(String, Node?)
    }

    static func parse(_ text: String) throws -> DrawnGeometry {
        var tokens = tokenize(text)[...]
        return try geometry(&tokens)
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = [], current = ""
        for character in text {
            if "(),".contains(character) || character == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
                if character != " " { tokens.append(String(character)) }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func geometry(_ tokens: inout ArraySlice<String>) throws -> DrawnGeometry {
        guard var type = tokens.popFirst()?.uppercased() else { throw Failure(description: "missing type") }
        while ["Z", "M", "ZM"].contains(tokens.first?.uppercased() ?? "") { tokens.removeFirst() }
        if tokens.first?.uppercased() == "EMPTY" {
            tokens.removeFirst()
            return try build(type, .list([]))
        }
        if type == "GEOMETRYCOLLECTION" {
            try expect("(", &tokens)
            var members: [DrawnGeometry] = []
            repeat { members.append(try geometry(&tokens)) } while try separator(&tokens)
            return .geometryCollection(members)
        }
        if type == "LINEARRING" { type = "LINESTRING" }
        return try build(type, try list(&tokens))
    }

    private static func list(_ tokens: inout ArraySlice<String>) throws -> Node {
        try expect("(", &tokens)
        var items: [Node] = []
        repeat {
            if tokens.first == "(" {
                items.append(try list(&tokens))
            } else if tokens.first?.uppercased() == "EMPTY" {
                tokens.removeFirst()
                items.append(.list([]))
            } else {
                var numbers: [Double] = []
                while let token = tokens.first, token != ",", token != ")" {
                    tokens.removeFirst()
                    guard let number = number(token) else { throw Failure(description: "bad number \(token)") }
                    numbers.append(number)
                }
                items.append(.numbers(numbers))
            }
        } while try separator(&tokens)
        return .list(items)
    }

    private static func number(_ token: String) -> Double? {
        switch token.lowercased() {
        case "nan": .nan
        case "inf", "infinity": .infinity
        case "-inf", "-infinity": -.infinity
        default: Double(token)
        }
    }

    private static func separator(_ tokens: inout ArraySlice<String>) throws -> Bool {
        switch tokens.popFirst() {
        case ",": return true
        case ")": return false
        case let other: throw Failure(description: "expected , or ), found \(other ?? "end")")
        }
    }

    private static func expect(_ token: String, _ tokens: inout ArraySlice<String>) throws {
        guard tokens.popFirst() == token else { throw Failure(description: "expected \(token)") }
    }

    private static func build(_ type: String, _ node: Node) throws -> DrawnGeometry {
        func position(_ node: Node) throws -> DrawnPosition {
            switch node {
            case let .numbers(values) where values.count >= 2: return DrawnPosition(values[0], values[1])
            case let .list(items) where items.count == 1: return try position(items[0])
            default: throw Failure(description: "bad position")
            }
        }
        func positions(_ node: Node) throws -> [DrawnPosition] {
            guard case let .list(items) = node else { throw Failure(description: "expected a list") }
            return try items.map(position)
        }
        func lists(_ node: Node) throws -> [Node] {
            guard case let .list(items) = node else { throw Failure(description: "expected a list") }
            return items
        }
        switch type {
        case "POINT":
            let points = try positions(node)
            return points.isEmpty ? .multiPoint([]) : .point(points[0])
        case "MULTIPOINT": return .multiPoint(try positions(node))
        case "LINESTRING": return .lineString(try positions(node))
        case "MULTILINESTRING": return .multiLineString(try lists(node).map(positions))
        case "POLYGON": return .polygon(try lists(node).map(positions))
        case "MULTIPOLYGON": return .multiPolygon(try lists(node).map { try lists($0).map(positions) })
        default: throw Failure(description: "unknown type \(type)")
        }
    }

    /// Little-endian or big-endian hex WKB of a point, line or polygon, read without checks.
    static func parseHexWKB(_ hex: String) throws -> DrawnGeometry {
        let characters = Array(hex.utf8)
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: characters.count - 1, by: 2) {
            guard let byte = UInt8(String(decoding: characters[index...index + 1], as: UTF8.self), radix: 16) else {
                throw Failure(description: "bad hex")
            }
            bytes.append(byte)
        }
        var offset = 0
        let littleEndian = bytes[0] == 1
        offset = 1
        func uint32() -> UInt32 {
            let slice = bytes[offset..<offset + 4]
            offset += 4
            return slice.reversed().reduce(0) { $0 << 8 | UInt32($1) }.byteSwappedIf(!littleEndian)
        }
        func double() -> Double {
            let slice = bytes[offset..<offset + 8]
            offset += 8
            let bits = slice.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Double(bitPattern: littleEndian ? bits : bits.byteSwapped)
        }
        func points() -> [DrawnPosition] {
            (0..<uint32()).map { _ in DrawnPosition(double(), double()) }
        }
        switch uint32() {
        case 1: return .point(DrawnPosition(double(), double()))
        case 2: return .lineString(points())
        case 3: return .polygon((0..<uint32()).map { _ in points() })
        case let type: throw Failure(description: "WKB type \(type) not supported here")
        }
    }
}

private extension UInt32 {
    func byteSwappedIf(_ condition: Bool) -> UInt32 { condition ? byteSwapped : self }
}
