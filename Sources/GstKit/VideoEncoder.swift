import CGStreamer
import Glibc

/// Encodes raw frames into a WebM video (VP8) with GStreamer, the GNOME media framework:
/// `appsrc → videoconvert → vp8enc → webmmux → fdsink`, writing to a file descriptor the
/// caller opened (a temporary file it later renames into place, so a half-written video
/// never takes the name).
///
/// Frames go in on the caller's thread (`append`); GStreamer converts and encodes them on
/// threads of its own. `append` waits once a few frames wait, so a renderer faster than
/// the encoder never piles up memory — watching the bus meanwhile, so an element that
/// fails (a full disk under the sink, an encoder's error) ends the export at once rather
/// than leaving it waiting for room that never comes. One thread uses an encoder; it is
/// not shared.
public final class VideoEncoder {
    /// Frames a second the video plays at.
    public let framesPerSecond: Int
    /// The frames' size in pixels.
    public let width: Int, height: Int
    // GStreamer's objects, opaque (see CGStreamer.h: GStreamer is loaded on first use).
    private let pipeline: UnsafeMutableRawPointer
    private let source: UnsafeMutableRawPointer
    private let bus: UnsafeMutableRawPointer
    /// How many frames went in.
    public private(set) var frameCount = 0
    private var isClosed = false

    /// How the pipeline is made: raw BGRx frames (Cairo's RGB24 on a little-endian
    /// machine) in, converted on two threads; VP8 at libvpx's real-time deadline at its
    /// fastest speed, held there (`cpu-used` -16: a positive value lets libvpx slow down to
    /// use each frame's 33 ms as if it were live, while a time-lapse is made as fast as it
    /// can be); Matroska's WebM muxer.
    ///
    /// VP8 runs on **one** thread: libvpx's threads wait for each other's rows of
    /// macroblocks by spinning (`pause` in a loop), and on a busy machine a thread waiting for
    /// one that is not running spins through its whole time slice — the big scribble's
    /// minute of video took 164 s of processor time on two threads, 81 % of it spinning, and
    /// 25 s on one. The frames are rendered on the caller's thread meanwhile, so the two
    /// cores are used all the same.
    static func description(bitrate: Int) -> String {
        "appsrc name=source format=time block=false ! videoconvert n-threads=2 ! "
            + "vp8enc deadline=1 cpu-used=-16 threads=1 end-usage=vbr target-bitrate=\(bitrate) keyframe-max-dist=300 ! "
            + "webmmux ! fdsink name=sink"
    }

    /// An encoder of `width`×`height` frames at `framesPerSecond`, writing the WebM file to
    /// `descriptor` (an open, seekable, writable file: the muxer goes back to write the
    /// length). The descriptor stays the caller's to close. GStreamer is loaded and set up
    /// the first time.
    /// - Throws: `VideoError` when GStreamer or one of its elements is missing, or the
    ///   pipeline cannot start.
    public init(width: Int, height: Int, framesPerSecond: Int, descriptor: Int32) throws(VideoError) {
        guard (Self.minimumSide...Self.maximumSide).contains(width), (Self.minimumSide...Self.maximumSide).contains(height) else {
            throw .unsupportedSize(width: width, height: height, minimum: Self.minimumSide, maximum: Self.maximumSide)
        }
        if let failure = tp_gst_load() { throw .gstreamer(String(cString: failure)) }
        (self.width, self.height, self.framesPerSecond) = (width, height, framesPerSecond)
        // About a tenth of a bit a pixel: drawings are mostly flat colour, and sharp lines
        // need more than a film would.
        let bitrate = max(500_000, width * height * framesPerSecond / 10)
        var error: UnsafeMutablePointer<CChar>?
        var missing: Int32 = 0
        guard let made = tp_gst_parse_launch(Self.description(bitrate: bitrate), &error, &missing) else {
            let message = Self.take(error) ?? "?"
            throw missing != 0 ? .missingElement(message) : .gstreamer(message)
        }
        guard let sourceElement = tp_gst_bin_get_by_name(made, "source"), let sink = tp_gst_bin_get_by_name(made, "sink"),
            let bus = tp_gst_element_get_bus(made)
        else {
            tp_gst_object_unref(made)
            throw .gstreamer("the pipeline lacks its source or sink")
        }
        (pipeline, source, self.bus) = (made, sourceElement, bus)
        tp_gst_set_int(sink, "fd", descriptor)
        tp_gst_object_unref(sink)
        _ = tp_gst_set_caps(source, "video/x-raw,format=BGRx,width=\(width),height=\(height),framerate=\(framesPerSecond)/1")
        tp_gst_set_uint64(source, "max-bytes", queueLimit) // four frames wait at most (`append` waits)
        guard tp_gst_element_play(pipeline) != 0 else {
            let failure = Self.take(tp_gst_next_error(bus, 0)) ?? "the pipeline would not start"
            close()
            throw .gstreamer(failure)
        }
    }

