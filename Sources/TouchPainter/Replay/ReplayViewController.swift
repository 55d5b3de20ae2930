import Dispatch
import GtkKit
import ScribbleKit

/// The replay (Ctrl+R): the canvas turned into a read-only player over the document's
/// history. The marks appear as they were drawn, vertex by vertex at their pace (times the
/// chosen speed), and marks erased or undone appear and go at their time. The header bar
/// holds play/pause (Space), the speeds, "skip idle gaps", a scrubber and `Export Video…`
/// (a time-lapse of the replay at the speed and pace chosen, `VideoExportController`); the
/// keys 0–9 jump to that tenth of the replay; Escape leaves, and the document is as it was.
///
/// Each replay reads the document anew (`load`), so it always plays the drawing as it is
/// now; the page and its controls are made once.
@MainActor
final class ReplayViewController: ViewController {
    /// The speeds offered, as multiples of the drawing's pace.
    static let speeds: [Int64] = [1, 2, 4, 8, 32]
    /// The speed a replay starts at.
    nonisolated static let defaultSpeed: Int64 = 8
    /// How often a frame is played while playing, in milliseconds.
    static let frameInterval: UInt32 = 16

    let destination = Destination.replay
    private(set) var title = ""
    private var canvasView: CanvasView
    private var player: ReplayPlayer
    /// The replay's time against the drawing's, skipping idle gaps or not.
    private var pace: ReplayPace
    /// Where the replay is, in its own time (milliseconds).
    private var position: Int64 = 0
    private var speed = defaultSpeed
    private var isPlaying = false
    /// The monotonic time of the last frame played, while playing.
    private var lastTick: UInt64 = 0
    /// True while the scrubber is moved by the replay itself, not by the user.
    private var isUpdatingScrubber = false

    private let box = Box(.vertical)
    private let playButton = Button(iconName: "media-playback-start-symbolic")
    private let speedButtons: [RadioButton]
    private let skipIdle = CheckButton(label: tr("_Skip idle gaps"))
    private let scrubber: Scale
    private let timeLabel = Label("")
    /// An icon, so the header bar keeps room for the title (in German too).
    private let exportButton = Button(iconName: "video-x-generic-symbolic")
    /// The canvas the replay is played on, which the video shows too.
    private var background = CanvasKind.plain
    /// Asked to export the replay as a video (the coordinator hands it to `VideoExportController`).
    var onExportVideo: ((TimelapseJob) -> Void)?

    /// The player's page and controls, with nothing to play until `load`.
    init() {
        canvasView = CanvasView(engine: .viewer())
        player = ReplayPlayer(ReplayTimeline(Scribble()))
        pace = ReplayPace(player.timeline, skippingIdle: true)
        scrubber = Scale(minimum: 0, maximum: 1, step: 100)
        var group: RadioButton?
        speedButtons = Self.speeds.map { speed in
            let button = RadioButton(joining: group)
            group = group ?? button
            button.showsIndicator = false
            button.add(Label("\(speed)×"))
            button.accessibleName = tr("Speed %1$s×", speed)
            button.tooltip = tr("Play at %1$s times the pace it was drawn", speed)
            return button
        }
        build()
    }

    /// Gets ready to replay `document`'s history from its start, on a canvas of
    /// `background` seen as `view`, the speed and "skip idle gaps" as the last replay left them.
    func load(_ document: Document, background: CanvasKind, view: SavedCamera?) {
        setPlaying(false)
        title = tr("Replay of %1$s", document.displayName)
        self.background = background
        player = ReplayPlayer(ReplayTimeline(document.scribble))
        pace = ReplayPace(player.timeline, skippingIdle: skipIdle.isActive)
        position = 0
        box.remove(canvasView.drawingArea)
        canvasView = CanvasView(engine: .viewer(), background: background)
        canvasView.drawingArea.accessibleName = tr("Replay canvas")
        box.packStart(canvasView.drawingArea, expand: true)
        canvasView.drawingArea.showAll()
        canvasView.engine.show(player.scribble)
        canvasView.apply(canvasView.engine.show(view: view))
        isUpdatingScrubber = true
        scrubber.setRange(minimum: 0, maximum: Double(max(pace.playDuration, 1)))
        isUpdatingScrubber = false
        showPosition()
    }

    var view: Widget { box }
    var toolbarStart: [Widget] { [playButton, speedBox, skipIdle] }
    var toolbarEnd: [Widget] { [exportButton, timeLabel, scrubber] }

    private let speedBox = Box(.horizontal)

