/// How sorting by a column compares texts that are not all numbers, as people read them: letters without
/// regard to case or accents first (`a` < `Á` < `b`), runs of digits by their value (`B2` < `b10`), then
/// an unaccented letter before an accented one where nothing else differs.
enum NaturalOrder {
    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        let x = units(a), y = units(b)
        var accents = 0  // the first difference of accents, the last word where all else is equal
        for (u, v) in zip(x, y) {
            let primary = compare(u, v)
            if primary != 0 { return primary }
            if accents == 0 && u.accented != v.accented { accents = u.accented ? 1 : -1 }
        }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        return accents
    }

    /// A letter (its base letter in lower case) or a run of digits (without leading zeros), with whether
    /// it carries an accent.
    struct Unit {
        var key: [UInt32]
        var isNumber: Bool
        var accented = false
    }

    private static func compare(_ u: Unit, _ v: Unit) -> Int {
        if u.isNumber && v.isNumber && u.key.count != v.key.count { return u.key.count < v.key.count ? -1 : 1 }
        for (p, q) in zip(u.key, v.key) where p != q { return p < q ? -1 : 1 }
        return u.key.count == v.key.count ? 0 : u.key.count < v.key.count ? -1 : 1
    }

    static func units(_ text: String) -> [Unit] {
        var units: [Unit] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 {
                if units.last?.isNumber != true { units.append(Unit(key: [], isNumber: true)) }
                if !(value == 0x30 && units[units.count - 1].key.isEmpty) { units[units.count - 1].key.append(value) }
                continue
            }
            if scalar.properties.canonicalCombiningClass != .notReordered || scalar.properties.generalCategory == .nonspacingMark,
               !units.isEmpty {
                units[units.count - 1].accented = true  // a mark written apart from its letter
                continue
            }
            let base = baseLetter(of: value)
            units.append(Unit(key: [lowercased(base)], isNumber: false, accented: base != value))
        }
        // A run of zeros is the number 0: one digit, so that `0` sorts before `1`.
        for index in units.indices where units[index].isNumber && units[index].key.isEmpty { units[index].key = [0x30] }
        return units
    }

    private static func baseLetter(of value: UInt32) -> UInt32 {
        guard value >= 0xC0 else { return value }
        var low = 0, high = baseLetters.count
        while low < high {
            let middle = (low + high) / 2
            if baseLetters[middle].0 < value { low = middle + 1 } else { high = middle }
        }
        return low < baseLetters.count && baseLetters[low].0 == value ? baseLetters[low].1 : value
    }

    private static func lowercased(_ value: UInt32) -> UInt32 {
        if value >= 0x41 && value <= 0x5A { return value + 0x20 }
        guard value >= 0x80, let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }
}
