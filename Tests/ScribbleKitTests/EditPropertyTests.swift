import PropertyBased
import Testing
@testable import ScribbleKit

/// Random sequences of drawing, erasing, moving, deleting, restyling, stamping, undo and
/// redo against a reference model that keeps each state whole: after every step the canvas
/// must show exactly the model's marks, in order, with their places and colours.
@Suite(.timeLimit(.minutes(2))) struct EditPropertyTests {
    enum Action: CaseIterable, Sendable {
        case draw, erase, move, delete, restyle, stamp, undo, redo
    }

    /// What the model knows of a mark: its tag (kept in its size), place and colour.
    struct Description: Equatable {
        var tag: Float
        var location: Point
        var color: Color?
    }

    /// The reference history: whole states, so it cannot share the commands' bugs.
    struct Model {
        var current: [Description] = []
        var past: [[Description]] = []
        var future: [[Description]] = []

        mutating func change(_ body: (inout [Description]) -> Void) {
            past.append(current)
            body(&current)
            future = []
        }

        mutating func undo() {
            guard let previous = past.popLast() else { return }
            future.append(current)
            current = previous
        }

        mutating func redo() {
            guard let next = future.popLast() else { return }
            past.append(current)
            current = next
        }
    }

    private static func describe(_ mark: Mark) -> Description {
        Description(tag: mark.size, location: mark.location, color: mark.color)
    }

    @Test func editsMatchTheReferenceModel() async {
        let inputs = Gen<Action>.case.array(of: 0...40)
        await propertyCheck(count: 2000, input: inputs, Gen.int(in: 0...Int(Int32.max))) { actions, seed in
            var random = SplitMix64(seed: UInt64(seed))
            let scribble = Scribble()
            let history = CommandHistory()
            var model = Model()
            var nextTag: Float = 1
            func pickSubset() -> [Int] {
                scribble.marks.indices.filter { _ in Bool.random(using: &random) }
            }
            func point() -> Point { Point(x: Float(Int.random(in: 0...500, using: &random)), y: Float(Int.random(in: 0...500, using: &random))) }

            for (step, action) in actions.enumerated() {
                switch action {
                case .draw:
                    let at = point()
                    let mark: Mark
                    if Bool.random(using: &random) {
                        mark = Dot(location: at, color: .black, size: nextTag)
                    } else {
                        let stroke = Stroke(color: .black, size: nextTag)
                        stroke.append(at)
                        stroke.append(Point(x: at.x + 7, y: at.y + 3))
                        mark = stroke
                    }
                    nextTag += 1
                    history.execute(DrawScribbleCommand(scribble: scribble, mark: mark))
                    model.change { $0.append(Self.describe(mark)) }
                case .erase, .delete:
                    let indices = pickSubset()
                    guard !indices.isEmpty else { continue }
                    let marks = indices.map { scribble.marks[$0] }
                    if action == .erase { // met one by one, in any order, as an eraser meets them
                        let command = RemoveMarksCommand(scribble: scribble)
                        marks.shuffled(using: &random).forEach(command.remove)
                        history.add(command)
                    } else {
                        history.execute(RemoveMarksCommand(scribble: scribble, marks: marks))
                    }
                    model.change { current in
                        for index in indices.reversed() { current.remove(at: index) }
                    }
                case .move, .restyle:
                    let indices = pickSubset()
                    guard !indices.isEmpty else { continue }
                    let marks = indices.map { scribble.marks[$0] }
                    let dx = Float(Int.random(in: -50...50, using: &random)), dy = Float(Int.random(in: -50...50, using: &random))
                    let color = Color(red: UInt8.random(in: 0...255, using: &random), green: 1, blue: 2)
                    let edit: ReplaceMarksCommand.Edit = action == .move ? .move(dx: dx, dy: dy) : .restyle(color: color, size: nil)
                    history.execute(ReplaceMarksCommand(scribble: scribble, marks: marks, edit: edit))
                    model.change { current in
                        for index in indices {
                            if action == .move {
                                current[index].location = Point(x: current[index].location.x + dx, y: current[index].location.y + dy)
                            } else {
                                current[index].color = color
                            }
                        }
                    }
                case .stamp:
                    guard let template = scribble.marks.randomElement(using: &random) else { continue }
                    let at = point()
                    let stamp = template.translated(dx: at.x - template.location.x, dy: at.y - template.location.y)
                    history.execute(DrawScribbleCommand(scribble: scribble, mark: stamp))
                    model.change { $0.append(Description(tag: template.size, location: at, color: template.color)) }
                case .undo:
                    history.undo()
                    model.undo()
                case .redo:
                    history.redo()
                    model.redo()
                }
                let shown = scribble.marks.map(Self.describe)
                try #require(shown == model.current, "step \(step) (\(action)) of \(actions), seed \(seed)")
                let identities = scribble.marks.map(ObjectIdentifier.init)
                try #require(Set(identities).count == identities.count, "a mark shown twice at step \(step)")
            }
        }
    }
}
