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

    @Test func packedChildrenKeepEachObjectAtItsStrokesIndex() {
        var rng = SplitMix64(seed: 40)
        func tick(_ x: Int) -> (packed: PackedStroke, object: Stroke) {
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(Point(x: Float(x), y: 1))
            stroke.isSealed = true
            return (PackedStroke(stroke)!, stroke)
        }
        for _ in 0..<200 {
            let count = Int.random(in: 1...30, using: &rng)
            let children = PackedChildren((0..<count).map { tick($0).packed })
            // The reference: each index's object, if it has one, or nil.
            var expected: [Stroke?] = Array(repeating: nil, count: count)
            for index in 0..<count where Bool.random(using: &rng) { expected[index] = children.object(at: index) }
            var runs: [(range: Range<Int>, strokes: [(packed: PackedStroke, object: Stroke)])] = []
            var next = 0
            while next <= count, runs.count < 6, Int.random(in: 0..<4, using: &rng) != 0 {
                let lower = Int.random(in: next...count, using: &rng)
                let upper = Int.random(in: lower...min(count, lower + 3), using: &rng)
                runs.append((lower..<upper, (0..<Int.random(in: 0...3, using: &rng)).map { tick(100 + $0) }))
                next = upper
            }
            for run in runs.reversed() { expected.replaceSubrange(run.range, with: run.strokes.map { Optional($0.object) }) }
            children.replaceSubranges(runs)
            #expect(children.strokes.count == expected.count)
            #expect(children.objects.map(\.index) == expected.indices.filter { expected[$0] != nil })
            #expect(children.objects.allSatisfy { expected[$0.index] === $0.stroke && children.mark(at: $0.index) === $0.stroke })
        }
    }
}
