/// How wide text is drawn in a monospace editor, by grapheme cluster (see design/width.md).
public struct WidthOptions: Sendable, Hashable {
    /// Width of East Asian Ambiguous characters: 1 (Western fonts) or 2 (CJK fonts).
    public var ambiguousWidth: Int
    /// Tab stops inside cells, as the editor's tab size.
    public var tabSize: Int

    public init(ambiguousWidth: Int = 1, tabSize: Int = 4) {
        self.ambiguousWidth = ambiguousWidth
        self.tabSize = max(1, tabSize)
    }
}

public enum DisplayWidth {
    /// Columns that `text` takes when drawn starting at column `startColumn` (which only matters for tabs).
    public static func of<S: StringProtocol>(_ text: S, startColumn: Int = 0, options: WidthOptions = .init()) -> Int {
        if let ascii = asciiWidth(text.utf8, startColumn: startColumn, tabSize: options.tabSize) {
            return ascii
        }
        var column = startColumn
        for character in text {
            if character == "\t" {
                column += options.tabSize - column % options.tabSize
            } else {
                column += width(of: character, ambiguousWidth: options.ambiguousWidth)
            }
        }
        return column - startColumn
    }

    /// The fast path: nil as soon as a non-ASCII byte shows up.
    @inline(__always)
    static func asciiWidth<U: Collection<UInt8>>(_ bytes: U, startColumn: Int, tabSize: Int) -> Int? {
        var column = startColumn
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= 0x20 && byte != 0x7F {
                column += 1
            } else if byte == 0x09 {
                column += tabSize - column % tabSize
            }
        }
        return column - startColumn
    }

    /// Width of one grapheme cluster: 0, 1 or 2.
    public static func width(of character: Character, ambiguousWidth: Int = 1) -> Int {
        let scalars = character.unicodeScalars
        var allZeroWidth = true
        var ambiguous = false
        var previousIsEmoji = false
        for scalar in scalars {
            let value = scalar.value
            if value == 0xFE0F && previousIsEmoji { return 2 }  // emoji presentation selector
            if value == 0x20E3 { return 2 }  // combining enclosing keycap
            let properties = scalar.properties
            if properties.isEmojiPresentation || EastAsianWidth.isWide(value) { return 2 }
            previousIsEmoji = properties.isEmoji
            if allZeroWidth && !isZeroWidth(scalar) { allZeroWidth = false }
            if !ambiguous && EastAsianWidth.isAmbiguous(value) { ambiguous = true }
        }
        if allZeroWidth { return 0 }
        return ambiguous ? ambiguousWidth : 1
    }

    /// Controls, combining marks, format characters (ZWJ, ZWSP, ...), variation selectors and
    /// other default-ignorable code points take no column.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format: return true
        default: return false
        }
    }
}

/// Look-ups in the generated East Asian Width ranges.
enum EastAsianWidth {
    static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && contains(wideRanges, value)
    }

    static func isAmbiguous(_ value: UInt32) -> Bool {
        value >= 0xA1 && contains(ambiguousRanges, value)
    }

    private static func contains(_ ranges: [(UInt32, UInt32)], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].1 < value {
                low = mid + 1
            } else if ranges[mid].0 > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }
}
