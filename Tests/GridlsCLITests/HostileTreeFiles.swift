/// A `HostileTree` on disk, and what its files must hold after `format -i` and after `patch`.
extension HostileTree {
    typealias Snapshot = [[UInt8]: ByteFiles.Entry]

    /// Makes the tree in the existing folder `root`: each file under its first name, then its hard links,
    /// then the symlinks.
    func create(at root: [UInt8]) throws {
        if let folder { try ByteFiles.makeFolder(root + [0x2F] + folder.bytes) }
        var created: [Int: [UInt8]] = [:]
        for entry in entries where entry.linkTarget == nil {
            let path = root + [0x2F] + path(of: entry).bytes
            if let first = created[entry.file] {
                try ByteFiles.hardLink(to: first, at: path)
            } else {
                try ByteFiles.write(path, contents[entry.file].text)
                created[entry.file] = path
            }
        }
        for entry in entries {
            if let target = entry.linkTarget { try ByteFiles.symlink(to: target.bytes, at: root + [0x2F] + entry.name.bytes) }
        }
    }

    /// After `format -i`: every name of a file that changed holds it formatted (written in place when it
    /// has hard links); symlinks stay links to what they held.
    func afterInPlace(_ before: Snapshot) -> Snapshot {
        let rewritten = Set(processed.map(\.file).filter { contents[$0].changes })
        var after = before
        for entry in entries where entry.linkTarget == nil && rewritten.contains(entry.file) {
            after[path(of: entry).bytes] = .file(Array(contents[entry.file].formatted.utf8))
        }
        return after
    }

    /// After `patch -p0` applies the diff: a regular file holding the formatted text at each name the diff
    /// names (patch writes a new file there, even over a symlink or a hard link), and nothing else changed.
    func afterPatch(_ before: Snapshot) -> Snapshot {
        var after = before
        for name in patchedNames { after[name.path] = .file(Array(contents[name.file].formatted.utf8)) }
        return after
    }

    /// The names in the diff's headers, as paths from the top of the tree.
    var patchedNames: [(path: [UInt8], file: Int)] {
        processed.filter { contents[$0.file].changes }.map { name, file in
            let bytes = name.bytes
            return (bytes.starts(with: "./".utf8) ? Array(bytes.dropFirst(2)) : bytes, file)
        }
    }
}
