/// When each frame of a time-lapse video is taken: 30 frames a second of video, each `speed`
/// times as much of the replay as a frame of the player at 1× (so at 8× a second of video
/// covers eight seconds of drawing), idle gaps cut as the replay's pace says. The first
/// frame is the drawing at its start (the marks made at once then); the last one is the
/// drawing as it is now.
public struct TimelapseSchedule: Sendable {
    /// Frames a second of video.
    public static let framesPerSecond = 30
    /// The fastest speed offered (the command line's `--speed`).
    public static let fastestSpeed: Int64 = 1000

    /// Multiples of the drawing's pace.
    public let speed: Int64
    /// How many frames the video has: enough to reach the end of the replay, plus the first.
    public let frameCount: Int
    /// The replay's time against the drawing's.
    private let pace: ReplayPace

    /// The frames of a replay played at `pace` and `speed` (1…`fastestSpeed`).
    public init(pace: ReplayPace, speed: Int64) {
        precondition(speed >= 1 && speed <= Self.fastestSpeed)
        self.pace = pace
        self.speed = speed
        let perFrame = speed * 1000 // milliseconds of replay a frame covers, times the frame rate
        frameCount = Int((pace.playDuration * Int64(Self.framesPerSecond) + perFrame - 1) / perFrame) + 1
    }

    /// The replay's own time (idle gaps cut) frame `frame` shows, in milliseconds.
    public func playTime(ofFrame frame: Int) -> Int64 {
        min(Int64(frame) * speed * 1000 / Int64(Self.framesPerSecond), pace.playDuration)
    }

    /// The moment of the drawing's history frame `frame` shows, in milliseconds on its clock.
    public func drawingTime(ofFrame frame: Int) -> Int64 {
        pace.drawingTime(at: playTime(ofFrame: frame))
    }

    /// How long the video plays, in milliseconds.
    public var videoDuration: Int64 {
        Int64(frameCount) * 1000 / Int64(Self.framesPerSecond)
    }
}
