import TestSupport

/// A piece of a generated path, with how gridls must print it inside double quotes: written out by hand
/// here, so that the tests do not check gridls's quoting against a copy of itself.
struct NamePart: Equatable, Sendable {
    let bytes: [UInt8]
    /// The part inside a quoted name (C escapes, as git and GNU diff write them).
    let quoted: String
    /// Whether a path holding it must be printed quoted.
    let forcesQuotes: Bool

    init(_ plain: String) {
        (bytes, quoted, forcesQuotes) = (Array(plain.utf8), plain, false)
    }

    init(_ bytes: [UInt8], quoted: String) {
        (self.bytes, self.quoted, forcesQuotes) = (bytes, quoted, true)
    }

    init(_ text: String, quoted: String) { self.init(Array(text.utf8), quoted: quoted) }
}

/// A path built from parts: its bytes, and the line gridls prints for it.
struct HostilePath: Hashable, Sendable, CustomStringConvertible {
    var parts: [NamePart]

    var bytes: [UInt8] { parts.flatMap(\.bytes) }

    /// How gridls prints it: quoted when a part forces it or a space is at either end (`patch` would strip
    /// it), else as it is.
    var display: String {
        let bytes = self.bytes
        let quoted = parts.contains(where: \.forcesQuotes) || bytes.first == 0x20 || bytes.last == 0x20
        return quoted ? "\"" + parts.map(\.quoted).joined() + "\"" : String(decoding: bytes, as: UTF8.self)
    }

    var description: String { display }

    static func + (folder: HostilePath, name: HostilePath) -> HostilePath {
        HostilePath(parts: folder.parts + [NamePart("/")] + name.parts)
    }

    static func == (a: HostilePath, b: HostilePath) -> Bool { a.bytes == b.bytes }
    func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// The pieces hostile names are made of, and names made of them at random.
enum HostileNames {
    static let plain = ["doc", "a b", "é", "表", "\u{FFFD}", "'", "$x", "a:1:2"].map { NamePart($0) }

    /// Pieces that make gridls quote the name; a newline followed by a diff header or a check line would
    /// forge one if printed as it is.
    static let quoting = [
        NamePart("\n", quoted: #"\n"#), NamePart("\n+++ doc.md", quoted: #"\n+++ doc.md"#),
        NamePart("\nx.md:1:1: error: forged [x]", quoted: #"\nx.md:1:1: error: forged [x]"#),
        NamePart("\t", quoted: #"\t"#), NamePart("\r", quoted: #"\r"#), NamePart("\u{07}", quoted: #"\a"#),
        NamePart("\u{1B}[31m", quoted: #"\033[31m"#), NamePart("\u{7F}", quoted: #"\177"#),
        NamePart("\u{85}", quoted: #"\302\205"#), NamePart("\"", quoted: #"\""#), NamePart("\\", quoted: #"\\"#),
        NamePart([0xC3, 0x28], quoted: #"\303("#), NamePart([0xED, 0xA0, 0x80], quoted: #"\355\240\200"#),
    ] + lookAlikes.dropLast()

    /// Pieces that all decode to one U+FFFD: names that differ only in them are different files whose
    /// names a `String` would make one. (None ends in a byte that could begin a sequence with the next part.)
    static let lookAlikes = [
        NamePart([0xFF], quoted: #"\377"#), NamePart([0xFE], quoted: #"\376"#), NamePart([0x80], quoted: #"\200"#),
        NamePart("\u{FFFD}"),
    ]

    static let markdown = NamePart(".md")

    /// A file name ending in `.md`: one to three parts, sometimes after a space (which ends up first),
    /// sometimes padded to 242–255 bytes, where `NAME.gridls-XXXXXX` is longer than a name may be.
    static func fileName(_ random: inout SeededRandom, long: Bool = true) -> HostilePath {
        var parts = (0..<random.int(1...3)).map { _ in random.chance(0.6) ? random.pick(quoting) : random.pick(plain) }
        if random.chance(0.15) { parts.insert(NamePart(" "), at: 0) }
        parts.append(markdown)
        if random.chance(0.2) && long {
            let length = random.int(242...255), now = parts.flatMap(\.bytes).count
            parts.insert(NamePart(String(repeating: "x", count: length - now)), at: parts.count - 1)
        }
        return HostilePath(parts: parts)
    }

    static func folderName(_ random: inout SeededRandom) -> HostilePath {
        HostilePath(parts: [NamePart("d")] + (0..<random.int(1...2)).map { _ in random.pick(quoting + plain) })
    }

    /// The same name with its look-alike parts swapped for others that decode alike (padding shortened
    /// if U+FFFD's three bytes make it longer than 255); nil when it has none.
    static func twin(of name: HostilePath, _ random: inout SeededRandom) -> HostilePath? {
        guard name.parts.contains(where: lookAlikes.contains) else { return nil }
        var parts = name.parts.map { part in
            lookAlikes.contains(part) ? random.pick(lookAlikes.filter { $0 != part }) : part
        }
        let excess = parts.flatMap(\.bytes).count - 255
        if excess > 0, let padding = parts.lastIndex(where: { $0.bytes.count > excess && $0.bytes.allSatisfy { $0 == 0x78 } }) {
            parts[padding] = NamePart(String(repeating: "x", count: parts[padding].bytes.count - excess))
        }
        return HostilePath(parts: parts)
    }
}
