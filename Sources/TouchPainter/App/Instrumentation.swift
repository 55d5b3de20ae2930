import GtkKit

/// What the app tells an observer of its timing as it goes: frames drawn, motion events,
/// the gallery's requests, listings and thumbnails. The benchmark's `TimingReport` is the
/// one observer; it is made in `main` only when the environment asks for timing lines, and
/// handed to what reports (`CoordinatingController.instrumentation`). Where none is, callers
/// hold `nil` and make no call at all: the draw and motion paths pay one `nil` check.
///
/// Every method has a no-op default, so an observer implements only what it watches.
@MainActor
protocol Instrumentation: AnyObject {
    /// The canvas finished drawing a frame.
    func canvasDidDraw()
    /// The canvas put up a new full frame of a drawing of `vertices` vertices.
    func canvasDidShowFullFrame(vertices: Int)
    /// A motion event that draws reached the canvas; `eventTime` is when it happened, the
    /// display server's milliseconds (`PointerEvent.time`).
    func motionArrived(at eventTime: UInt32)
    /// The gallery was asked for.
    func galleryRequested()
    /// The gallery's page was made: `page` is what draws its frames.
    func galleryPageMade(_ page: Widget)
    /// The gallery put up the tiles of a listing of `count` entries.
    func galleryDidList(count: Int)
    /// A gallery tile's thumbnail started loading.
    func thumbnailLoadStarted()
    /// A thumbnail finished loading (or failed to).
    func thumbnailLoadFinished()
}

extension Instrumentation {
    func canvasDidDraw() {}
    func canvasDidShowFullFrame(vertices: Int) {}
    func motionArrived(at eventTime: UInt32) {}
    func galleryRequested() {}
    func galleryPageMade(_ page: Widget) {}
    func galleryDidList(count: Int) {}
    func thumbnailLoadStarted() {}
    func thumbnailLoadFinished() {}
}
