import PropertyBased
import Testing
@testable import ScribbleKit

/// Random sequences of drawing, erasing, moving, deleting, restyling, stamping, turning a
/// quarter turn, raising, lowering, bringing to front, sending to back, duplicating, undo and
/// redo against a reference model that keeps each state whole: after every step the canvas
/// must show exactly the model's marks, in order, with their places and colours.
@Suite(.timeLimit(.minutes(2))) struct EditPropertyTests {
    enum Action: CaseIterable, Sendable {
        case draw, erase, move, delete, restyle, stamp, undo, redo
        case turn, raise, lower, front, back, duplicate
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

    /// `marks` with the ones at `chosen` moved as `order` says, worked out one mark at a time.
    static func reordered(_ marks: [Description], chosen: Set<Int>, _ order: ReorderMarksCommand.Order) -> [Description] {
        var tagged = marks.enumerated().map { (mark: $1, chosen: chosen.contains($0)) }
        switch order {
        case .front: tagged = tagged.filter { !$0.chosen } + tagged.filter(\.chosen)
        case .back: tagged = tagged.filter(\.chosen) + tagged.filter { !$0.chosen }
        case .raise:
            var index = tagged.count - 2
            while index >= 0 {
                if tagged[index].chosen, !tagged[index + 1].chosen { tagged.swapAt(index, index + 1) }
                index -= 1
            }
        case .lower:
            var index = 1
            while index < tagged.count {
                if tagged[index].chosen, !tagged[index - 1].chosen { tagged.swapAt(index, index - 1) }
                index += 1
            }
        }
        return tagged.map(\.mark)
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
                case .turn:
                    let indices = pickSubset()
                    guard !indices.isEmpty else { continue }
                    let center = point()
                    history.execute(
                        ReplaceMarksCommand(
                            scribble: scribble, marks: indices.map { scribble.marks[$0] },
                            edit: .transform(.rotation(.pi / 2, about: center))))
                    model.change { current in
                        for index in indices {
                            let p = current[index].location // a quarter turn clockwise on screen, worked out exactly
                            current[index].location = Point(x: center.x - (p.y - center.y), y: center.y + (p.x - center.x))
                        }
                    }
                case .raise, .lower, .front, .back:
                    let indices = pickSubset()
                    guard !indices.isEmpty else { continue }
                    let order: ReorderMarksCommand.Order =
                        switch action {
                        case .raise: .raise
                        case .lower: .lower
                        case .front: .front
                        default: .back
                        }
                    let command = ReorderMarksCommand(scribble: scribble, marks: indices.map { scribble.marks[$0] }, order: order)
                    guard !command.isEmpty else { continue }
                    history.execute(command)
                    model.change { $0 = Self.reordered($0, chosen: Set(indices), order) }
                case .duplicate:
                    let indices = pickSubset()
                    guard !indices.isEmpty else { continue }
                    history.execute(AddMarksCommand(scribble: scribble, marks: indices.map { scribble.marks[$0].translated(dx: 16, dy: 16) }))
                    model.change { current in
                        current += indices.map { index in
                            var copy = current[index]
                            copy.location = Point(x: copy.location.x + 16, y: copy.location.y + 16)
                            return copy
                        }
                    }
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
