import ScribbleKit

/// One time-lapse export, as the player's `Export Video…` and `touchpainter export … OUT.webm`
/// ask for it: the history, its pace, the speed, the size and the background. It is made on
/// the main thread and run on another (`write`).
///
/// `@unchecked Sendable`: the timeline is not changed after it is made, and the marks it
/// holds are finished ones, which never change in place (`ReplayTimeline`); the job only reads them.
struct TimelapseJob: @unchecked Sendable {
    /// The history played.
    let timeline: ReplayTimeline
    /// Whether idle gaps longer than 2 s are cut (`ReplayPace`).
    let skippingIdle: Bool
    /// Multiples of the drawing's pace (1…`TimelapseSchedule.fastestSpeed`).
    let speed: Int64
    /// The video's width, if not the drawing's (at most `TimelapseRenderer.maximumSide`).
    let width: Int?
    /// The background and canvas under the marks.
    let options: ExportOptions

    /// Renders and writes the time-lapse to `path` (WebM or APNG by `format`) atomically,
    /// never over `input`; `progress` hears the frames done and may answer `false` to stop
    /// (then `TimelapseCancelled` is thrown and nothing is left behind).
    func write(
        _ format: TimelapseFormat, to path: String, input: String?,
        progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) throws {
        let schedule = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: skippingIdle), speed: speed)
        let renderer = try TimelapseRenderer(timeline: timeline, schedule: schedule, width: width, options: options)
        try renderer.write(
            to: path, input: input,
            sink: { descriptor throws -> any TimelapseSink in
                switch format {
                case .webm:
                    try WebMWriter(descriptor: descriptor, width: renderer.width, height: renderer.height)
                case .apng:
                    APNGWriter(
                        descriptor: descriptor, path: path, width: renderer.width, height: renderer.height,
                        framesPerSecond: TimelapseSchedule.framesPerSecond)
                }
            }, progress: progress)
    }
}
