/// What a complete memento keeps of the marks taken off the drawing and put back (book
/// chapter 23: incremental mementos of what was removed), so that a drawing saved and opened
/// again replays its true history — a mark erased, undone, cut or replaced by an edit
/// appears, then goes at its time — and not only the marks it holds now.
///
/// Its items are the drawing's top-level marks (by index, `0..<drawing count`) followed by
/// the marks gone from it (`gone`, by index after those): a mark on the drawing is named,
/// never copied; a mark gone is kept whole, once. Format version 5 stores it after the
/// drawing (`docs/FORMAT.md`); `ReplayLog` is what a scribble keeps of it while open.
///
/// `Sendable` as `ScribbleMemento` is: read from a file on one thread (a plan of reading in
/// parts, `ScribblePartsPlan`) and handed on whole, its marks gone are made by the reader and
/// never changed after; the scribble that opens the file takes them over.
struct RemovalHistory: @unchecked Sendable {
    /// One taking off or putting back.
    struct Entry: Equatable, Sendable {
        /// The item: a top-level mark of the drawing (below its count), or a gone mark after them.
        let item: Int
        /// When, in milliseconds on the scribble's clock.
        let time: Int64
        /// True when the mark was put back (an undo of its removal), else it went.
        let isReturn: Bool
    }

    /// The marks gone from the drawing, in the order the entries first name them, under a
    /// plain group that is never drawn (a root's shape: no colour, width 1, no flags).
    let gone: Stroke
    /// Each taking off and putting back, in the order it happened.
    let entries: [Entry]
}
