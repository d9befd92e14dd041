/// Per line of a table in the index: the length of its container prefix (block quote markers, list
/// indentation). Most tables stand in no container: then only the line count is kept, not an array of
/// zeros (an array costs at least 32 bytes and 8 a line, for each of a document's tables).
struct PrefixLengths: RandomAccessCollection, Sendable {
    let count: Int
    /// Empty when every line's prefix is empty.
    private let lengths: [Int]

    /// The prefixes of lines `firstLine...` whose text starts at `contentStarts`, lines starting at `lineStarts`.
    init(contentStarts: [Int], lineStarts: [Int], firstLine: Int) {
        count = contentStarts.count
        let bare = contentStarts.indices.allSatisfy { contentStarts[$0] == lineStarts[firstLine + $0] }
        lengths = bare ? [] : contentStarts.indices.map { contentStarts[$0] - lineStarts[firstLine + $0] }
    }

    /// Whether no line has a prefix (and no array is kept).
    var isBare: Bool { lengths.isEmpty }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(line: Int) -> Int {
        precondition(line >= 0 && line < count, "a line of the table")
        return lengths.isEmpty ? 0 : lengths[line]
    }
}
