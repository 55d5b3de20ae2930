import FoundationEssentials
import Testing
@testable import ScribbleKit

/// The time-lapse export: frames at 30 a second and the speed chosen, idle gaps cut; each
/// frame the drawing at its moment (however the renderer keeps its picture between frames,
/// removals included); the size at most 1920 px; the file written whole or not at all.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TimelapseTests {
    let folder = TemporaryDirectory()

    private func document(_ clock: TestClock) -> Document { .timed(in: folder, clock) }

    /// Draws a stroke of six vertices 10 ms apart from `origin`.
    @discardableResult
    private func draw(on document: Document, _ clock: TestClock, at origin: Point, length: Float = 20) -> Stroke {
        document.drawTimed(clock, at: origin, color: Color(red: 20, green: 40, blue: 200), size: 6) { index in
            Point(x: Float(index) * length / 5, y: Float(index % 2) * 3)
        }
    }

    /// Two strokes 10 s apart (0–50 ms, 10050–10100 ms).
    private func twoStrokes() -> Document {
        let clock = TestClock()
        let document = document(clock)
        draw(on: document, clock, at: Point(x: 0, y: 0))
        clock.advance(10_000)
        draw(on: document, clock, at: Point(x: 40, y: 30))
        return document
    }

    @Test func theScheduleHasThirtyFramesASecondAtTheSpeedAndCutsIdleGaps() {
        let timeline = ReplayTimeline(twoStrokes().scribble)
        let skipping = ReplayPace(timeline, skippingIdle: true)
        #expect(skipping.playDuration == 50 + ReplayPace.keptPause + 50)
        let atOne = TimelapseSchedule(pace: skipping, speed: 1)
        #expect(atOne.frameCount == 600 * 30 / 1000 + 1) // 0.6 s of replay, and the first frame
        #expect(atOne.videoDuration == 633)
        #expect(atOne.playTime(ofFrame: 3) == 100) // a frame covers 33⅓ ms of replay at 1×
        #expect(TimelapseSchedule(pace: skipping, speed: 2).frameCount == 10)
        let plain = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: false), speed: 8)
        #expect(plain.frameCount == 39) // ⌈10100 ms × 30 / 8000⌉ + 1
        #expect(plain.drawingTime(ofFrame: 1) == 266)
        for schedule in [atOne, plain] {
            #expect(schedule.drawingTime(ofFrame: 0) == 0)
            #expect(schedule.drawingTime(ofFrame: schedule.frameCount - 1) == timeline.duration) // ends as the drawing is
            let times = (0..<schedule.frameCount).map(schedule.drawingTime(ofFrame:))
            #expect(times == times.sorted())
        }
        #expect(atOne.drawingTime(ofFrame: 17) == 10_050 + 17 * 1000 / 30 - 550) // after the cut, on the drawing's clock
        let empty = TimelapseSchedule(pace: ReplayPace(ReplayTimeline(Scribble()), skippingIdle: true), speed: 8)
        #expect(empty.frameCount == 1)
    }

    @Test func eachFrameIsTheDrawingAtItsMomentRemovalsIncluded() throws {
        let clock = TestClock()
        let document = document(clock)
        let first = draw(on: document, clock, at: Point(x: 0, y: 0))
        clock.advance(300)
        draw(on: document, clock, at: Point(x: 5, y: 4)) // over the first
        clock.advance(300)
        let remove = RemoveMarksCommand(scribble: document.scribble)
        remove.remove(first)
        document.commit(remove) // the first goes from under the second
        clock.advance(300)
        draw(on: document, clock, at: Point(x: 30, y: 20))
        let timeline = ReplayTimeline(document.scribble)
        let schedule = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: false), speed: 1)
        let played = try TimelapseRenderer(timeline: timeline, schedule: schedule)
        var distinct: Set<[UInt32]> = []
        for index in 0..<schedule.frameCount {
            let kept = pixels(played.render(frame: index))
            // A renderer that starts at this frame draws it whole, with no picture kept.
            let renderer = try TimelapseRenderer(timeline: timeline, schedule: schedule)
            let fresh = pixels(renderer.render(frame: index))
            let isSame = kept == fresh // (not the arrays themselves in a failure's message)
            #expect(isSame, "frame \(index)")
            distinct.insert(kept)
        }
        #expect(distinct.count > 6) // the strokes grow frame by frame, and one goes
        let end = pixels(played.render(frame: schedule.frameCount - 1))
        let atRemoval = pixels(played.render(frame: 18)) // 600 ms: both strokes, the first about to go
        let isSame = end == atRemoval
        #expect(!isSame)
    }

    @Test func theVideoIsTheHistorysSizeAtMost1920PixelsWideOnEvenSides() throws {
        let clock = TestClock()
        let document = document(clock)
        draw(on: document, clock, at: Point(x: 0, y: 0), length: 5000)
        let timeline = ReplayTimeline(document.scribble)
        let schedule = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: true), speed: 8)
        let wide = try TimelapseRenderer(timeline: timeline, schedule: schedule)
        #expect(wide.width == TimelapseRenderer.maximumSide)
        #expect(wide.height % 2 == 0 && wide.height < 30)
        let asked = try TimelapseRenderer(timeline: timeline, schedule: schedule, width: 641)
        #expect(asked.width == 642 && asked.height % 2 == 0)
        let small = try TimelapseRenderer(timeline: ReplayTimeline(twoStrokes().scribble), schedule: schedule)
        #expect(small.scale == 1 && small.width == 40 + 20 + 2 * 16 + 6) // the strokes' bounds, pens and margins
    }

    @Test func anAnimatedPNGHoldsTheChangedFramesAndIsWrittenWholeOrNotAtAll() throws {
        let timeline = ReplayTimeline(twoStrokes().scribble)
        let schedule = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: true), speed: 1)
        let renderer = try TimelapseRenderer(timeline: timeline, schedule: schedule)
        let path = folder.file("out.apng")
        try renderer.write(
            to: path, input: nil,
            sink: { descriptor in
                APNGWriter(descriptor: descriptor, path: path, width: renderer.width, height: renderer.height, framesPerSecond: 30)
            })
        let bytes = try FileSystem.readFile(path)
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: bytes[37..<41], as: UTF8.self) == "acTL")
        let frames = Int(bytes[41]) << 24 | Int(bytes[42]) << 16 | Int(bytes[43]) << 8 | Int(bytes[44])
        #expect(frames > 4 && frames < schedule.frameCount) // the still frames in the cut gap are merged
        #expect(String(decoding: bytes[(bytes.count - 8)..<(bytes.count - 4)], as: UTF8.self) == "IEND")

        // Cancelled halfway: the file before stays, and no temporary is left.
        let fresh = try TimelapseRenderer(timeline: timeline, schedule: schedule)
        #expect(throws: TimelapseCancelled.self) {
            try fresh.write(
                to: path, input: nil,
                sink: { descriptor in
                    APNGWriter(descriptor: descriptor, path: path, width: fresh.width, height: fresh.height, framesPerSecond: 30)
                }, progress: { done, _ in done < 5 })
        }
        #expect(try FileSystem.readFile(path) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { AtomicFile.isTemporaryName($0) }.isEmpty)
    }

    /// A frame's colours (the unused fourth byte of each pixel left out).
    private func pixels(_ buffer: UnsafeRawBufferPointer) -> [UInt32] {
        (0..<(buffer.count / 4)).map { buffer.load(fromByteOffset: $0 * 4, as: UInt32.self) & 0x00FF_FFFF }
    }
}
