import Foundation
import ScribbleKit

/// Pattern templates at scale (issue 39): ten thousand small ones, and one of a million strokes.
enum TemplateBenchmarks {
    /// Strokes in the huge template.
    static let hugeStrokes = 1_000_000

    /// Writes `count` small templates (a short stroke each) into `folder/templates`; with
    /// `count` 1, one template of `hugeStrokes` two-point strokes instead.
    static func writeTemplates(in folder: String, count: Int) throws {
        let templates = folder + "/templates"
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        var walk = RandomWalk(seed: 13)
        if count == 1 {
            let group = Stroke()
            for _ in 0..<hugeStrokes {
                walk.lift()
                let pen = walk.pen()
                let stroke = Stroke(color: pen.color, size: pen.size)
                stroke.append(walk.current)
                stroke.append(walk.next())
                group.add(stroke)
            }
            try write(group, to: templates + "/template-1.scribble")
            return
        }
        for index in 1...max(1, count) {
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            walk.lift()
            stroke.append(walk.current)
            for _ in 0..<20 { stroke.append(walk.next()) }
            try write(stroke, to: templates + "/template-\(index).scribble")
        }
    }

    private static func write(_ mark: Mark, to path: String) throws {
        let scribble = Scribble()
        scribble.add(mark)
        FileManager.default.createFile(atPath: path, contents: Data(scribble.makeMemento().data))
    }
}
