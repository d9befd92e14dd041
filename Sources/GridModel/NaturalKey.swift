/// How sorting by a column compares texts that are not all numbers, as people read them: letters without
/// regard to case or accents first (`a` < `Á` < `b`), runs of digits by their value (`B2` < `b10`), then
/// an unaccented letter before an accented one where nothing else differs. A text is made a key once,
/// and keys are compared as often as sorting asks.
struct NaturalKey {
    /// A character (its base letter in lower case) or a run of digits (without leading zeros), with
    /// whether it carries an accent.
    struct Unit {
        /// The character, or a run's first digit (how it sorts among characters).
        var value: UInt32
        /// For a run of digits: its digits, the first not a zero (`[0x30]` for zero); nil for a character.
        var digits: [UInt8]?
        var accented = false
    }

    let units: [Unit]

    init(_ text: String) {
        var units: [Unit] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 {
                if units.last?.digits == nil { units.append(Unit(value: 0x30, digits: [])) }
                if !(value == 0x30 && units[units.count - 1].digits!.isEmpty) { units[units.count - 1].digits!.append(UInt8(value)) }
                continue
            }
            if !units.isEmpty, scalar.properties.canonicalCombiningClass != .notReordered || scalar.properties.generalCategory == .nonspacingMark {
                units[units.count - 1].accented = true  // a mark written apart from its letter
                continue
            }
            let base = NaturalKey.baseLetter(of: value)
            units.append(Unit(value: NaturalKey.lowercased(base), accented: base != value))
        }
        for index in units.indices where units[index].digits != nil {
            // A run of zeros is the number 0: one digit, so that `0` sorts before `1`.
            if units[index].digits!.isEmpty { units[index].digits = [0x30] }
            units[index].value = UInt32(units[index].digits![0])
        }
        self.units = units
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: NaturalKey, _ b: NaturalKey) -> Int {
        var accents = 0  // the first difference of accents: the last word where all else is equal
        for (u, v) in zip(a.units, b.units) {
            let primary = compare(u, v)
            if primary != 0 { return primary }
            if accents == 0 && u.accented != v.accented { accents = u.accented ? 1 : -1 }
        }
        if a.units.count != b.units.count { return a.units.count < b.units.count ? -1 : 1 }
        return accents
    }

    /// Two numbers by value, anything else by `value` (a character never equals a run's first digit: digits
    /// always make runs).
    private static func compare(_ u: Unit, _ v: Unit) -> Int {
        if let x = u.digits, let y = v.digits {
            if x.count != y.count { return x.count < y.count ? -1 : 1 }
            for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
            return 0
        }
        return u.value == v.value ? 0 : u.value < v.value ? -1 : 1
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
