/// A byte-order mark (U+FEFF in UTF-8) at the very start of a document: cmark-gfm and docutils skip it,
/// so gridls reads the first line after it and keeps it, byte for byte, in that line's prefix.
package enum ByteOrderMark {
    static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `document` starts with the mark, else 0.
    package static func length(_ document: [UInt8]) -> Int {
        document.starts(with: bytes) ? bytes.count : 0
    }
}

/// GitHub reads `$$` math blocks and front matter; cmark-gfm, the reference for what a pipe table is,
/// reads neither. Only the tables both readings see alike (same lines, same content starts) are tables;
/// each table one reading sees and the other does not is left alone and reported.
enum ReadingAgreement {
    static func combine(
        _ text: TextLines, github: (scan: TableScan, restartable: [Bool]), commonMark: (scan: TableScan, restartable: [Bool])
    ) -> (scan: TableScan, restartable: [Bool]) {
        let inGitHub = Set(github.scan.tables), inCommonMark = Set(commonMark.scan.tables)
        var result = TableScan()
        result.tables = github.scan.tables.filter { inCommonMark.contains($0) }
        // A look-alike or a warning that only one reading sees is not reported: the other reading sees other text.
        let commonMarkDiagnostics = Set(commonMark.scan.diagnostics)
        result.diagnostics = github.scan.diagnostics.filter { commonMarkDiagnostics.contains($0) }
        var warned = Set<Int>()
        for region in github.scan.tables.filter({ !inCommonMark.contains($0) }) + commonMark.scan.tables.filter({ !inGitHub.contains($0) })
        where warned.insert(region.firstLine).inserted {
            result.diagnostics.append(disagreement(text, region))
        }
        // A table one reading reads but leaves alone (reported, not in its tables) is a disagreement too
        // when the other reading does not see it.
        let gitHubDiagnostics = Set(github.scan.diagnostics)
        let leftAlone = github.scan.diagnostics.filter { $0.code == .ambiguousTable && !commonMarkDiagnostics.contains($0) }
            + commonMark.scan.diagnostics.filter { $0.code == .ambiguousTable && !gitHubDiagnostics.contains($0) }
        for diagnostic in leftAlone {
            let line = text.line(containing: diagnostic.range.lowerBound)
            guard warned.insert(line).inserted else { continue }
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.readingsDisagree,
                                                 range: diagnostic.range.lowerBound..<text.contentEnd(line)))
        }
        result.diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
        let restartable = zip(github.restartable, commonMark.restartable).map { $0 && $1 }
        return (result, restartable)
    }

    private static func disagreement(_ text: TextLines, _ region: TableRegion) -> Diagnostic {
        Diagnostic(
            code: .ambiguousTable, severity: .warning,
            message: Diagnostic.Message.readingsDisagree,
            range: region.contentStarts[0]..<text.contentEnd(region.firstLine))
    }
}
