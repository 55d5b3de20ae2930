import GstKit
import ScribbleKit

/// A time-lapse's frames into a WebM video: GstKit's GStreamer encoder as a `TimelapseSink`,
/// its failures told in the user's language.
final class WebMWriter: TimelapseSink {
    private let encoder: VideoEncoder

    /// A writer of `width`×`height` frames into `descriptor` (see `VideoEncoder`).
    init(descriptor: Int32, width: Int, height: Int) throws(VideoFailure) {
        do {
            encoder = try VideoEncoder(
                width: width, height: height, framesPerSecond: TimelapseSchedule.framesPerSecond, descriptor: descriptor)
        } catch {
            throw VideoFailure(error)
        }
    }

    func append(_ pixels: UnsafeRawBufferPointer) throws {
        do { try encoder.append(pixels) } catch { throw VideoFailure(error) }
    }

    func finish() throws {
        do { try encoder.finish() } catch { throw VideoFailure(error) }
    }

    func cancel() { encoder.cancel() }
}

/// Why GStreamer could not make a video, in one line for the user.
struct VideoFailure: Error, CustomStringConvertible {
    let description: String

    init(_ error: VideoError) {
        switch error {
        case .missingElement(let message):
            description = tr(
                "GStreamer lacks a part the video needs (%1$s); install gstreamer1.0-plugins-base and gstreamer1.0-plugins-good", message)
        case .gstreamer(let message):
            description = tr("GStreamer could not make the video: %1$s", message)
        case .unsupportedSize(let width, let height, let minimum, let maximum):
            description = tr(
                "a WebM video must be %1$s to %2$s pixels a side, and this one would be %3$s×%4$s; make it wider or taller, or choose an animated PNG (.apng)",
                String(minimum), String(maximum), String(width), String(height))
        }
    }
}