    deinit { close() }

    /// The smallest side WebM's muxer takes (`webmmux` refuses a frame under 16×16 pixels,
    /// and the pipeline would fail after starting).
    public static let minimumSide = 16
    /// The largest side VP8 encodes (`vp8enc`: 16383).
    public static let maximumSide = 16383

    /// The most bytes of frames that may wait for the encoder: four frames.
    private var queueLimit: UInt64 { UInt64(width * height * 4 * 4) }

    /// Appends one frame: `width`×`height` BGRx pixels (the fourth byte unused), rows of `width * 4` bytes, top first.
    /// It shows for one frame's time after the frame before.
    /// - Throws: `VideoError` when the pipeline failed (a full disk, an encoder error).
    public func append(_ pixels: UnsafeRawBufferPointer) throws(VideoError) {
        precondition(pixels.count == width * height * 4 && !isClosed)
        if let failure = Self.take(tp_gst_wait_for_room(source, bus, queueLimit)) { throw .gstreamer(failure) }
        let start = UInt64(frameCount) * 1_000_000_000 / UInt64(framesPerSecond)
        let end = UInt64(frameCount + 1) * 1_000_000_000 / UInt64(framesPerSecond)
        let flow = tp_gst_push_frame(source, pixels.baseAddress, pixels.count, start, end - start)
        guard flow != 1 else { throw .gstreamer("no memory for a frame") }
        guard flow == 0 else { throw .gstreamer(Self.take(tp_gst_next_error(bus, 0)) ?? "the encoder stopped (flow \(flow))") }
        frameCount += 1
    }

    /// Ends the video: waits until every frame is encoded and the file complete.
    /// - Throws: `VideoError` when encoding failed.
    public func finish() throws(VideoError) {
        precondition(!isClosed)
        defer { close() }
        tp_gst_end_of_stream(source)
        if let failure = Self.take(tp_gst_next_error(bus, 1)) { throw .gstreamer(failure) }
    }

    /// Stops at once, leaving the file incomplete (the caller discards it).
    public func cancel() {
        close()
    }

    /// Stops the pipeline and lets go of it (once).
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        tp_gst_element_stop(pipeline)
        tp_gst_object_unref(source)
        tp_gst_object_unref(bus)
        tp_gst_object_unref(pipeline)
    }

    /// A string CGStreamer returned, freeing it.
    private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}

/// Why a video could not be made.
public enum VideoError: Error, Equatable, Sendable {
    /// A GStreamer element the pipeline needs is not installed (GStreamer's message).
    case missingElement(String)
    /// GStreamer failed (its message).
    case gstreamer(String)
    /// Frames of this size cannot be made into a WebM video (its sides must be within
    /// `minimum`…`maximum` pixels); refused before the pipeline starts.
    case unsupportedSize(width: Int, height: Int, minimum: Int, maximum: Int)
}
