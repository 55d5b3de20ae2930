import ScribbleKit

/// Drawing, undo and full frames on the canvas, through `CanvasHarness`.
@MainActor
enum CanvasBenchmarks {
    /// Motion events timed at each drawing size.
    static let motionEvents = 4000
    /// Motion events per stroke drawn during the measurement.
    static let eventsPerStroke = 200

    /// Runs every canvas metric, or only the parts `only` names (`render`, `undo`, `tools`,
    /// `texture`, `viewport`, `editing`: each one asked for runs) when it does not ask for the
    /// whole `canvas` suite.
    static func run(into report: Report, only: Set<String>) {
        let parts: [(name: String, run: () -> Void)] = [
            ("render", { addFullRenders(to: report) }),
            ("undo", { report.add("undo_ms@1m", undoMilliseconds(), "ms", limit: 30) }),
            ("tools", { ToolBenchmarks.run(into: report) }),
            ("texture", { addTextures(to: report) }),
            ("viewport", { ViewportBenchmarks.run(into: report) }),
            ("editing", { EditingBenchmarks.run(into: report) }),
        ]
        if !only.contains("canvas") {
            for part in parts where only.contains(part.name) { part.run() }
            return
        }
        let canvases: [(label: String, strokes: Int, background: CanvasKind, pressure: Bool)] = [
            ("0", 0, .plain, false), ("100k", 100, .plain, false), ("1m", BigScribble.strokeCount, .plain, false),
            ("0_paper", 0, .paper, false), ("1m_paper", BigScribble.strokeCount, .paper, false),
            ("1m_pressure", BigScribble.strokeCount, .plain, true),
        ]
        let perEvent = motionEventMicroseconds(on: canvases.map { ($0.strokes, $0.background, $0.pressure) })
        for (canvas, value) in zip(canvases, perEvent) {
            report.add("motion_event_us@\(canvas.label)", value, "us", limit: canvas.pressure ? min(30, 1.3 * perEvent[2]) : 30)
        }
        report.add("motion_event_ratio@1m", perEvent[2] / perEvent[0], "x", limit: 1.5)
        // The texture lies in the backdrop already: a segment costs the same on paper. (Both
        // sizes pooled: each median alone wanders by about a tenth from run to run.)
        report.add("motion_event_paper_ratio", (perEvent[3] + perEvent[4]) / (perEvent[0] + perEvent[2]), "x", limit: 1.1)
        SmoothingBenchmarks.run(into: report)
        report.add("undo_ms@1m", undoMilliseconds(), "ms", limit: 30)
        ToolBenchmarks.run(into: report)
        addFullRenders(to: report)
        addTextures(to: report)
        ViewportBenchmarks.run(into: report)
        EditingBenchmarks.run(into: report)
    }

    /// Making each canvas texture, at scale 1 and 2.
    static func addTextures(to report: Report) {
        for kind in [CanvasKind.paper, .cloth] {
            for scale in [1, 2] {
                report.add("texture_ms@\(kind.rawValue)_x\(scale)", textureMilliseconds(kind, scale: scale), "ms", limit: 50)
            }
        }
    }

    /// The big scribble's full frame on plain and on paper, and how much the texture adds.
    static func addFullRenders(to report: Report) {
        let renders = fullRenderMilliseconds(on: [.plain, .paper])
        let (plain, paper) = (renders[0], renders[1])
        report.add("full_render_ms@1m", plain, "ms", limit: 400)
        report.add("full_render_ms@1m_paper", paper, "ms", limit: 1000)
        report.add("full_render_paper_ratio@1m", paper / plain, "x", limit: 1.1)
        let pressure = fullRenderMilliseconds(on: [.plain], scribble: BigScribble.scribble(withPressure: true))[0]
        report.add("full_render_ms@1m_pressure", pressure, "ms", limit: 1.5 * plain)
    }

