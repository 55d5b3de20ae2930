import Testing
@testable import ScribbleKit

/// `Array.replaceSubranges`, the one pass an eraser's step makes over a drawing's marks: the
/// same result as replacing its runs one at a time, from the top down.
@Suite struct ArrayRunsTests {
    @Test func runsReplacedInOnePassAreRunsReplacedOneAtATime() {
        var rng = SplitMix64(seed: 39)
        for round in 0..<400 {
            let count = Int.random(in: 0...40, using: &rng)
            let array = (0..<count).map { "m\($0)" }
            var runs: [(range: Range<Int>, elements: [String])] = []
            var next = 0
            while next <= count, runs.count < 8, Int.random(in: 0..<4, using: &rng) != 0 {
                let lower = Int.random(in: next...count, using: &rng)
                let upper = Int.random(in: lower...min(count, lower + 3), using: &rng)
                let put = (0..<Int.random(in: 0...3, using: &rng)).map { "r\(round).\(runs.count).\($0)" }
                guard !(put.isEmpty && lower == upper) else { continue }
                runs.append((lower..<upper, put))
                next = upper
            }
            var expected = array
            for run in runs.reversed() { expected.replaceSubrange(run.range, with: run.elements) }
            var replaced = array
            replaced.replaceSubranges(runs)
            #expect(replaced == expected, "\(array) with \(runs)")
            // Shared with a copy (a render's snapshot), the copy keeps what it had.
            var shared = array
            let copy = shared
            shared.replaceSubranges(runs)
            #expect(shared == expected && copy == array)
        }
    }
}
