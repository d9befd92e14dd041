/// How a grid table announces itself in text.
enum GridTableSyntax {
    /// A top border: `+` then `-`, `=` or `:`, and only `+-=:` up to the end of the line (spaces after).
    static func isTopBorder(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard end - p >= 3, b[p] == UInt8(ascii: "+") else { return false }
        let second = b[p + 1]
        guard second == UInt8(ascii: "-") || second == UInt8(ascii: "=") || second == UInt8(ascii: ":") else { return false }
        var i = p
        var last = p
        while i < end {
            switch b[i] {
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="), UInt8(ascii: ":"): last = i
            case 0x20, 0x09: if !BlockSyntax.isBlank(b, i, end) { return false }
            default: return false
            }
            i += 1
        }
        return b[last] == UInt8(ascii: "+")
    }

    /// A top border as docutils finds one (`+-[-+]+-+`, spaces after): no colons or `=`, and a column at
    /// least 3 wide. Anything else is a paragraph to docutils, so gridls leaves it alone too.
    static func isDocutilsTopBorder(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var last = end
        while last > p && (b[last - 1] == 0x20 || b[last - 1] == 0x09) { last -= 1 }
        guard last - p >= 5, b[p] == UInt8(ascii: "+"), b[p + 1] == UInt8(ascii: "-"),
              b[last - 2] == UInt8(ascii: "-"), b[last - 1] == UInt8(ascii: "+") else { return false }
        return b[p..<last].allSatisfy { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    }
}