    private func build() {
        box.packStart(canvasView.drawingArea, expand: true)
        playButton.accessibleName = tr("Play")
        playButton.tooltip = tr("Play or pause (Space)")
        playButton.onClicked { [weak self] _ in self?.togglePlaying() }
        speedBox.addStyleClass(.linked)
        for (index, button) in speedButtons.enumerated() {
            button.isActive = Self.speeds[index] == Self.defaultSpeed
            button.onToggled { [weak self] button in
                if button.isActive { self?.speed = Self.speeds[index] }
            }
            speedBox.packStart(button)
        }
        skipIdle.isActive = true
        skipIdle.tooltip = tr("Pauses longer than 2 s play as half a second")
        skipIdle.onToggled { [weak self] check in self?.setSkippingIdle(check.isActive) }
        scrubber.accessibleName = tr("Replay position")
        scrubber.setSizeRequest(width: 220, height: -1)
        scrubber.drawsValue = false // the label beside it says the time
        scrubber.onValueChanged { [weak self] scale in
            guard let self, !self.isUpdatingScrubber else { return }
            self.seek(toPlayTime: Int64(scale.value))
        }
        timeLabel.accessibleName = tr("Replay time")
        timeLabel.addStyleClass(.dimLabel)
        exportButton.accessibleName = tr("Export Video…")
        exportButton.tooltip = tr("Export Video…: the replay as a WebM video or an animated PNG, at the speed chosen")
        exportButton.onClicked { [weak self] _ in self?.exportVideo() }
    }

    /// The replay as a time-lapse job: this history, at the speed and pace chosen, on this canvas.
    var timelapseJob: TimelapseJob {
        TimelapseJob(
            timeline: player.timeline, skippingIdle: skipIdle.isActive, speed: speed, width: nil,
            options: ExportOptions(canvas: background))
    }

    /// Export Video…: pauses, and asks for the video.
    func exportVideo() {
        setPlaying(false)
        onExportVideo?(timelapseJob)
    }

    func viewWillAppear() {
        canvasView.drawingArea.grabFocus()
        setPlaying(true)
    }

    func viewWillDisappear() {
        setPlaying(false)
    }

    /// Play or pause (the button, Space); at the end, plays again from the start.
    func togglePlaying() {
        if !isPlaying, position >= pace.playDuration { seek(toPlayTime: 0) }
        setPlaying(!isPlaying)
    }

    /// Jumps to `tenths` tenths of the replay (the keys 0–9).
    func jump(toTenths tenths: Int) {
        seek(toPlayTime: pace.playDuration * Int64(min(max(tenths, 0), 10)) / 10)
    }

    /// Whether the replay is playing (tests, the shortcuts).
    var playing: Bool { isPlaying }

    private func setPlaying(_ playing: Bool) {
        guard playing != isPlaying else { return }
        isPlaying = playing
        playButton.setChild(Image(iconName: playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"))
        playButton.showAll()
        playButton.accessibleName = playing ? tr("Pause") : tr("Play")
        guard playing else { return }
        lastTick = DispatchTime.now().uptimeNanoseconds
        MainLoop.every(milliseconds: Self.frameInterval) { [weak self] in self?.tick() ?? false }
    }

    /// Plays one frame: on by the time since the last one, times the speed. Returns whether
    /// to go on.
    private func tick() -> Bool {
        guard isPlaying else { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = Int64((now &- lastTick) / 1_000_000)
        guard elapsed > 0 else { return true }
        lastTick = now
        position = min(position + elapsed * speed, pace.playDuration)
        player.advance(to: pace.drawingTime(at: position))
        showPosition()
        if position >= pace.playDuration { setPlaying(false) }
        return isPlaying
    }

    private func seek(toPlayTime time: Int64) {
        position = min(max(time, 0), pace.playDuration)
        player.seek(to: pace.drawingTime(at: position))
        showPosition()
    }

    private func setSkippingIdle(_ skipping: Bool) {
        let drawingTime = pace.drawingTime(at: position)
        pace = ReplayPace(player.timeline, skippingIdle: skipping)
        position = pace.playTime(at: drawingTime)
        isUpdatingScrubber = true
        scrubber.setRange(minimum: 0, maximum: Double(max(pace.playDuration, 1)))
        isUpdatingScrubber = false
        showPosition()
    }

    /// Puts the position on the scrubber and the label.
    private func showPosition() {
        isUpdatingScrubber = true
        scrubber.value = Double(position)
        isUpdatingScrubber = false
        timeLabel.text = "\(Self.clockText(position)) / \(Self.clockText(pace.playDuration))"
    }

    /// `milliseconds` as minutes and seconds (hours first when there are any).
    static func clockText(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let tail = (rest < 10 ? "0" : "") + "\(rest)"
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
        return "\(minutes):" + tail
    }

    /// Handles a key while the replay is on show: Space plays or pauses, 0–9 jump.
    func handleKey(_ key: Key) -> Bool {
        switch key {
        case .space:
            togglePlaying()
            return true
        case .character(let character):
            guard let digit = character.wholeNumberValue else { return false }
            jump(toTenths: digit)
            return true
        default:
            return false
        }
    }
}
