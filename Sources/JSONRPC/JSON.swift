/// A JSON value. Numbers keep whether they were written as integers, so ids and positions round-trip.
package enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// JSON text already written, sent as it is: a large answer (a whole document's formatting edits)
    /// written straight to bytes instead of built as a tree of values. The parser never makes one.
    case raw([UInt8])

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? { if case .string(let s) = self { return s } else { return nil } }
    package var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    package var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    package var object: [String: JSON]? { if case .object(let o) = self { return o } else { return nil } }

    /// An integer, also from a double with no fraction (some clients send `3.0`).
    package var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9.0e15: return Int(d)
        default: return nil
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(nilLiteral: ()) { self = .null }
}
