import Foundation
import ScribbleKit

extension PdfBenchmarks {
    /// Pages the million vertices of `scribbleWithInk` are spread over, from the first.
    static let inkedPageCount = 10

    /// The big PDF as a scribble with the big scribble's million vertices of ink on top: its
    /// thousand strokes dealt out over the first `inkedPageCount` pages, each page's share
    /// where the walk drew it on the canvas, moved onto that page. Written once, in `folder`.
    static func scribbleWithInk(on pdf: String, in folder: String) throws -> String {
        let path = folder + "/big-pdf-1m.scribble"
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let scribble = try Scribble.importingPdf(Array(try Data(contentsOf: URL(fileURLWithPath: pdf))))
        let frames = scribble.pageFrames
        var walk = RandomWalk(seed: BigScribble.seed)
        for index in 0..<BigScribble.strokeCount {
            let frame = frames[index % inkedPageCount]
            walk.lift()
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            stroke.reserveCapacity(BigScribble.verticesPerStroke)
            let onPage = { (point: Point) in Point(x: point.x + frame.minX, y: point.y + frame.minY) }
            stroke.append(onPage(walk.current))
            for _ in 1..<BigScribble.verticesPerStroke { stroke.append(onPage(walk.next())) }
            scribble.add(stroke)
        }
        try ScribbleManager.save(scribble, toPath: path)
        return path
    }

    /// The 99th percentile, in ms, of the time from a wheel notch to the first changed pixels
    /// of the watched rectangle, over 240 notches down through the inked pages (pages coming
    /// into view render meanwhile) and back up, 25 a second. A notch the screen does not
    /// answer within 250 ms counts as 250 ms.
    static func panFrames(_ scribble: String, app: String, environment: [String: String]) throws -> Double {
        let child = try ChildProcess(app, arguments: [scribble], environment: environment)
        defer { child.stop() }
        _ = try windowShown(child)
        try child.waitUntilIdle(within: 60)
        try PointerDrag.xdotool(["mousemove", String(inkPoint.x), String(inkPoint.y)])
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        _ = watch.settle(quiet: 0.3, within: 5)
        var frames: [Double] = []
        for button in ["5", "4"] {
            for _ in 0..<120 {
                let sent = try watch.send("button " + button)
                let shown = watch.firstChange(after: sent, within: 0.25)
                frames.append(shown.map { Double($0.at - sent) / 1e6 } ?? 250)
                let next = sent + 40_000_000
                while monotonicNanoseconds() < next { child.readLines(for: 0.005) { _ in } }
            }
        }
        return percentile(frames, 0.99)
    }

    /// For each of four Ctrl+wheel notches in and four out about the watched text, the time in
    /// ms from the notch to the frame that stays (the pixels then unchanged for a second).
    static func sharpAfterZooms(_ pdf: String, app: String, environment: [String: String]) throws -> [Double] {
        let child = try ChildProcess(app, arguments: [pdf], environment: environment)
        defer { child.stop() }
        _ = try windowShown(child)
        try child.waitUntilIdle(within: 60)
        let centre = (x: region.x + region.width / 2, y: region.y + region.height / 2)
        try PointerDrag.xdotool(["mousemove", String(centre.x), String(centre.y)])
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        _ = watch.settle(quiet: 0.3, within: 5)
        return try ["4", "4", "4", "4", "5", "5", "5", "5"].map { button in
            let sent = try watch.send("ctrl-button " + button)
            let final = try watch.settle(quiet: 1, within: 15).orThrow("screen-watch saw nothing")
            child.readLines(for: 0.01) { _ in }
            return Double(final.at > sent ? final.at - sent : 0) / 1e6
        }
    }
}
