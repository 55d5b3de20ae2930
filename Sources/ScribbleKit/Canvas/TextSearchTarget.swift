import CPango
import Foundation

/// A text box as Find searches it (issue 55): its runs and place, values a worker thread may
/// read (the box itself is the main thread's), and the hits as canvas rectangles through the
/// box's own layout, turned with it.
struct TextSearchTarget: Sendable {
    let runs: [TextRun]
    let origin: Point, wrapWidth: Float?, angle: Float

    init(_ box: TextBox) {
        (runs, origin, wrapWidth, angle) = (box.runs, box.origin, box.wrapWidth, box.angle)
    }

    /// `query`'s places in the box's text (ignoring case), in reading order: each the upright
    /// rectangle around its characters' boxes on the canvas.
    func hits(of query: String) -> [Rect] {
        let text = runs.map(\.text).joined()
        var ranges: [Range<String.Index>] = []
        var from = text.startIndex
        while from < text.endIndex, let found = text.range(of: query, options: [.caseInsensitive], range: from..<text.endIndex) {
            ranges.append(found)
            from = found.upperBound > found.lowerBound ? found.upperBound : text.index(after: found.lowerBound)
        }
        guard !ranges.isEmpty else { return [] }
        return TextLayout.with(runs, wrapWidth: wrapWidth) { layout in
            ranges.map { range in
                let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
                var box = Rect.null
                var index = start
                let bytes = Array(text.utf8)
                while index < end {
                    var position = PangoRectangle()
                    pango_layout_index_to_pos(layout, Int32(index), &position)
                    let rect = TextLayout.rect(position)
                    box = box.union(Rect(x: min(rect.minX, rect.maxX), y: rect.minY, width: abs(rect.width), height: rect.height))
                    index += 1
                    while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
                }
                return TextBox.turned(box, by: angle, about: origin)
            }
        }
    }
}
