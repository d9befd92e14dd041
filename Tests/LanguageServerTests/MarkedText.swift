@testable import JSONRPC

/// A test document with position markers (1️⃣ … 9️⃣) in its text, as swift-format's tests write them: the
/// text without the markers, and each marker's LSP position (UTF-16, as clients send by default).
struct MarkedText {
    let text: String
    private let positions: [Int: JSON]

    init(_ marked: String) {
        var text = "", positions: [Int: JSON] = [:]
        var line = 0, character = 0
        for c in marked {
            if let digit = Self.marker(c) {
                positions[digit] = ["line": .int(line), "character": .int(character)]
                continue
            }
            text.append(c)
            if c == "\n" {
                line += 1
                character = 0
            } else {
                character += c.utf16.count
            }
        }
        self.text = text
        self.positions = positions
    }

    /// The position of marker `n`.
    subscript(_ n: Int) -> JSON { positions[n]! }

    /// The empty range at marker `n`, or the range from marker `n` to marker `m`.
    func range(_ n: Int, _ m: Int? = nil) -> JSON { ["start": self[n], "end": self[m ?? n]] }

    /// 1️⃣ is "1", U+FE0F, U+20E3: one Character.
    private static func marker(_ c: Character) -> Int? {
        let scalars = Array(c.unicodeScalars)
        guard scalars.count == 3, scalars[1] == "\u{FE0F}", scalars[2] == "\u{20E3}", let digit = Int(String(scalars[0])), digit > 0 else { return nil }
        return digit
    }
}

extension LSPClient {
    /// The code actions at `range` of the open document `uri`, optionally only those of the given kinds.
    func codeActions(_ uri: String, _ range: JSON, only: [String]? = nil) -> [JSON] {
        var context: JSON = ["diagnostics": []]
        if let only { context = ["diagnostics": [], "only": .array(only.map { .string($0) })] }
        return request("textDocument/codeAction", ["textDocument": textDocument(uri), "range": range, "context": context])["result"]?.array ?? []
    }
}
