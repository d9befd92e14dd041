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
}
