import ArgumentParser
import ScribbleKit

extension ExportCommand {
    /// `touchpainter export IN OUT.webm|apng [--speed N] [--keep-idle] [--width W] [--canvas K]`:
    /// a time-lapse of the drawing's history, the way the player's `Export Video…` makes it.
    /// A version 5 file keeps its removals, so the video shows marks erased or undone appear and go.
    func exportTimelapse(_ format: TimelapseFormat) throws {
        var rate = ReplayViewController.defaultSpeed
        if let speed {
            guard let value = Int64(speed), value >= 1, value <= TimelapseSchedule.fastestSpeed else {
                throw usage("--speed must be a whole number from 1 to \(TimelapseSchedule.fastestSpeed): \(speed)")
            }
            rate = value
        }
        var videoWidth: Int?
        if let width {
            guard let value = Int(width), value >= 2, value <= TimelapseRenderer.maximumSide else {
                throw usage("--width must be a whole number from 2 to \(TimelapseRenderer.maximumSide) for a time-lapse: \(width)")
            }
            videoWidth = value
        }
        if scale != nil || transparent { throw usage("--scale and --transparent are not for a time-lapse (.webm or .apng)") }
        guard let kind = CanvasKind(rawValue: canvas) else { throw usage("--canvas must be plain, paper or cloth: \(canvas)") }

        do {
            try Exporter.checkOutput(output, input: input)
        } catch {
            throw failure("cannot write \(output): \(error)")
        }
        let scribble: Scribble
        do {
            if XoppImporter.opens(input) {
                let notebook = try XoppImporter.read(input)
                if let summary = notebook.leftOut.summary { StandardError.write("touchpainter: note: \(summary)") }
                scribble = notebook.scribble
            } else {
                scribble = try ScribbleManager.loadScribble(path: input)
            }
        } catch {
            throw failure("cannot read \(input): \(error)")
        }
        scribble.startKeepingTime() // a file of a version before times: an even pace
        let job = TimelapseJob(
            timeline: ReplayTimeline(scribble), skippingIdle: !keepIdle, speed: rate, width: videoWidth,
            options: ExportOptions(canvas: kind))
        do {
            try job.write(format, to: output, input: input)
        } catch {
            throw failure("cannot write \(output): \(error)")
        }
    }
}
