/// The files a time-lapse of a drawing's history is written to.
public enum TimelapseFormat: String, CaseIterable, Sendable {
    /// A WebM video (VP8), encoded with GStreamer: small, for long replays and video sites.
    case webm
    /// An animated PNG (`APNGWriter`): no codec needed, lossless, for short replays and chats.
    case apng

    /// The format a file name's extension names (case-insensitive), or `nil`.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// What a file of this type is called in a file chooser ("WebM video").
    public var typeName: String {
        self == .webm ? tr("WebM video") : tr("Animated PNG")
    }
}

extension TimelapseRenderer {
    /// Writes the time-lapse to `path`, atomically: the frames go into a temporary file
    /// beside it (through the sink `makeSink` makes for its descriptor), which takes the name
    /// only once complete; a failure or a cancel (`progress` answering `false`) leaves
    /// nothing behind, and an existing file as it was. As with every export, `path` may not be
    /// the `input` nor anything but a regular file the user may write (checked first).
    public func write(
        to path: String, input: String?, sink makeSink: (_ descriptor: Int32) throws -> any TimelapseSink,
        progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) throws {
        try Exporter.checkOutput(path, input: input)
        let prepared = try AtomicFile(path: path).prepare(writing: { descriptor in
            try run(into: makeSink(descriptor), progress: progress)
        })
        try prepared.commit()
    }
}
