/// How wide text is drawn in a monospace editor, by grapheme cluster: East Asian Wide and Fullwidth
/// characters and emoji take two columns, combining marks and other zero-width characters none.
package struct WidthOptions: Sendable, Hashable {
    /// Width of East Asian Ambiguous characters: 1 (Western fonts) or 2 (CJK fonts).
    package var ambiguousWidth: Int
    /// Tab stops inside cells, as the editor's tab size.
    package var tabSize: Int

    package init(ambiguousWidth: Int = 1, tabSize: Int = 4) {
        self.ambiguousWidth = ambiguousWidth
        self.tabSize = max(1, tabSize)
    }
}

enum DisplayWidth {
    /// Columns that `text` takes when drawn starting at column `startColumn` (which only matters for tabs).
    package static func of<S: StringProtocol>(_ text: S, startColumn: Int = 0, options: WidthOptions) -> Int {
        let perScalar = text.utf8.withContiguousStorageIfAvailable { scalarWidth($0, startColumn: startColumn, options: options) }
        if let width = perScalar ?? nil { return width }
        return clusterWidth(text, startColumn: startColumn, options: options)
    }

    /// `of` for UTF-8 bytes, decoded into a `String` only when a grapheme cluster in them may hold more
    /// than one scalar (or they are not valid UTF-8, which decoding repairs).
    package static func of(utf8 bytes: ArraySlice<UInt8>, startColumn: Int, options: WidthOptions) -> Int {
        bytes.withUnsafeBufferPointer { of(utf8: $0, startColumn: startColumn, options: options) }
    }

    static func of(utf8 bytes: UnsafeBufferPointer<UInt8>, startColumn: Int, options: WidthOptions) -> Int {
        if let width = scalarWidth(bytes, startColumn: startColumn, options: options) { return width }
        return clusterWidth(String(decoding: bytes, as: UTF8.self), startColumn: startColumn, options: options)
    }

    /// The width of UTF-8 bytes from the generated `ScalarWidthClass` table, scalar by scalar; only a
    /// stretch where a scalar may join a neighbour (with those neighbours) is measured by clusters. Two
    /// neighbours that can join no one always have a cluster break between them, whatever comes before,
    /// so the stretches are measured apart without changing a sum. Nil when the bytes are not valid UTF-8.
    static func scalarWidth(_ bytes: UnsafeBufferPointer<UInt8>, startColumn: Int, options: WidthOptions) -> Int? {
        // Most cells are printable ASCII throughout: a column a byte, counted without decoding.
        var position = printableASCIIPrefix(bytes)
        if position == bytes.count { return position }
        var column = startColumn + position
        // Where the scalar before `position` starts and the column before it (nil at the start).
        var previous: (start: Int, column: Int)? = position > 0 ? (position - 1, column - 1) : nil
        while position < bytes.count {
            guard let (value, length) = scalar(bytes, at: position) else { return nil }
            let widthClass = value < 0x80 ? nil : ScalarWidthClass.of(value)
            if widthClass == .clustering {
                let start = previous?.start ?? position
                if let previous { column = previous.column }
                guard let end = endOfJoiningStretch(bytes, after: position + length) else { return nil }
                column += clusterWidth(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), startColumn: column, options: options)
                (previous, position) = (nil, end)
                continue
            }
            previous = (position, column)
            switch widthClass {
            case nil: column += asciiWidth(UInt8(value), column: column, tabSize: options.tabSize)
            case .zero?, .clustering?: break
            case .one?: column += 1
            case .two?: column += 2
            case .ambiguous?: column += options.ambiguousWidth
            }
            position += length
        }
        return column - startColumn
    }

    /// Where a stretch of scalars that may join ends, from just after a joining scalar: past every joining
    /// scalar and the one scalar after each (which it may join), up to two neighbours that cannot.
    private static func endOfJoiningStretch(_ bytes: UnsafeBufferPointer<UInt8>, after position: Int) -> Int? {
        var position = position, lastJoins = true
        while position < bytes.count {
            guard let (value, length) = scalar(bytes, at: position) else { return nil }
            let joins = value >= 0x80 && ScalarWidthClass.of(value) == .clustering
            if !joins && !lastJoins { return position }
            (position, lastJoins) = (position + length, joins)
        }
        return position
    }

    /// How many bytes at the start of `bytes` are printable ASCII (space to tilde).
    @inline(__always)
    private static func printableASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var position = 0
        while position < bytes.count && bytes[position] &- 0x20 < 0x5F { position += 1 }
        return position
    }

    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (value: UInt32, length: Int)? {
        bytes[position] < 0x80 ? (UInt32(bytes[position]), 1) : UTF8Scalar.decode(bytes, at: position)
    }

    /// Columns of an ASCII byte at `column`: printable ones take one, a tab reaches the next stop, controls none.
    @inline(__always)
    private static func asciiWidth(_ byte: UInt8, column: Int, tabSize: Int) -> Int {
        if byte >= 0x20 && byte != 0x7F { return 1 }
        return byte == 0x09 ? tabSize - column % tabSize : 0
    }

    /// The width of `text` cluster by cluster: the rule itself, which the per-scalar table is derived from.
    static func clusterWidth<S: StringProtocol>(_ text: S, startColumn: Int, options: WidthOptions) -> Int {
        var column = startColumn
        for character in text {
            // (A tab is always a cluster of its own; comparing `Character`s would go through String.)
            if character.utf8.first == 0x09 {
                column += options.tabSize - column % options.tabSize
            } else {
                column += width(of: character, ambiguousWidth: options.ambiguousWidth)
            }
        }
        return column - startColumn
    }

    /// Width of one grapheme cluster: 0, 1 or 2. `ruleWidth(of:)` from the generated class of each scalar
    /// that joins no neighbour (what it contributes alone says whether it is wide, zero-width or
    /// ambiguous), so that Unicode properties are asked only of the joining ones.
    package static func width(of character: Character, ambiguousWidth: Int = 1) -> Int {
        var allZeroWidth = true
        var ambiguous = false
        var previous: Unicode.Scalar?
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value == 0xFE0F, let previous, previous.properties.isEmoji { return 2 }  // emoji presentation selector
            let widthClass = value < 0x80 ? (value >= 0x20 && value != 0x7F ? .one : .zero) : ScalarWidthClass.of(value)
            switch widthClass {
            case .two: return 2
            case .one: allZeroWidth = false
            case .ambiguous: (allZeroWidth, ambiguous) = (false, true)
            case .zero: ambiguous = ambiguous || EastAsianWidth.isAmbiguous(value)
            case .clustering:
                if value == 0x20E3 { return 2 }  // combining enclosing keycap
                let properties = scalar.properties
                if properties.isEmojiPresentation || EastAsianWidth.isWide(value) { return 2 }
                if allZeroWidth && !isZeroWidth(scalar) { allZeroWidth = false }
                if !ambiguous && EastAsianWidth.isAmbiguous(value) { ambiguous = true }
            }
            previous = scalar
        }
        if allZeroWidth { return 0 }
        return ambiguous ? ambiguousWidth : 1
    }

    /// Width of one grapheme cluster from Unicode properties alone: the rule the generated width classes
    /// are derived from (and `width(of:)` is checked against).
    static func ruleWidth(of character: Character, ambiguousWidth: Int = 1) -> Int {
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
