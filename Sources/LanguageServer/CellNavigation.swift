import JSONRPC
import TextTables

extension Server {
    /// Org's table keys: the edits that realign the table under the cursor (opening a row past its end)
    /// and where the cursor goes. `null` outside tables and in tables that cannot be read: there the key
    /// keeps its usual meaning.
    func navigateCell(_ params: NavigateCellParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let position = document.clamp(params.position, encoding)
        guard let table = document.index.table(at: position.line) else { return .null }
        let (local, reading) = document.reading(table, options: formatOptions(document))
        guard let step = reading.navigate(from: document.offset(position, in: local), params.direction, syntax: document.syntax) else {
            return .null
        }
        let character = encoding.character(in: step.lineText[...], byteOffset: step.byte)
        return [
            "edits": .array(step.edits.map { lspEdit($0, in: local, document) }),
            "position": Position(line: table.firstLine + step.line, character: character).json,
        ]
    }
}
