@testable import ScribbleKit

/// Writes a memento in file format version 1 (`docs/FORMAT.md`): the payload writer the app
/// used until it wrote version 2, kept here so the tests can make version-1 files of any
/// drawing and check that they still open. It writes each run of inline vertices as one
/// count and a packed array of Float32 pairs.
enum ScribbleEncoderV1 {
    /// The file bytes for `memento`, in the current encoder's header and checksum (which
    /// version 2 kept from version 1).
    static func encode(_ memento: ScribbleMemento) -> [UInt8] {
        ScribbleEncoder.file(version: 1, memento, payloadLength: encodedLength(of: Scribble.drawing(of: memento))) {
            write(Scribble.drawing(of: memento), to: &$0)
        }
    }

    /// The payload bytes `stroke` and everything under it take.
    /// - Complexity: O(n) in its children and their descendants.
    static func encodedLength(of stroke: Stroke) -> Int {
        var length = 1 + 1 + (stroke.color == nil ? 0 : 4) + 4 + 4
        var inRun = false
        for element in stroke.elements {
            switch element {
            case .vertex:
                length += inRun ? 8 : 1 + 4 + 8
                inRun = true
            case .mark(let mark):
                inRun = false
                switch mark {
                case let child as Stroke: length += encodedLength(of: child)
                case is Dot: length += 1 + 4 + 4 + 8
                default: length += 1 + 4 + 8
                }
            }
        }
        return length
    }

    /// Writes `stroke`'s node: tag, flags, colour, width, child count, then the children, each
    /// maximal run of inline vertices as one `vertexRun`.
    private static func write(_ stroke: Stroke, to writer: inout ByteWriter) {
        writer.uint8(ScribbleFormat.Tag.stroke.rawValue)
        writer.uint8(stroke.color == nil ? 0 : ScribbleFormat.colorFlag)
        if let color = stroke.color { write(color, to: &writer) }
        writer.float(stroke.size)
        writer.uint32(UInt32(stroke.count))
        stroke.elements.withUnsafeBufferPointer { elements in
            var index = 0
            while index < elements.count {
                switch elements[index] {
                case .vertex:
                    var end = index + 1
                    while end < elements.count, case .vertex = elements[end] { end += 1 }
                    writer.uint8(ScribbleFormat.Tag.vertexRun.rawValue)
                    writer.uint32(UInt32(end - index))
                    for case .vertex(let point) in elements[index..<end] {
                        writer.float(point.x)
                        writer.float(point.y)
                    }
                    index = end
                case .mark(let mark):
                    write(mark, to: &writer)
                    index += 1
                }
            }
        }
    }

    /// Writes a child mark: a stroke, a dot, or (any other leaf) a one-vertex run.
    private static func write(_ mark: Mark, to writer: inout ByteWriter) {
        switch mark {
        case let stroke as Stroke:
            write(stroke, to: &writer)
        case let dot as Dot:
            writer.uint8(ScribbleFormat.Tag.dot.rawValue)
            write(dot.color ?? .black, to: &writer)
            writer.float(dot.size)
            writer.float(dot.location.x)
            writer.float(dot.location.y)
        default:
            writer.uint8(ScribbleFormat.Tag.vertexRun.rawValue)
            writer.uint32(1)
            writer.float(mark.location.x)
            writer.float(mark.location.y)
        }
    }

    /// Writes red, green, blue, alpha.
    private static func write(_ color: Color, to writer: inout ByteWriter) {
        writer.append([color.red, color.green, color.blue, color.alpha])
    }
}
