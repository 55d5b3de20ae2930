import ScribbleKit

/// Drawing, undo and full frames on the canvas, through `CanvasHarness`.
enum CanvasBenchmarks {
    /// Motion events timed at each drawing size.
    static let motionEvents = 4000
    /// Motion events per stroke drawn during the measurement.
    static let eventsPerStroke = 200

    /// Runs every canvas metric.
    static func run(into report: Report, only: Set<String>) {
        if only.contains("render") {
            report.add("full_render_ms@1m", fullRenderMilliseconds(), "ms", limit: 1000)
            return
        }
        if only.contains("undo") {
            report.add("undo_ms@1m", undoMilliseconds(), "ms", limit: 30)
            return
        }
        let sizes = [("0", 0), ("100k", 100), ("1m", BigScribble.strokeCount)]
        let perEvent = motionEventMicroseconds(afterStrokes: sizes.map(\.1))
        for ((label, _), value) in zip(sizes, perEvent) {
            report.add("motion_event_us@\(label)", value, "us", limit: 30)
        }
        if let empty = perEvent.first, let big = perEvent.last {
            report.add("motion_event_ratio@1m", big / empty, "x", limit: 1.5)
        }
        report.add("undo_ms@1m", undoMilliseconds(), "ms", limit: 30)
        report.add("full_render_ms@1m", fullRenderMilliseconds(), "ms", limit: 1000)
    }

    /// The median cost of one motion event — the vertex appended through
    /// `Scribble.append(_:to:)`, the notification, the new segment drawn into the backdrop and
    /// the changed area copied to the window — on canvases that already hold each of
    /// `strokes` thousand-vertex strokes. The canvases take turns, a stroke at a time, so
    /// whatever else the machine does weighs on them alike.
    static func motionEventMicroseconds(afterStrokes strokes: [Int]) -> [Double] {
        let canvases = strokes.map { count in
            let history = CommandHistory()
            return (history, CanvasHarness(BigScribble.scribble(strokes: count, history: history)))
        }
        var walk = RandomWalk(seed: 42)
        var samples = [[Double]](repeating: [], count: canvases.count)
        let warmUpRounds = 2
        for round in 0..<(warmUpRounds + motionEvents / eventsPerStroke) {
            for (index, (history, canvas)) in canvases.enumerated() {
                walk.lift()
                let pen = walk.pen()
                let stroke = Stroke(color: pen.color, size: pen.size)
                stroke.append(walk.current)
                history.execute(DrawScribbleCommand(scribble: canvas.scribble, mark: stroke))
                canvas.present()
                for _ in 0..<eventsPerStroke {
                    let point = walk.next()
                    let start = monotonicNanoseconds()
                    canvas.scribble.append(point, to: stroke)
                    canvas.present()
                    let elapsed = Double(monotonicNanoseconds() - start) / 1e3
                    if round >= warmUpRounds { samples[index].append(elapsed) }
                }
            }
        }
        return samples.map(median)
    }

    /// The median time to undo the big scribble's last stroke (through the history) and
    /// repaint what it covered; redone, untimed, between rounds.
    static func undoMilliseconds(rounds: Int = 15) -> Double {
        let history = CommandHistory()
        let canvas = CanvasHarness(BigScribble.scribble(history: history))
        var samples: [Double] = []
        for _ in 0..<rounds {
            samples.append(milliseconds {
                history.undo()
                canvas.present()
            })
            history.redo()
            canvas.present()
        }
        return median(samples)
    }

    /// The median time to render the big scribble whole into a 1024×768 image: the canvas'
    /// full frame.
    static func fullRenderMilliseconds(rounds: Int = 5) -> Double {
        let scribble = BigScribble.scribble()
        let samples = (0..<rounds).map { _ in
            milliseconds {
                _ = CanvasBackdrop(rendering: scribble.root, width: CanvasHarness.size.width,
                                   height: CanvasHarness.size.height, scale: 1, background: .white)
            }
        }
        return median(samples)
    }
}
