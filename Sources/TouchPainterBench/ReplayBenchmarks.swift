import Foundation
import ScribbleKit

/// The replay's costs on the big scribble drawn by hand: what times add to the file, a seek
/// to a random moment until that frame is on the canvas, a frame of playing at 32×, and a
/// minute of time-lapse video of it, made by `touchpainter export`.
@MainActor
enum ReplayBenchmarks {
    /// Reads a clock the benchmark moves itself, as a hand's motion events would.
    final class Ticks: @unchecked Sendable {
        var nanoseconds: UInt64 = 1_000_000_000
    }

    /// The big scribble as drawn by hand on a scribble keeping time: each vertex 4–17 ms
    /// after the one before (motion events at 60–240 Hz), 300–1500 ms between strokes.
    static func timedScribble() -> Scribble {
        let ticks = Ticks()
        var random = SplitMix64(seed: 31)
        let scribble = Scribble()
        scribble.clock = ScribbleClock(reading: { ticks.nanoseconds })
        scribble.startKeepingTime()
        for source in BigScribble.strokes() {
            ticks.nanoseconds += (300 + random.next() % 1200) * 1_000_000
            let stroke = Stroke(color: source.color, size: source.size)
            stroke.reserveCapacity(source.count)
            stroke.append(source.location)
            scribble.add(stroke)
            for case .vertex(let point) in source.elements.dropFirst() {
                ticks.nanoseconds += (4 + random.next() % 14) * 1_000_000
                scribble.append(point, to: stroke)
            }
            scribble.finish(stroke)
        }
        return scribble
    }

    /// Runs the replay metrics.
    static func run(into report: Report) {
        let scribble = timedScribble()
        let timed = scribble.makeMemento().data.count
        let untimed = BigScribble.scribble().makeMemento().data.count
        report.add(
            "file_bytes_per_vertex_timed", Double(timed - untimed) / Double(BigScribble.vertexCount), "B", limit: 1.2)

        let timeline = ReplayTimeline(scribble)
        let player = ReplayPlayer(timeline)
        let harness = CanvasHarness(player.scribble)
        // A seek: the drawing at a random moment put in place and the main thread free again
        // (what the scrubber waits for); the frame of a large drawing is rendered in the
        // background, as any full frame is, and timed apart.
        var random = SplitMix64(seed: 7)
        var seeks: [Double] = [], frames: [Double] = []
        for _ in 0..<20 {
            let time = Int64(random.next() % UInt64(timeline.duration))
            let start = monotonicNanoseconds()
            player.seek(to: time)
            harness.present()
            seeks.append(Double(monotonicNanoseconds() - start) / 1e6)
            harness.waitForCurrentFrame()
            harness.present()
            frames.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        report.add("replay_seek_ms@1m", median(seeks), "ms", limit: 100)
        report.add("replay_seek_to_frame_ms@1m", median(frames), "ms")

        // Playing at 32×: each 16 ms frame moves the drawing on by 512 ms.
        player.seek(to: timeline.duration / 3)
        harness.waitForCurrentFrame()
        harness.present()
        frames = []
        for _ in 0..<600 {
            let time = player.time + 16 * 32
            frames.append(
                milliseconds {
                    player.advance(to: time)
                    harness.present()
                })
        }
        report.add("replay_frame_ms_p99@1m", percentile(frames, 0.99), "ms", limit: 16)

        report.add("file_removals_growth_pct", removalsGrowth(of: scribble), "%")
    }

    /// What keeping the marks taken off (format version 5) adds to the file of a drawing with
    /// erasing: 50 of the big scribble's strokes erased whole and 50 cut in two by the part
    /// eraser, a second apart, against the same drawing's file without them, in percent.
    static func removalsGrowth(of scribble: Scribble) -> Double {
        let ticks = Ticks()
        ticks.nanoseconds = UInt64(scribble.historyEnd + 1000) * 1_000_000
        scribble.clock = ScribbleClock(reading: { ticks.nanoseconds })
        scribble.settleHistory() // the drawing so far is one step, the erasures each another
        for index in stride(from: 0, to: 1000, by: 10) {
            ticks.nanoseconds += 1_000_000_000
            guard index < scribble.root.count, let mark = scribble.root.child(at: index) else { continue }
            if index % 20 == 0 {
                scribble.remove(mark)
            } else if let stroke = mark as? Stroke, case .vertex(let middle) = stroke.elements[stroke.count / 2],
                let erasure = stroke.erased(by: EraserStep(from: middle, to: middle, radius: 4))
            {
                scribble.replaceMarks(at: index, count: 1, with: erasure.pieces)
            }
            scribble.settleHistory() // one step each, as the document takes them
        }
        let with = scribble.makeMemento(withHistory: true).data.count, without = scribble.makeMemento().data.count
        return Double(with - without) / Double(without) * 100
    }

    /// The time-lapse of the big scribble drawn by hand: `touchpainter export IN OUT.webm`
    /// at the speed that makes it a minute of video at most, 1280 px wide, timed from the
    /// process' start to its exit (rendering, encoding, writing).
    static func runTimelapse(into report: Report, folder: String, app: String) throws {
        let scribble = timedScribble()
        let input = folder + "/timelapse-big.scribble", output = folder + "/timelapse.webm"
        try ScribbleManager.save(scribble, toPath: input)
        let pace = ReplayPace(ReplayTimeline(scribble), skippingIdle: true)
        let speed = (pace.playDuration + 59_999) / 60_000
        let schedule = TimelapseSchedule(pace: pace, speed: speed)
        // The frames alone, in this process: what the app's renderer costs of the whole.
        let renderer = try TimelapseRenderer(timeline: ReplayTimeline(scribble), schedule: schedule, width: 1280)
        let rendering = try milliseconds { for index in 0..<schedule.frameCount { _ = renderer.render(frame: index) } }
        report.add("timelapse_render_ms_per_frame@1m", rendering / Double(schedule.frameCount), "ms")
        let cpuBefore = childrenCPUSeconds()
        let start = monotonicNanoseconds()
        _ = try ChildProcess.run(app, arguments: ["export", input, output, "--speed", "\(speed)", "--width", "1280"], timeout: 600)
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let made = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        report.add("timelapse_encode_s@1m", made > 0 ? seconds : .nan, "s", limit: 60)
        // The processor time it took, on every core (the wall time depends on what else runs).
        report.add("timelapse_encode_cpu_s@1m", childrenCPUSeconds() - cpuBefore, "s")
        report.add("timelapse_video_s@1m", Double(schedule.videoDuration) / 1000, "s")
        report.add("timelapse_webm_mb@1m", Double(made) / 1e6, "MB")
    }

    /// User and system time of the children ended so far, in seconds.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
