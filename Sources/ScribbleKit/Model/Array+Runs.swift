extension Array {
    /// Puts each run's `elements` in place of the elements in its `range`, in one pass: runs
    /// ascending and apart, their ranges as the array is before any is replaced.
    ///
    /// Why: an eraser's step through a drawing of a million ticks cuts or takes a hundred of
    /// them, and its undo puts them back; one run at a time moved the million elements after
    /// each (seconds), where one pass moves them once.
    /// - Complexity: O(runs' elements) when every run keeps its length (in place); else
    ///   O(count + runs' elements), into a new array.
    mutating func replaceSubranges(_ runs: [(range: Range<Int>, elements: [Element])]) {
        if runs.allSatisfy({ $0.range.count == $0.elements.count }) {
            for run in runs { replaceSubrange(run.range, with: run.elements) }
            return
        }
        var result: [Element] = []
        result.reserveCapacity(runs.reduce(count) { $0 + $1.elements.count - $1.range.count })
        var next = 0
        for run in runs {
            result += self[next..<run.range.lowerBound]
            result += run.elements
            next = run.range.upperBound
        }
        result += self[next...]
        self = result
    }
}
