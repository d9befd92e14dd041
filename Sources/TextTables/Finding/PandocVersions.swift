/// pandoc 3.8 changed how definitions read (`PandocDefinitions`), and Quarto bundles a pandoc from either
/// side. A document with definitions is read both ways: a table both readings see is a table, and one
/// that only one sees is left alone and reported.
///
/// Both may see a table whose lines start at other columns: a table inside a definition whose text is at
/// column 2, written four columns in. It is the same table when every line starts the same run of spaces
/// later in one reading than in the other; it is kept with the later starts, so that formatting keeps the
/// indentation both readings need.
package enum PandocVersions {
    typealias Reading = (scan: TableScan, restartable: [Bool])

    /// Which pandoc's reading a scan gives: both's agreement (what formatting uses), or one's alone.
    package enum Choice: Sendable { case both, since38, before38 }

    static func combine(_ text: TextLines, since: Reading, before: Reading) -> Reading {
        var earlier = Dictionary(before.scan.tables.map { ($0.firstLine, $0) }, uniquingKeysWith: { first, _ in first })
        var result = TableScan()
        var disagreements: [TableRegion] = []
        for region in since.scan.tables {
            if let other = earlier.removeValue(forKey: region.firstLine), let agreed = agreement(text, region, other) {
                result.tables.append(agreed)
            } else {
                disagreements.append(region)
            }
        }
        disagreements += earlier.values
        // Diagnostics both readings make are kept; a table only one of them leaves alone is a disagreement.
        let sinceDiagnostics = Set(since.scan.diagnostics), beforeDiagnostics = Set(before.scan.diagnostics)
        result.diagnostics = since.scan.diagnostics.filter { beforeDiagnostics.contains($0) }
        var warned = Set(result.diagnostics.filter { $0.code == .ambiguousTable }.map { text.line(containing: $0.range.lowerBound) })
        var starts = disagreements.map { (line: $0.firstLine, at: $0.contentStarts[0]) }
        starts += (since.scan.diagnostics.filter { !beforeDiagnostics.contains($0) } + before.scan.diagnostics.filter { !sinceDiagnostics.contains($0) })
            .filter { $0.code == .ambiguousTable }
            .map { (line: text.line(containing: $0.range.lowerBound), at: $0.range.lowerBound) }
        for start in starts.sorted(by: { $0.at < $1.at }) where warned.insert(start.line).inserted {
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.pandocVersionsDisagree,
                                                 range: start.at..<text.contentEnd(start.line)))
        }
        result.tables.sort { $0.firstLine < $1.firstLine }
        result.diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
        return (result, zip(since.restartable, before.restartable).map { $0 && $1 })
    }

    /// The table both readings see in `a` and `b`: the same kind and lines, each line starting the same run
    /// of spaces later in one than in the other (the later starts kept); nil when they differ otherwise.
    private static func agreement(_ text: TextLines, _ a: TableRegion, _ b: TableRegion) -> TableRegion? {
        guard a.kind == b.kind, a.lines == b.lines else { return nil }
        let shift = b.contentStarts[0] - a.contentStarts[0]
        let (earlier, later) = shift < 0 ? (b, a) : (a, b)
        for (start, laterStart) in zip(earlier.contentStarts, later.contentStarts) {
            guard laterStart - start == abs(shift), text.bytes[start..<laterStart].allSatisfy({ $0 == BlockSyntax.space }) else { return nil }
        }
        return later
    }
}
