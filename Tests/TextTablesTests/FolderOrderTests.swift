import Foundation
import Testing

/// The folders of TextTables in the order ARCHITECTURE.md states: a file may name the types of its own
/// layer and of the layers before it, never those of a later one. The table kinds and the finding of
/// tables use each other's syntax, so they share one layer.
@Suite struct FolderOrderTests {
    static let layers: [[String]] = [
        ["Text"],
        ["Width"],
        ["Core"],
        ["Finding", "GridTables", "PipeTables", "SimpleTables", "PandocTables", "ListTables", "Table"],
        ["Document", "Delimited"],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TextTables")

    /// Each Swift file of TextTables by folder, its text without comments and string literals.
    static let files: [(folder: String, name: String, code: String)] = {
        let manager = FileManager.default
        let folders = (try? manager.contentsOfDirectory(atPath: sources.path)) ?? []
        return folders.sorted().flatMap { folder in
            let names = (try? manager.contentsOfDirectory(atPath: sources.appendingPathComponent(folder).path)) ?? []
            return names.sorted().filter { $0.hasSuffix(".swift") }.map { name in
                let text = (try? String(contentsOf: sources.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)) ?? ""
                return (folder, name, SwiftCode.withoutCommentsAndStrings(text))
            }
        }
    }()

    static func layer(of folder: String) -> Int? { layers.firstIndex { $0.contains(folder) } }

    /// Each type declared at the top level of a file, with the earliest layer that declares it.
    static let declaringLayer: [String: Int] = {
        var layerOf: [String: Int] = [:]
        for file in files {
            guard let layer = layer(of: file.folder) else { continue }
            for name in SwiftCode.topLevelTypes(file.code) { layerOf[name] = min(layerOf[name] ?? layer, layer) }
        }
        return layerOf
    }()

    /// Every (file, type) where a file names a type of a later layer than its own.
    static func backwardUses() -> [String] {
        files.flatMap { file -> [String] in
            guard let own = layer(of: file.folder) else { return [] }
            return SwiftCode.typeNames(file.code).sorted().compactMap { name in
                guard let layer = declaringLayer[name], layer > own else { return nil }
                return "\(file.folder)/\(file.name) names \(name)"
            }
        }
    }

    @Test func everyFolderHasAPlaceInTheOrder() {
        let folders = Set(Self.files.map(\.folder))
        #expect(folders.count > 5)
        #expect(folders.filter { Self.layer(of: $0) == nil }.sorted() == [])
        #expect(Self.layers.joined().filter { !folders.contains($0) } == [])
    }

    @Test func noFolderNamesATypeOfALaterOne() {
        #expect(Self.backwardUses() == [])
    }

    /// The check sees real uses: `FormatOptions` (Core) is made of `WidthOptions` (Width), and the document
    /// formatter reads tables through `TableReading` (Table).
    @Test func usesAcrossFoldersAreSeen() {
        #expect(Self.declaringLayer["WidthOptions"] == 1 && Self.declaringLayer["TableReading"] == 3)
        let formatOptions = Self.files.first { $0.folder == "Core" && $0.name == "FormatOptions.swift" }
        #expect(formatOptions.map { SwiftCode.typeNames($0.code).contains("WidthOptions") } == true)
        let formatter = Self.files.first { $0.name == "DocumentFormatter.swift" }
        #expect(formatter.map { SwiftCode.typeNames($0.code).contains("TableReading") } == true)
        #expect(SwiftCode.typeNames(SwiftCode.withoutCommentsAndStrings("// Grid\nlet a = \"Table\" + B.c")) == ["B"])
    }
}

/// Just enough of Swift's lexical structure to tell names in code from names in comments and strings.
enum SwiftCode {
    /// `text` with comments and string literals (their delimiters kept) blanked out.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        var out = "", chars = Array(text)[...]
        while let c = chars.first {
            if chars.starts(with: "//") {
                chars = chars.drop { $0 != "\n" }
            } else if chars.starts(with: "/*") {
                let rest = String(chars.dropFirst(2))
                chars = rest.range(of: "*/").map { Array(rest[$0.upperBound...])[...] } ?? []
            } else if chars.starts(with: "\"\"\"") {
                let rest = String(chars.dropFirst(3))
                chars = rest.range(of: "\"\"\"").map { Array(rest[$0.upperBound...])[...] } ?? []
                out += "\"\"\"\"\"\""
            } else if c == "\"" {
                chars = chars.dropFirst()
                while let s = chars.first, s != "\"", s != "\n" { chars = chars.dropFirst(s == "\\" ? 2 : 1) }
                chars = chars.dropFirst()
                out += "\"\""
            } else {
                out.append(c)
                chars = chars.dropFirst()
            }
        }
        return out
    }

    /// The names of the types a file declares outside any other declaration.
    static func topLevelTypes(_ code: String) -> [String] {
        let pattern = /^(?:@\w+\s+)*(?:(?:package|public|private|fileprivate|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)/
        return code.split(separator: "\n").compactMap { line in (try? pattern.prefixMatch(in: line)).flatMap { $0 }.map { String($0.1) } }
    }

    /// Every capitalised name in `code`: the types it names (and a few cases and constants, harmless here).
    static func typeNames(_ code: String) -> Set<String> {
        // Whole runs of identifier characters: Unicode word boundaries (Regex's `\b`) do not split `A.b`.
        Set(code.matches(of: /[A-Za-z0-9_]+/).map { String($0.output) }.filter { $0.first!.isUppercase })
    }
}
