/// Which classes of hostile names and command lines a tree exercises, so that a test can check that the
/// seeds it runs cover them all (a change to the generator's odds cannot quietly drop one).
extension HostileTree {
    static let allClasses: Set<String> = [
        "newline", "tab", "double quote", "backslash", "other control character", "not UTF-8", "space first",
        "look-alike names", "242-255 bytes", "one file, several names", "symlink named", "hard link",
        "folder named", "./ named", "git work tree", "missing file",
    ]

    var classes: Set<String> {
        let names = processed.map(\.name.bytes)
        var found = Set(names.flatMap(Self.byteClasses))
        let decoded = Dictionary(grouping: names) { String(decoding: $0, as: UTF8.self) }
        if decoded.values.contains(where: { $0.count > 1 }) { found.insert("look-alike names") }
        if names.contains(where: { $0.split(separator: 0x2F).last!.count >= 242 }) { found.insert("242-255 bytes") }
        if arguments.flatMap(expanded).count > processed.count { found.insert("one file, several names") }
        for argument in arguments {
            switch argument.target {
            case .entry(let index) where entries[index].linkTarget != nil: found.insert("symlink named")
            case .folder: found.insert("folder named")
            case .missing: found.insert("missing file")
            default: break
            }
            if argument.path.bytes.starts(with: "./".utf8) { found.insert("./ named") }
        }
        if entries.filter({ $0.linkTarget == nil }).count > Set(entries.filter { $0.linkTarget == nil }.map(\.file)).count {
            found.insert("hard link")
        }
        if inGit { found.insert("git work tree") }
        return found
    }

    private static func byteClasses(_ name: [UInt8]) -> [String] {
        var found: [String] = []
        if name.contains(0x0A) { found.append("newline") }
        if name.contains(0x09) { found.append("tab") }
        if name.contains(0x22) { found.append("double quote") }
        if name.contains(0x5C) { found.append("backslash") }
        if name.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F }) { found.append("other control character") }
        if String(validating: name, as: UTF8.self) == nil { found.append("not UTF-8") }
        if name.first == 0x20 { found.append("space first") }
        return found
    }
}
