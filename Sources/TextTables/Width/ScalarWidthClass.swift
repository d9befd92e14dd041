/// What one scalar contributes to a line's width when it forms a grapheme cluster of its own, read from
/// the table that `scripts/gen_width_classes.sh` generates from `DisplayWidth.ruleWidth(of:)` itself: the
/// cluster rule stays the one rule, and the table only spares text where every cluster is one scalar the
/// cost of breaking it into `Character`s and asking Unicode properties per scalar.
enum ScalarWidthClass: UInt8, Sendable {
    case zero = 0x30  // "0"
    case one = 0x31  // "1"
    case two = 0x32  // "2"
    /// East Asian Ambiguous: the `ambiguousWidth` option decides.
    case ambiguous = 0x41  // "A"
    /// May join a neighbour in one cluster (combining marks, joiners, selectors, Hangul jamo, regional
    /// indicators, prepended marks): the text is measured by clusters.
    case clustering = 0x43  // "C"

    /// The table's shape: 0x110000 code points in blocks of 256; a block's number in `widthClassBlocks`
    /// written as two letters (base 26 from "a"); each stored block a line of 256 class bytes.
    static let blockCount = 0x1100
    private static let letterA = UInt8(ascii: "a")

    /// The class of `value`, from the generated two-level table (a block index per 256 code points).
    @inline(__always)
    static func of(_ value: UInt32) -> ScalarWidthClass {
        let block = Int(value >> 8)
        guard block < blockCount else { return .clustering }
        let index = widthClassBlockIndex.utf8Start
        let stored = Int(index[2 &* block] &- letterA) &* 26 &+ Int(index[2 &* block &+ 1] &- letterA)
        let byte = widthClassBlocks.utf8Start[stored &* 257 &+ Int(value & 0xFF)]
        return ScalarWidthClass(rawValue: byte) ?? .clustering
    }

    /// The class `DisplayWidth.ruleWidth(of:)` gives `scalar` when no neighbour can join its cluster, found
    /// by asking Swift's grapheme breaking with neighbours of every kind a scalar can join (what the
    /// generator writes, and what tests check the table against).
    static func derived(_ scalar: Unicode.Scalar) -> ScalarWidthClass {
        let alone = String(scalar)
        let joiners: [Unicode.Scalar] = ["a", "\r", "\u{1100}", "\u{AC00}", "\u{1F1E6}"]
        let followers: [Unicode.Scalar] = ["a", "\n", "\u{1161}", "\u{11A8}", "\u{1F1E6}"]
        if joiners.contains(where: { (String($0) + alone).count == 1 }) || followers.contains(where: { (alone + String($0)).count == 1 }) {
            return .clustering
        }
        let character = Character(scalar)
        let narrow = DisplayWidth.ruleWidth(of: character, ambiguousWidth: 1)
        if narrow != DisplayWidth.ruleWidth(of: character, ambiguousWidth: 2) { return .ambiguous }
        return ScalarWidthClass(rawValue: 0x30 + UInt8(narrow)) ?? .clustering
    }
}
