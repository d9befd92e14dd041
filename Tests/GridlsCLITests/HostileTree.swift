import TestSupport

/// A folder of files with hostile names, some reachable by several names (a symlink, a hard link,
/// `./`, a folder and a file in it), and the command line that names them: built at random from a seed,
/// with the model of what gridls must do with it.
struct HostileTree: CustomStringConvertible {
    /// One real file (an inode) and what it holds.
    enum Content: CustomStringConvertible {
        case tidy, messy, broken, messyThenBroken
        /// Named on the command line, never made.
        case missing

        static let made: [Content] = [.tidy, .messy, .broken, .messyThenBroken]

        var description: String {
            switch self {
            case .tidy: "tidy"
            case .messy: "messy"
            case .broken: "broken"
            case .messyThenBroken: "messy then broken"
            case .missing: "missing"
            }
        }
    }

    /// A name in the tree: a regular file's (a file may have several: hard links) or a symlink's.
    struct Entry {
        /// In `HostileTree.folder`, or at the top.
        var inFolder: Bool
        var name: HostilePath
        var file: Int
        /// For a symlink (always at the top): the path it holds.
        var linkTarget: HostilePath?
    }

    /// What an argument names.
    enum Target {
        case top, folder, entry(Int)
        /// A file that does not exist (`contents[file]` is `.missing`).
        case missing(file: Int)
    }

    var contents: [Content] = []
    var entries: [Entry] = []
    var folder: HostilePath?
    var inGit = false
    var longNames = true
    var arguments: [(path: HostilePath, target: Target)] = []

    var description: String {
        let names = entries.map { "\(path(of: $0)) → \($0.linkTarget.map { "link to \($0)" } ?? "file \($0.file)")" }
        return "files \(contents), names \(names), folder \(folder?.display ?? "none"), git \(inGit), arguments \(arguments.map(\.path))"
    }

    /// An entry's path from the top of the tree.
    func path(of entry: Entry) -> HostilePath {
        entry.inFolder ? folder! + entry.name : entry.name
    }

    /// The files gridls processes, in order: each real file once, under the first name that leads to it.
    var processed: [(name: HostilePath, file: Int)] {
        var seen: Set<Int> = []
        return arguments.flatMap(expanded).filter { seen.insert($0.file).inserted }
    }

    /// What one argument stands for: a folder its regular files (not symlinks) in byte order, each printed
    /// as the folder as given, a slash unless it ends in one, and the path below it; a file itself.
    func expanded(_ argument: (path: HostilePath, target: Target)) -> [(name: HostilePath, file: Int)] {
        let found: [(name: HostilePath, file: Int)]
        switch argument.target {
        case .entry(let index):
            return [(argument.path, entries[index].file)]
        case .missing(let file):
            return [(argument.path, file)]
        case .top:
            found = entries.filter { $0.linkTarget == nil }.map { (path(of: $0), $0.file) }
        case .folder:
            let slash = argument.path.bytes.last == 0x2F ? [] : [NamePart("/")]
            found = entries.filter { $0.linkTarget == nil && $0.inFolder }.map {
                (HostilePath(parts: argument.path.parts + slash + $0.name.parts), $0.file)
            }
        }
        return found.sorted { $0.name.bytes.lexicographicallyPrecedes($1.name.bytes) }
    }
}

// MARK: building one at random

extension HostileTree {
    /// `longNames: false` leaves out names of 242–255 bytes.
    static func random(seed: UInt64, longNames: Bool = true) -> HostileTree {
        var random = SeededRandom(seed: seed)
        var tree = HostileTree(longNames: longNames)
        tree.inGit = random.chance(0.3)
        if random.chance(0.5) { tree.folder = HostileNames.folderName(&random) }
        for _ in 0..<random.int(1...4) {
            let inFolder = tree.folder != nil && random.chance(0.4)
            let name = tree.unusedName(&random, inFolder: inFolder)
            tree.addFile(name, inFolder: inFolder, &random)
            if random.chance(0.6), let twin = HostileNames.twin(of: name, &random), !tree.has(twin, inFolder: inFolder) {
                tree.addFile(twin, inFolder: inFolder, &random)
            }
        }
        let files = tree.entries
        for _ in 0..<random.int(0...2) {
            let target = random.pick(files)
            let link = tree.unusedName(&random, inFolder: false)
            tree.entries.append(Entry(inFolder: false, name: link, file: target.file, linkTarget: tree.path(of: target)))
        }
        if random.chance(0.2) {
            let target = random.pick(files)
            tree.entries.append(Entry(inFolder: false, name: tree.unusedName(&random, inFolder: false), file: target.file))
        }
        var missing: [HostilePath] = []
        if random.chance(0.3) {
            let inFolder = tree.folder != nil && random.chance(0.4)
            let name = tree.unusedName(&random, inFolder: inFolder)
            missing.append(inFolder ? tree.folder! + name : name)
            tree.contents.append(.missing)
        }
        tree.arguments = (0..<random.int(1...4)).map { _ in tree.randomArgument(&random, missing: missing) }
        return tree
    }

    private func has(_ name: HostilePath, inFolder: Bool) -> Bool {
        entries.contains { $0.name == name && $0.inFolder == inFolder }
    }

    private mutating func addFile(_ name: HostilePath, inFolder: Bool, _ random: inout SeededRandom) {
        contents.append(random.pick(Content.made))
        entries.append(Entry(inFolder: inFolder, name: name, file: contents.count - 1))
    }

    private func unusedName(_ random: inout SeededRandom, inFolder: Bool) -> HostilePath {
        while true {
            let name = HostileNames.fileName(&random, long: longNames)
            if !has(name, inFolder: inFolder) { return name }
        }
    }

    /// `.`, the folder (`d`, `./d`, `d/`), or a name in the tree or a missing one, as it is or after `./`.
    /// (The missing file, if any, is the last of `contents`.)
    private func randomArgument(_ random: inout SeededRandom, missing: [HostilePath]) -> (path: HostilePath, target: Target) {
        let dotSlash = NamePart("./")
        var choices: [(path: HostilePath, target: Target)] = [(HostilePath(parts: [NamePart(".")]), .top)]
        if let folder {
            choices += [folder, HostilePath(parts: [dotSlash] + folder.parts), HostilePath(parts: folder.parts + [NamePart("/")])]
                .map { ($0, .folder) }
        }
        for (index, entry) in entries.enumerated() {
            choices += [(path(of: entry), .entry(index)), (HostilePath(parts: [dotSlash] + path(of: entry).parts), .entry(index))]
        }
        for path in missing {
            let file = contents.count - 1
            choices += [(path, .missing(file: file)), (HostilePath(parts: [dotSlash] + path.parts), .missing(file: file))]
        }
        return random.pick(choices)
    }
}
