import FoundationEssentials
import Glibc
import GtkKit

/// Opt-in timing lines for `touchpainter-bench`, off unless the environment asks (README,
/// "Performance"):
///
/// - `TOUCHPAINTER_REPORT_TIMINGS=1` prints to stderr
///   `first-frame-ms <ms since the process started> monotonic-ns <CLOCK_MONOTONIC now>`
///   when the canvas first draws; `gallery-first-frame-ms <ms>` from each request to open
///   the gallery to the gallery's first drawn frame; `full-frame vertices <n>` each time the
///   canvas puts up a new full frame; and, after the first frame, `main-loop-stall-ms <ms>`
///   whenever the GTK main loop was kept from running for more than 8 ms, each followed by
///   `main-loop-stall-own-ms <ms>`, that stall less the time the main thread waited for a
///   processor other processes held (what the tests bound: it does not grow with the
///   machine's load); and, at the end of
///   each canvas frame, `motion-to-frame-ms <ms>` for each drawing motion event since the
///   previous frame: from the event to the end of the frame that shows its segment; and
///   `gallery-tiles-ms <ms> <tiles>` at the gallery's first frame after every thumbnail the
///   opened gallery started loading (those on screen: the proxies load when first drawn)
///   has its picture or broken tile: the frame that shows them; and `gallery-shown <entries>
///   <CLOCK_REALTIME ms>` at the gallery's first frame after each listing (a live update
///   too: the time a file was completed is compared with it); and `settled` each time a
///   client sets the X property `_TOUCHPAINTER_SETTLE` on the main window (`answerSettleRequests`).
/// - `TOUCHPAINTER_REPORT_STALLS=0` leaves out the stall lines: their watch wakes the main
///   loop every 4 ms, CPU time the motion benchmark must not charge to the app.
/// - `TOUCHPAINTER_BENCH_OPEN_GALLERY=1` opens the gallery by itself, from an idle callback
///   after the first frame, as if Open had been pressed.
/// - `TOUCHPAINTER_BENCH_REOPEN_GALLERY=1` then, a second after its thumbnails showed, goes
///   back to the canvas and opens the gallery again (a second `gallery-tiles-ms` line).
/// - `TOUCHPAINTER_BENCH_STAMP_TEMPLATE=1` chooses the first kept template a second after the
///   first frame and stamps it once, as a click would: it prints `template-open-soon` half
///   a second before it reads the template (the bench takes the app's memory then) and
///   `template-stamp` as it clicks.
///
/// `main` makes one only when one of these variables is set (`init?(environment:)`) and hands
/// it to the coordinator as its `Instrumentation`; otherwise nothing reports, and the canvas'
/// draw and motion paths make no call. Everything here runs on the GTK main thread.
@MainActor
final class TimingReport: Instrumentation {
    /// True when `TOUCHPAINTER_REPORT_TIMINGS=1`.
    let isEnabled: Bool
    /// False when `TOUCHPAINTER_REPORT_STALLS=0`.
    private let reportsStalls: Bool
    /// True when `TOUCHPAINTER_BENCH_OPEN_GALLERY=1`.
    private let opensGallery: Bool
    /// True when `TOUCHPAINTER_BENCH_REOPEN_GALLERY=1`, until the gallery was opened again.
    private var reopensGallery: Bool
    /// True when `TOUCHPAINTER_BENCH_STAMP_TEMPLATE=1`.
    private let stampsTemplate: Bool

    /// What opens the gallery, for `TOUCHPAINTER_BENCH_OPEN_GALLERY` (the app sets it).
    var openGallery: (@MainActor @Sendable () -> Void)?
    /// What goes back to the canvas, for `TOUCHPAINTER_BENCH_REOPEN_GALLERY` (the app sets it).
    var closeGallery: (@MainActor @Sendable () -> Void)?
    /// What chooses the first template and stamps it, reporting each step through the line
    /// it is given, for `TOUCHPAINTER_BENCH_STAMP_TEMPLATE` (the app sets it).
    var stampTemplate: (@MainActor @Sendable (@escaping @MainActor (String) -> Void) -> Void)?

    /// Runs its closure once the canvas on screen shows the drawing as it is now, for a
    /// settle (the app sets it).
    var whenCanvasIsCurrent: (@MainActor (@escaping @MainActor () -> Void) -> Void)?
    /// Whether a save of the drawing is under way, for a settle (the app sets it).
    var isSaving: (@MainActor () -> Bool)?

