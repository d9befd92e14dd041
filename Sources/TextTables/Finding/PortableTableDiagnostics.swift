/// The diagnostic of each table `PortableTables` leaves alone: what it says, where, and its fix where
/// one keeps GitHub's reading.
extension PortableTables {
    /// What a left-alone table's diagnostic says, with its fix where one keeps GitHub's reading.
    static func diagnostic(_ dispute: Dispute, in text: TextLines, region: TableRegion) -> Diagnostic {
        let line: Int, message: String, fixes: [Fix]
        switch dispute {
        case let .textAbove(header, safe, paragraph):
            line = header
            message = paragraph ? Diagnostic.Message.portableTextAbove : Diagnostic.Message.portableBlockAbove
            // Offered, not applied unasked: random pages showed a blank line that GitHub reads otherwise in list
            // items and under directive lines, which these checks do not yet rule out.
            fixes = safe ? [Fix(.addBlankLineAbove, edits: [blankLine(before: header, prefixOf: header, in: text)], isPreferred: true)] : []
        case let .textBelow(below, lastRow):
            line = below
            message = Diagnostic.Message.portableTextBelow
            // GitHub ended the table at that line itself; a blank line above it keeps its reading, but where
            // the line is indented as code, which a blank line above can make it.
            let (indent, _) = BlockSyntax.indentation(text.bytes, text.starts[below], text.contentEnd(below))
            fixes = [Fix(.addBlankLineBelow, edits: [blankLine(before: below, prefixOf: lastRow, in: text)], isPreferred: indent < 4)]
        case .lineWithoutPipe(let row):
            line = row
            message = Diagnostic.Message.portableLineWithoutPipe
            fixes = [Fix(.endTableAbove(line: row + 1), edits: [blankLine(before: row, prefixOf: row - 1, in: text)])]
        case .pipeInCodeSpan(let row):
            line = row
            message = Diagnostic.Message.portablePipeInCodeSpan
            fixes = []
        case .outerPipeUnderBareHeader(let row):
            line = row
            message = Diagnostic.Message.portableOuterPipeUnderBareHeader
            fixes = []
        case .bareOneColumnRow(let row):
            line = row
            message = Diagnostic.Message.portableBareOneColumnRow
            fixes = []
        case .rawHTML(let row):
            line = row
            message = Diagnostic.Message.portableRawHTML
            fixes = []
        case .escapedPipeEndsRow(let row):
            line = row
            message = Diagnostic.Message.portableEscapedPipeEndsRow
            fixes = []
        case .tabInPrefix(let row):
            line = row
            message = Diagnostic.Message.portableTabInPrefix
            fixes = []
        case .unpairedBacktick(let row):
            line = row
            message = Diagnostic.Message.portableUnpairedBacktick
            fixes = []
        case .headerOnMarkerLine(let row):
            line = row
            message = Diagnostic.Message.portableHeaderOnMarkerLine
            fixes = []
        case .inListUnderText(let row):
            line = row
            message = Diagnostic.Message.portableInListUnderText
            fixes = []
        case .inItemBegunEmpty(let row):
            line = row
            message = Diagnostic.Message.portableInItemBegunEmpty
            fixes = []
        case .onlySeparatorRows(let row):
            line = row
            message = Diagnostic.Message.portableOnlySeparatorRows
            fixes = []
        case .byteOrderMark(let row):
            (line, message, fixes) = (row, Diagnostic.Message.portableByteOrderMark, [])
        case .tabInRow(let row):
            (line, message, fixes) = (row, Diagnostic.Message.portableTabInRow, [])
        case .definitionRow(let row):
            (line, message, fixes) = (row, Diagnostic.Message.portableDefinitionRow, [])
        case .unicodeSpaceAtEdge(let row):
            (line, message, fixes) = (row, Diagnostic.Message.portableUnicodeSpaceAtEdge, [])
        case .controlCharacter(let row):
            line = row
            message = Diagnostic.Message.portableControlCharacter
            fixes = []
        case .deepContainers(let row):
            line = row
            message = Diagnostic.Message.portableDeepContainers
            fixes = []
        }
        // From the line's text after its indentation and quote markers (a row under an attribute line is not
        // where the region's content starts say: they skip that line).
        let end = text.contentEnd(line)
        let start = text.bytes[text.starts[line]..<end].firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? text.starts[line]
        return Diagnostic(code: .ambiguousTable, severity: .warning, message: message, range: start..<text.contentEnd(line), fixes: fixes)
    }

    /// A blank line inserted before `line`, with the block-quote markers of `prefixOf`'s prefix (a blank line
    /// in the same quotes) and `prefixOf`'s line terminator.
    private static func blankLine(before line: Int, prefixOf model: Int, in text: TextLines) -> TextEdit {
        var prefix = Array(text.bytes[text.starts[model]..<text.contentEnd(model)].prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") })
        while let last = prefix.last, last != UInt8(ascii: ">") { prefix.removeLast() }
        let terminator = text.terminator(model)
        return TextEdit(range: text.starts[line]..<text.starts[line], newText: prefix + (terminator.isEmpty ? [0x0A] : Array(terminator)))
    }
}
