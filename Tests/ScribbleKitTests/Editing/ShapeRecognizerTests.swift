import Testing

@testable import ScribbleKit

/// The shape recogniser on a generated corpus of wobbly hand-drawn shapes and of scribbles:
/// it must name at least 95 % of the shapes right and take at most 2 % of the scribbles for a
/// shape. The figures are printed, for the record.
@Suite struct ShapeRecognizerTests {
    static let perShape = 200
    static let scribbles = 1000

    @Test func recognisesWobblyShapesAndLeavesScribbles() {
        var corpus = WobblyShapes(seed: 29)
        var correct = 0, total = 0
        var confusions: [String: Int] = [:]
        var recognisedAs: [ShapeRecognizer.Shape: (right: Int, claimed: Int)] = [:]
        for shape in ShapeRecognizer.Shape.allCases {
            var right = 0
            for _ in 0..<Self.perShape {
                let result = ShapeRecognizer.recognize(corpus.stroke(shape), width: 4)
                total += 1
                if result?.shape == shape { right += 1 } else { confusions["\(shape)→\(result?.shape.rawValue ?? "nothing")", default: 0] += 1 }
                if let got = result?.shape { recognisedAs[got, default: (0, 0)].claimed += 1 }
            }
            recognisedAs[shape, default: (0, 0)].right = right
            correct += right
            print("recogniser: \(shape) recall \(right)/\(Self.perShape)")
        }
        var falsePositives = 0
        for _ in 0..<Self.scribbles where ShapeRecognizer.recognize(corpus.scribble(), width: 4) != nil { falsePositives += 1 }
        for (shape, counts) in recognisedAs.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let claimedAll = counts.claimed + 0
            print("recogniser: \(shape) precision \(counts.right)/\(claimedAll)")
        }
        print("recogniser: correct \(correct)/\(total), scribbles taken for shapes \(falsePositives)/\(Self.scribbles), confusions \(confusions)")
        #expect(Double(correct) >= 0.95 * Double(total))
        #expect(Double(falsePositives) <= 0.02 * Double(Self.scribbles))
    }

    @Test func aShortTickIsNoShape() {
        #expect(ShapeRecognizer.recognize([Point(x: 0, y: 0), Point(x: 5, y: 3), Point(x: 10, y: 0)]) == nil)
    }

    @Test func aRecognisedRectangleIsSquaredUpAndClosed() throws {
        let drawn = [Point(x: 0, y: 1), Point(x: 100, y: -1), Point(x: 101, y: 60), Point(x: 1, y: 61), Point(x: 0, y: 3)]
        let result = try #require(ShapeRecognizer.recognize(drawn))
        #expect(result.shape == .rectangle)
        #expect(result.points.count == 5)
        #expect(result.points.first == result.points.last)
        // Level sides: each side keeps x or y.
        for index in 1..<result.points.count {
            let a = result.points[index - 1], b = result.points[index]
            #expect(abs(a.x - b.x) < 0.01 || abs(a.y - b.y) < 0.01)
        }
    }
}