    private var sawFirstFrame = false
    /// When the gallery was last asked for and has not drawn since (CLOCK_MONOTONIC ns).
    private var galleryRequestedAt: UInt64?
    /// When each drawing motion event no canvas frame has shown yet happened (CLOCK_MONOTONIC ns).
    private var motionsAwaitingFrame: [UInt64] = []

    /// A report as `environment` asks for, or `nil` when it asks for no timing lines and no
    /// gallery opened by itself.
    init?(environment: [String: String]) {
        isEnabled = environment["TOUCHPAINTER_REPORT_TIMINGS"] == "1"
        reportsStalls = environment["TOUCHPAINTER_REPORT_STALLS"] != "0"
        opensGallery = environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] == "1"
        reopensGallery = environment["TOUCHPAINTER_BENCH_REOPEN_GALLERY"] == "1"
        stampsTemplate = environment["TOUCHPAINTER_BENCH_STAMP_TEMPLATE"] == "1"
        guard isEnabled || opensGallery || stampsTemplate else { return nil }
    }

    /// The canvas drew (call at the end of its `draw`): report the motions this frame shows;
    /// the first time, report the startup time and maybe open the gallery.
    func canvasDidDraw() {
        if !motionsAwaitingFrame.isEmpty { reportMotionsShown() }
        guard !sawFirstFrame else { return }
        sawFirstFrame = true
        if isEnabled {
            let now = monotonicNanoseconds()
            let sinceStart = secondsSinceProcessStart().map { Self.tenths($0 * 1000) } ?? "nan"
            report("first-frame-ms \(sinceStart) monotonic-ns \(now)")
            if reportsStalls { watchMainLoop() }
        }
        if opensGallery, let openGallery {
            MainLoop.perform { openGallery() }
        }
        if stampsTemplate, let stampTemplate {
            MainLoop.after(milliseconds: 1000) { [weak self] in stampTemplate { self?.report($0) } }
        }
    }

    /// The canvas put up a new full frame of a drawing with `vertices` vertices.
    func canvasDidShowFullFrame(vertices: Int) {
        guard isEnabled else { return }
        report("full-frame vertices \(vertices)")
    }

    /// A motion event that draws reached the canvas, `eventTime` its display server's time: it
    /// is timed to the end of the next canvas frame, which shows its segment.
    func motionArrived(at eventTime: UInt32) {
        guard isEnabled else { return }
        motionsAwaitingFrame.append(startOfEvent(timed: eventTime))
    }

    /// When the event the X server timed at `eventMilliseconds` happened, CLOCK_MONOTONIC ns.
    ///
    /// X event times are the server's milliseconds, which Xorg and Xvfb take from
    /// CLOCK_MONOTONIC: measuring from them (not from when the handler ran) counts the time
    /// the event waited in the server's, Xlib's and GDK's queues — the wait behind a slow main
    /// loop that a user feels. They are truncated to the millisecond, so up to 1 ms more is
    /// counted. A server on another clock gives a time that does not fit (in the future or
    /// more than 10 s ago), as does no event at all (0): then the handler's time is used.
    private func startOfEvent(timed eventMilliseconds: UInt32) -> UInt64 {
        let now = monotonicNanoseconds()
        let nowMilliseconds = now / 1_000_000
        let age = UInt32(truncatingIfNeeded: nowMilliseconds) &- eventMilliseconds // the server's times wrap at 2^32 ms
        return age > 10_000 ? now : (nowMilliseconds - UInt64(age)) * 1_000_000
    }

    /// One `motion-to-frame-ms` line for each motion waiting for a frame, in one write.
    /// Formatted by hand into bytes kept from frame to frame, without Foundation or a string
    /// a line: this runs on every frame of a drag, and the benchmark counts the process' CPU
    /// time, this report's included.
    private func reportMotionsShown() {
        let now = monotonicNanoseconds()
        motionLines.removeAll(keepingCapacity: true)
        for start in motionsAwaitingFrame {
            let microseconds = (now - start) / 1_000
            motionLines.append(contentsOf: Self.motionLinePrefix)
            Self.appendDecimal(microseconds / 1_000, to: &motionLines)
            let fraction = microseconds % 1_000
            motionLines.append(contentsOf: [UInt8(ascii: "."), Self.digit(fraction / 100), Self.digit(fraction / 10 % 10), Self.digit(fraction % 10)])
            motionLines.append(UInt8(ascii: "\n"))
        }
        motionLines.withUnsafeBytes { StandardError.write($0) } // one write(2) for them all
        motionsAwaitingFrame.removeAll(keepingCapacity: true)
    }

    /// The `motion-to-frame-ms` lines of a frame, as written.
    private var motionLines: [UInt8] = []
    private static let motionLinePrefix = Array("motion-to-frame-ms ".utf8)

    /// The ASCII digit of `value` (0…9).
    private static func digit(_ value: UInt64) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }

    /// Appends `value` in decimal.
    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        let first = bytes.count
        var rest = value
        repeat {
            bytes.append(digit(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[first...].reverse()
    }

    /// The coordinator was asked to show the gallery.
    func galleryRequested() {
        guard isEnabled else { return }
        galleryRequestedAt = monotonicNanoseconds()
        tilesRequestedAt = galleryRequestedAt
        tilesLoaded = 0
        galleryListed = false
    }

    /// When the gallery was last asked for, until its thumbnails on screen have loaded.
    private var tilesRequestedAt: UInt64?
    /// Thumbnails loading now, and loaded since the gallery was asked for.
    private var tilesLoading = 0, tilesLoaded = 0

    /// A gallery tile's thumbnail started loading (it was drawn for the first time).
    func thumbnailLoadStarted() {
        guard isEnabled else { return }
        tilesLoading += 1
    }

    /// A thumbnail finished loading; once the last of the gallery's on-screen ones has, the
    /// gallery's next frame — the one that shows them — reports the time.
    func thumbnailLoadFinished() {
        guard isEnabled else { return }
        tilesLoading -= 1
        tilesLoaded += 1
        guard tilesLoading == 0, let requestedAt = tilesRequestedAt else { return }
        tilesRequestedAt = nil
        tilesAwaitingFrame = requestedAt
        // A tile redraws only itself, inside the scrolled list's own window: a frame that
        // draws the page, and so reports, is asked for (thumbnails made afresh finish after
        // the gallery's first frame, and their time was never reported).
        galleryPage?.queueDraw()
    }

    /// When the gallery was asked for, while its loaded thumbnails wait for a frame to show them.
    private var tilesAwaitingFrame: UInt64?

    /// The gallery put up the tiles of its listing (made off the main thread): its first
    /// frame after this one counts, not a frame of the tiles it showed before.
    func galleryDidList(count: Int) {
        galleryListed = true
        listedCount = count
        // A listing that changed nothing on screen (the gallery reopened) draws no frame by itself.
        galleryPage?.queueDraw()
    }

    /// The gallery's page, whose frames are reported.
    private var galleryPage: Widget?

    /// Whether the listing asked for arrived.
    private var galleryListed = false
    /// The entries of the last listing, until a frame shows it.
    private var listedCount: Int?

    /// Reports the first frame of `page` (the gallery's page) showing each request's listing: connects,
    /// when timings are on, a handler that runs after the page and its children have drawn.
    func galleryPageMade(_ page: Widget) {
        guard isEnabled else { return }
        galleryPage = page
        page.onDrawn { [weak self] in self?.galleryDidDraw() }
    }

    private func galleryDidDraw() {
        if let count = listedCount {
            listedCount = nil
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            report("gallery-shown \(count) \(Self.tenths(Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6))")
        }
        // The first frame of the listing started no load: every tile on screen had its
        // picture already (kept from the last time the gallery was open).
        if galleryListed, galleryRequestedAt != nil, tilesLoading == 0, let requestedAt = tilesRequestedAt {
            tilesRequestedAt = nil
            tilesAwaitingFrame = requestedAt
        }
        if let requestedAt = tilesAwaitingFrame {
            tilesAwaitingFrame = nil
            report("gallery-tiles-ms \(Double((monotonicNanoseconds() - requestedAt) / 1_000) / 1_000) \(tilesLoaded)")
            if reopensGallery, let closeGallery, let openGallery {
                reopensGallery = false
                MainLoop.after(milliseconds: 1000) { closeGallery() }
                MainLoop.after(milliseconds: 1300) { openGallery() }
            }
        }
        guard galleryListed, let requestedAt = galleryRequestedAt else { return }
        galleryRequestedAt = nil
        let milliseconds = Double(monotonicNanoseconds() - requestedAt) / 1e6
        report("gallery-first-frame-ms " + Self.tenths(milliseconds))
    }

    /// `value` to one decimal place ("12.3"), as the bench parses it; not `String(format:)`,
    /// whose formatting would link the ICU libraries (some 40 MB) into the binary.
    nonisolated static func tenths(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        let tenths = Int((abs(value) * 10).rounded())
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    /// Answers a test driver's knock — the X property `_TOUCHPAINTER_SETTLE` set on `window`
    /// after its clicks and keys — with `settled` once the app has done what they asked:
    /// the events before the knock handled (the X server delivers them in order), the work
    /// they put on the background lanes done and handed back, a frame painted after that,
    /// a save under way written, the canvas' full frame of the drawing as it is now up,
    /// nothing else waiting on the main loop, and the display server through with what the app sent it. What a test then
    /// sees or reads is the app's answer, with no sleep to guess how long that takes on a
    /// busy machine. (A file being read is not waited for: tests watch what shows meanwhile.)
    func answerSettleRequests(on window: Widget) {
        guard isEnabled else { return }
        window.onPropertySet(named: "_TOUCHPAINTER_SETTLE") { [weak self, weak window] in
            WorkLanes.afterWorkAskedSoFar {
                window?.onEachFrame {
                    MainLoop.performWhenIdle { self?.settleCanvas() }
                    return false
                }
            }
        }
    }

    /// The settle's last steps: a save under way written, the canvas' current full frame, an
    /// idle main loop, a round trip to the display server; then `settled`.
    private func settleCanvas() {
        let settled: @MainActor @Sendable () -> Void = { [weak self] in
            Gtk.syncDisplay()
            self?.report("settled")
        }
        afterSaves { [weak self] in
            guard let whenCanvasIsCurrent = self?.whenCanvasIsCurrent else { return settled() }
            whenCanvasIsCurrent { MainLoop.performWhenIdle(settled) }
        }
    }

    /// Runs `body` once no save is under way, looking every 10 ms (a save runs on the
    /// document's own thread and tells the main thread when it ends).
    private func afterSaves(_ body: @escaping @MainActor @Sendable () -> Void) {
        guard isSaving?() == true else { return body() }
        MainLoop.after(milliseconds: 10) { [weak self] in
            guard let self else { return body() }
            self.afterSaves(body)
        }
    }

    /// Ticks every `stallTick` ms and reports the ticks that came late by more than 8 ms:
    /// how long something kept the main loop (and so input and drawing) waiting. Each such
    /// line is followed by `main-loop-stall-own-ms`, the same stall less the time the main
    /// thread stood ready to run while other processes had the processors (the scheduler's
    /// run-queue wait): what the app's own work and waits cost, whatever the machine's load.
    private func watchMainLoop() {
        var last = monotonicNanoseconds()
        var lastQueued = MainThreadSchedule.runQueueNanoseconds()
        let tick = stallTick
        MainLoop.every(milliseconds: tick) { [weak self] in
            guard let self else { return false }
            let now = self.monotonicNanoseconds()
            let queued = MainThreadSchedule.runQueueNanoseconds()
            let late = Double(now - last) / 1e6 - Double(tick)
            let queuedMilliseconds = Double(queued &- lastQueued) / 1e6
            last = now
            lastQueued = queued
            if late > 8 {
                self.report("main-loop-stall-ms " + Self.tenths(late))
                self.report("main-loop-stall-own-ms " + Self.tenths(max(0, late - queuedMilliseconds)))
            }
            return true
        }
    }

    private let stallTick: UInt32 = 4

    private func report(_ line: String) {
        StandardError.write(line)
    }

    /// CLOCK_MONOTONIC, the clock the benchmark reads too.
    private func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Seconds since the kernel started this process: field 22 of `/proc/self/stat` (clock
    /// ticks after boot, so 10 ms steps) against CLOCK_BOOTTIME.
    private func secondsSinceProcessStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // The command name (field 2) may hold spaces; the fields after its ")" do not.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
