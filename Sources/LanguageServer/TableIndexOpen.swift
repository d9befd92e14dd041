import TextTables

extension TableIndex {
    /// Lines a window of the scan on open holds at first: about a megabyte of ordinary text.
    static let openWindow = 32_768
    /// Lines at the end of a window that are scanned again with the next one (at most half the window).
    static let openMargin = 512

    /// Indexes a document being opened without a copy of it in one buffer (for a document of many small
    /// tables, that copy set the server's peak memory). Each window of `size` lines is copied out and
    /// scanned, and what it found is kept up to the last line after which a scan restarts, at least
    /// `openMargin` lines before its end (so that the lines that decide whether a scan restarts there were
    /// seen: `WindowedOpenTests` finds no case that needs even one); the next window starts after it. A
    /// window without such a line grows until it has one or reaches the end.
    mutating func scanInWindows(_ text: DocumentText, lines size: Int) {
        var start = 0, window = max(size, frontMatter.end + size)
        while true {
            let end = min(text.lineCount, start + window)
            let lines = TextLines(text.slice(start..<end))
            var (scan, restart) = syntax.scanRestartable(lines, startsDocument: start == 0, options: options.scan)
            restart = Array(restart.prefix(end - start))
            let cut = end == text.lineCount ? end - 1 : (start..<max(start, end - min(window / 2, TableIndex.openMargin))).last { restart[$0 - start] }
            guard let cut else {
                window *= 4
                continue
            }
            lastScannedLines += end - start
            replace(start...cut, with: consume scan, restart: restart, windowStart: start, lines: lines)
            if cut == text.lineCount - 1 { return }
            (start, window) = (cut + 1, size)
        }
    }
}
