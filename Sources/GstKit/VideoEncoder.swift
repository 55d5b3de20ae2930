import CGStreamer

/// Encodes raw frames into a WebM video (VP8) with GStreamer, the GNOME media framework:
/// `appsrc → videoconvert → vp8enc → webmmux → fdsink`, writing to a file descriptor the
/// caller opened (a temporary file it later renames into place, so a half-written video
/// never takes the name).
///
/// Frames go in on the caller's thread (`append`); GStreamer converts and encodes them on
/// threads of its own. The source blocks once a few frames wait, so a renderer faster than
/// the encoder never piles up memory. One thread uses an encoder; it is not shared.
public final class VideoEncoder {
    /// Frames a second the video plays at.
    public let framesPerSecond: Int
    /// The frames' size in pixels.
    public let width: Int, height: Int
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let source: UnsafeMutablePointer<GstAppSrc>
    private let bus: UnsafeMutablePointer<GstBus>
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
        "appsrc name=source format=time block=true ! videoconvert n-threads=2 ! "
            + "vp8enc deadline=1 cpu-used=-16 threads=1 end-usage=vbr target-bitrate=\(bitrate) keyframe-max-dist=300 ! "
            + "webmmux ! fdsink name=sink"
    }

    /// GStreamer, set up once for the process; `nil`, or why it could not be.
    private static let initialisation: String? = {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) != 0 else { return VideoEncoder.take(error) ?? "gst_init failed" }
        return nil
    }()

    /// An encoder of `width`×`height` frames at `framesPerSecond`, writing the WebM file to
    /// `descriptor` (an open, seekable, writable file: the muxer goes back to write the
    /// length). The descriptor stays the caller's to close.
    /// - Throws: `VideoError` when GStreamer or one of its elements is missing, or the
    ///   pipeline cannot start.
    public init(width: Int, height: Int, framesPerSecond: Int, descriptor: Int32) throws(VideoError) {
        if let failure = Self.initialisation { throw .gstreamer(failure) }
        (self.width, self.height, self.framesPerSecond) = (width, height, framesPerSecond)
        // About a tenth of a bit a pixel: drawings are mostly flat colour, and sharp lines
        // need more than a film would.
        let bitrate = max(500_000, width * height * framesPerSecond / 10)
        var error: UnsafeMutablePointer<GError>?
        let made = gst_parse_launch(Self.description(bitrate: bitrate), &error)
        if let error {
            let missing = error.pointee.domain == gst_parse_error_quark() && error.pointee.code == Int32(GST_PARSE_ERROR_NO_SUCH_ELEMENT.rawValue)
            let message = Self.take(error) ?? "?"
            if let made { tp_gst_object_unref(made) }
            throw missing ? .missingElement(message) : .gstreamer(message)
        }
        guard let made else { throw .gstreamer("gst_parse_launch made nothing") }
        let bin = UnsafeMutableRawPointer(made).assumingMemoryBound(to: GstBin.self)
        guard let sourceElement = gst_bin_get_by_name(bin, "source"), let sink = gst_bin_get_by_name(bin, "sink"),
            let bus = gst_element_get_bus(made)
        else {
            tp_gst_object_unref(made)
            throw .gstreamer("the pipeline lacks its source or sink")
        }
        pipeline = made
        source = UnsafeMutableRawPointer(sourceElement).assumingMemoryBound(to: GstAppSrc.self)
        self.bus = bus
        tp_gst_set_int(sink, "fd", descriptor)
        tp_gst_object_unref(sink)
        _ = tp_gst_set_caps(source, "video/x-raw,format=BGRx,width=\(width),height=\(height),framerate=\(framesPerSecond)/1")
        tp_gst_set_uint64(source, "max-bytes", guint64(width * height * 4 * 4)) // four frames wait at most
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            let failure = pendingError() ?? "the pipeline would not start"
            close()
            throw .gstreamer(failure)
        }
    }

    deinit { close() }

    /// Appends one frame: `width`×`height` BGRx pixels (the fourth byte unused), rows of `width * 4` bytes, top first.
    /// It shows for one frame's time after the frame before.
    /// - Throws: `VideoError` when the pipeline failed (a full disk, an encoder error).
    public func append(_ pixels: UnsafeRawBufferPointer) throws(VideoError) {
        precondition(pixels.count == width * height * 4 && !isClosed)
        if let failure = pendingError() { throw .gstreamer(failure) }
        let start = guint64(frameCount) * 1_000_000_000 / guint64(framesPerSecond)
        let end = guint64(frameCount + 1) * 1_000_000_000 / guint64(framesPerSecond)
        guard let buffer = tp_gst_buffer_new(pixels.baseAddress, gsize(pixels.count), start, end - start) else {
            throw .gstreamer("no memory for a frame")
        }
        let flow = gst_app_src_push_buffer(source, buffer) // takes the buffer
        guard flow == GST_FLOW_OK else { throw .gstreamer(pendingError() ?? "the encoder stopped (flow \(flow.rawValue))") }
        frameCount += 1
    }

    /// Ends the video: waits until every frame is encoded and the file complete.
    /// - Throws: `VideoError` when encoding failed.
    public func finish() throws(VideoError) {
        precondition(!isClosed)
        defer { close() }
        _ = gst_app_src_end_of_stream(source)
        let types = GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime.max, types) else { return }
        defer { gst_message_unref(message) }
        if tp_gst_message_type(message) == GST_MESSAGE_ERROR { throw .gstreamer(Self.describe(message)) }
    }

    /// Stops at once, leaving the file incomplete (the caller discards it).
    public func cancel() {
        close()
    }

    /// Stops the pipeline and lets go of it (once).
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        gst_element_set_state(pipeline, GST_STATE_NULL)
        tp_gst_object_unref(source)
        tp_gst_object_unref(bus)
        tp_gst_object_unref(pipeline)
    }

    /// The first error the pipeline posted, if any (without waiting).
    private func pendingError() -> String? {
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return Self.describe(message)
    }

    /// An error message's text, with the element that posted it ("vp8enc0: …").
    private static func describe(_ message: UnsafeMutablePointer<GstMessage>) -> String {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        g_free(debug)
        let text = take(error) ?? "unknown error"
        guard let name = tp_gst_message_source_name(message) else { return text }
        return String(cString: name) + ": " + text
    }

    /// `error`'s message, freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}

/// Why a video could not be made.
public enum VideoError: Error, Equatable, Sendable {
    /// A GStreamer element the pipeline needs is not installed (GStreamer's message).
    case missingElement(String)
    /// GStreamer failed (its message).
    case gstreamer(String)
}
