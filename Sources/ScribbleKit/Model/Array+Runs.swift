extension Array {
    /// Puts each run's `elements` in place of the elements in its `range`, in one pass and in
    /// place: runs ascending and apart, their ranges as the array is before any is replaced.
    ///
    /// Why: an eraser's step through a drawing of a million ticks cuts or takes a hundred of
    /// them, and its undo puts them back; one run at a time moved the million elements after
    /// each (seconds), and a new array for the result would cost the drawing's size again
    /// in memory at each step. Here each stretch between runs moves once, straight to where
    /// it ends up: those moving down first, lowest first, then those moving up, highest first,
    /// so none is written over before it has moved; the runs' elements go in last.
    /// - Complexity: O(count + runs' elements), no allocation beyond the array's growth.
    mutating func replaceSubranges(_ runs: [(range: Range<Int>, elements: [Element])]) {
        let delta = runs.reduce(0) { $0 + $1.elements.count - $1.range.count }
        let oldCount = count
        guard let filler = first ?? runs.lazy.compactMap(\.elements.first).first else { return }
        if delta > 0 { append(contentsOf: repeatElement(filler, count: delta)) }
        // The stretches between runs, and how far each moves: the runs below it grew it by that.
        var stretches: [(range: Range<Int>, shift: Int)] = []
        stretches.reserveCapacity(runs.count + 1)
        var start = 0, shift = 0
        for run in runs {
            stretches.append((start..<run.range.lowerBound, shift))
            shift += run.elements.count - run.range.count
            start = run.range.upperBound
        }
        stretches.append((start..<oldCount, shift))
        withUnsafeMutableBufferPointer { buffer in
            for stretch in stretches where stretch.shift < 0 {
                for index in stretch.range { buffer[index + stretch.shift] = buffer[index] }
            }
            for stretch in stretches.reversed() where stretch.shift > 0 {
                for index in stretch.range.reversed() { buffer[index + stretch.shift] = buffer[index] }
            }
            for (run, stretch) in zip(runs, stretches) {
                for (offset, element) in run.elements.enumerated() { buffer[run.range.lowerBound + stretch.shift + offset] = element }
            }
        }
        if delta < 0 { removeLast(-delta) }
    }
}
