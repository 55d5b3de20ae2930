/// A stroke's pen pressures and times (`Stroke.pressures`, `Stroke.times`) in one word.
///
/// Why: most strokes have no pressure, and either no times or one time for all their
/// children (a tap, a copy, a stamp, a file of a version before times). Those fit in the word
/// itself; only a stroke drawn with a stylus or over time keeps its levels and steps in a box
/// of their own, beside the arrays it already has. Kept as two fields, they took two words of
/// every stroke: a stroke of one or two vertices then took a 96-byte allocation where it
/// now takes 80 (a million taps, 16 MB; issue 39).
///
/// A value type: a copy shares the box until either changes it (copy-on-write, as the arrays
/// in it), so a stroke's copy and a `RenderSnapshot` copy no level and no step.
struct StrokeExtras {
    /// Where the pressures and times are.
    private enum Storage {
        /// No pressure, no times.
        case untimed
        /// No pressure; every child appeared at once, at this time (`StrokeTimes.at`).
        case at(UInt32)
        /// Pressures, steps, or both.
        case boxed(Box)

        /// The times held in the word (untimed when boxed).
        var unboxedTimes: StrokeTimes {
            if case .at(let time) = self { .at(time) } else { .untimed }
        }
    }

    /// The pressures and times of a stroke that has more than fits in a word.
    private final class Box {
        var pressures: [UInt8]
        var times: StrokeTimes

        init(pressures: [UInt8], times: StrokeTimes) {
            self.pressures = pressures
            self.times = times
        }
    }

    private var storage = Storage.untimed

    /// No pressure, untimed.
    init() {}

    /// The pressure levels, one a child, or empty for none (see `Stroke.pressures`).
    var pressures: [UInt8] {
        get {
            if case .boxed(let box) = storage { box.pressures } else { [] }
        }
        _modify {
            guard isBoxed else {
                // In the word: changed as a value, and boxed only if it then needs the box.
                var levels: [UInt8] = []
                defer { store(levels) }
                yield &levels
                return
            }
            let box = uniqueBox()
            defer { settle(box) }
            yield &box.pressures
        }
        set { store(newValue) }
    }

    /// The times (see `Stroke.times`).
    var times: StrokeTimes {
        get {
            switch storage {
            case .untimed: .untimed
            case .at(let time): .at(time)
            case .boxed(let box): box.times
            }
        }
        _modify {
            guard isBoxed else {
                var times = storage.unboxedTimes
                defer { store(times) }
                yield &times
                return
            }
            let box = uniqueBox()
            defer { settle(box) }
            yield &box.times
        }
        set { store(newValue) }
    }

    /// Whether the pressures and times are kept in a box of their own (not in the word).
    var isBoxed: Bool {
        if case .boxed = storage { true } else { false }
    }

    /// Keeps `levels` as the pressures.
    private mutating func store(_ levels: [UInt8]) {
        if levels.isEmpty, !isBoxed { return } // none, as before: no box made and dropped
        let box = uniqueBox()
        box.pressures = levels
        settle(box)
    }

    /// Keeps `times` as the times: in the word when they fit there and there is no box, with
    /// no box made and dropped (the reader's path, a tap's time).
    private mutating func store(_ times: StrokeTimes) {
        switch (storage, times) {
        case (.untimed, .untimed), (.at, .untimed): storage = .untimed
        case (.untimed, .at(let time)), (.at, .at(let time)): storage = .at(time)
        default:
            let box = uniqueBox()
            box.times = times
            settle(box)
        }
    }

    /// The box, this value's alone (made for the change, or copied if another value shares
    /// it), taken out of `storage` while it changes so that its arrays are not shared either.
    private mutating func uniqueBox() -> Box {
        switch storage {
        case .untimed:
            return Box(pressures: [], times: .untimed)
        case .at(let time):
            return Box(pressures: [], times: .at(time))
        case .boxed(var box):
            storage = .untimed
            if !isKnownUniquelyReferenced(&box) { box = Box(pressures: box.pressures, times: box.times) }
            return box
        }
    }

    /// Keeps `box` (changed) in the word when it fits there, else as the box.
    private mutating func settle(_ box: Box) {
        guard box.pressures.isEmpty else { return storage = .boxed(box) }
        switch box.times {
        case .untimed: storage = .untimed
        case .at(let time): storage = .at(time)
        case .drawn: storage = .boxed(box)
        }
    }
}