    /// The median cost of one motion event as the app handles it — the event handed to the
    /// engine (`CanvasEngine.handle`), the pen tool appending its vertex, the scribble telling
    /// the document and the engine, the new segment drawn into the backdrop, the update
    /// returned and applied, and the changed area copied to the window — on canvases that
    /// already hold each `strokes` thousand-vertex strokes, on their `background`; with
    /// `pressure`, those strokes have a pen pressure at every vertex and the ones drawn come
    /// from a stylus with one. The canvases take turns, a stroke at a
    /// time, so whatever else the machine does weighs on them alike.
    static func motionEventMicroseconds(on setups: [(strokes: Int, background: CanvasKind, pressure: Bool)]) -> [Double] {
        let canvases = setups.map { setup in
            (CanvasHarness(BigScribble.scribble(strokes: setup.strokes, withPressure: setup.pressure), background: setup.background), setup.pressure)
        }
        // Every canvas draws the same strokes, so they compare like for like.
        var walks = [RandomWalk](repeating: RandomWalk(seed: 42), count: canvases.count)
        var samples = [[Double]](repeating: [], count: canvases.count)
        let warmUpRounds = 2
        for round in 0..<(warmUpRounds + motionEvents / eventsPerStroke) {
            for (index, (canvas, hasPressure)) in canvases.enumerated() {
                var walk = walks[index]
                defer { walks[index] = walk }
                walk.lift()
                let pen = walk.pen()
                (canvas.engine.strokeStyle.color, canvas.engine.strokeStyle.size) = (pen.color, pen.size)
                // A stylus with pressure, or a mouse: the pen tool draws either, as in the app.
                let device: ToolEvent.Device = hasPressure ? .pen : .mouse
                func pressure(at event: Int) -> Float? { hasPressure ? BigScribble.pressure(at: event) : nil }
                canvas.handle(ToolEvent(kind: .press, point: walk.current, device: device, pressure: pressure(at: 0), button: 1))
                canvas.present()
                for event in 0..<eventsPerStroke {
                    let motion = ToolEvent(kind: .motion, point: walk.next(), device: device, pressure: pressure(at: event + 1), isPrimaryDown: true)
                    let start = monotonicNanoseconds()
                    canvas.handle(motion)
                    canvas.present()
                    let elapsed = Double(monotonicNanoseconds() - start) / 1e3
                    if round >= warmUpRounds { samples[index].append(elapsed) }
                }
                canvas.handle(ToolEvent(kind: .release, point: walk.current, device: device, pressure: pressure(at: eventsPerStroke), button: 1))
                canvas.present()
            }
        }
        return samples.map(median)
    }

    /// The median time from undoing the big scribble's last stroke (through the history) to
    /// the window showing the drawing without it — repainted in place, or, where the stroke
    /// covers too much of a big drawing for that, by a background full frame, as the app does;
    /// redone, untimed, between rounds.
    static func undoMilliseconds(rounds: Int = 15) -> Double {
        let history = CommandHistory()
        let canvas = CanvasHarness(BigScribble.scribble(history: history))
        var samples: [Double] = []
        for _ in 0..<rounds {
            samples.append(
                milliseconds {
                    history.undo()
                    canvas.waitForCurrentFrame()
                    canvas.present()
                })
            history.redo()
            canvas.waitForCurrentFrame()
            canvas.present()
        }
        return median(samples)
    }

    /// The median time to render the big scribble whole into a 1024×768 image on each of
    /// `backgrounds`: the canvas' full frame. The backgrounds take turns, round by round, so
    /// whatever else the machine does weighs on them alike; textures are made beforehand.
    static func fullRenderMilliseconds(
        on backgrounds: [CanvasKind], rounds: Int = 5,
        scribble: Scribble = BigScribble.scribble()
    ) -> [Double] {
        backgrounds.forEach { _ = $0.texture(scale: 1) }
        var samples = [[Double]](repeating: [], count: backgrounds.count)
        for _ in 0..<rounds {
            for (index, background) in backgrounds.enumerated() {
                samples[index].append(
                    milliseconds {
                        _ = CanvasBackdrop(
                            rendering: scribble.root, width: CanvasHarness.size.width,
                            height: CanvasHarness.size.height, scale: 1, background: background)
                    })
            }
        }
        return samples.map(median)
    }

    /// The median time to generate the texture of `kind` at `scale`, as a canvas' first
    /// frame of that kind does once per process (each round in a cache of its own).
    static func textureMilliseconds(_ kind: CanvasKind, scale: Int, rounds: Int = 5) -> Double {
        median(
            (0..<rounds).map { _ in
                milliseconds { _ = CanvasTextureCache().texture(for: kind, scale: scale) }
            })
    }
}
