/// Runs a closure on the main thread (the app passes GTK's main loop; tests their own
/// queue): how background work hands its result back to a `Document`.
public typealias MainThreadHop = @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

/// A user's scribble and everything that is about it rather than about the screen: the
/// drawing, its undo history, where it is kept, whether it has unsaved changes, and the save
/// in flight. The one owner of that state: the canvas, toolbar and window only show it.
///
/// It publishes `state` through `onStateChange` only when a value actually changes: a
/// stroke's every motion event changes the drawing, but the window's title changes once.
/// Main-actor isolated: the drawing it owns is changed by input handling on the main thread.
@MainActor
public final class Document {
    /// The drawing; replaced by `open(_:from:)`.
    public private(set) var scribble: Scribble
    /// Undo and redo for the drawing.
    public let history = CommandHistory()
    /// Where Save writes.
    public internal(set) var origin: DocumentOrigin = .new {
        didSet { if origin != oldValue { onOriginChange?(origin) } }
    }
    /// Told when the drawing is kept somewhere else from now on (opened, saved as, a conflict copy).
    public var onOriginChange: ((DocumentOrigin) -> Void)?
    /// The version of the file at `origin` that the drawing was opened from or last saved
    /// as: Save replaces only that one (`nil`: never read or written, or not known).
    public internal(set) var basis: FileIdentity?
    /// Counts the drawing's changes, so a save can tell whether it saved the latest state.
    public private(set) var changeCount = 0
    /// Whether the drawing changed since it was opened or last saved.
    public private(set) var isDirty = false
    /// The gallery, through its Facade: the only way to storage.
    public let manager: ScribbleManager
    /// What the window shows; see `onStateChange`.
    public private(set) var state: DocumentState
    /// Told the new state each time it changes (not when a change leaves it as it was).
    public var onStateChange: ((DocumentState) -> Void)?
    /// Told when `open(_:from:)` puts another drawing in place, so views show it.
    public var onScribbleReplaced: ((Scribble) -> Void)?
    /// Told when a save is written: the name it was saved under.
    public var onSaved: ((String) -> Void)?
    /// Told when a save found another version on disk and kept this one beside it: the
    /// copy's name, then the other version's.
    public var onConflict: ((String, String) -> Void)?
    /// Told when a background save failed: the drawing's name and why.
    public var onSaveFailure: ((String, StorageError) -> Void)?

    let hop: MainThreadHop
    /// True while the registration `.reset` of a newly shown scribble arrives, or the rest
    /// of a drawing opened in two steps is put on: neither is a change.
    private var isRegistering = false
    /// The drawing opened in two steps whose rest is still being read (`openFirstPart`).
    private var opening: OpeningTicket?
    /// True while a command runs: its changes are published once, at its end.
    private var isBatching = false
    /// The save being written, if any (see `Document+Saving`).
    var runningSave: SaveTicket?
    /// Set when Save is asked for while a save is being written: save again after it.
    var saveAgain = false
    /// Where every change is recorded as it happens (see `Document+Journal`), once started.
    var journal: Journal?
    /// Why the journal cannot be written, while it cannot: unsaved work is then not
    /// protected against a crash, and the window must say so.
    var journalFailure: StorageError?
    /// The mark being drawn: journaled when it is finished, not at its first point.
    var pendingMark: Mark?
    /// How many undo steps (and redo steps) a replay of the journal can take: it starts at the
    /// journal's base, so an undo past it cannot be recorded as an undo (`Document+Journal`).
    var journalDepth = (undo: 0, redo: 0)

    /// A new, empty document that saves through `manager`; background saves report back
    /// through `hop`.
    public init(manager: ScribbleManager, hop: @escaping MainThreadHop) {
        self.manager = manager
        self.hop = hop
        scribble = Scribble()
        state = DocumentState(title: DocumentState.appName, hasUnsavedWork: false, canUndo: false, canRedo: false)
        observe(scribble)
        history.onAvailabilityChange = { [weak self] _, _ in self?.publish() }
    }

    /// Unsaved changes worth asking about: anything changed since the last save, open or new
    /// scribble — including marks that only Undo or Redo can bring back (a canvas wiped or
    /// erased to nothing is still work to ask about). A fresh canvas never drawn on has none.
    public var hasUnsavedWork: Bool {
        isDirty && (origin != .new || !scribble.isEmpty || history.canUndo || history.canRedo)
    }

    /// The drawing's name as the user sees it.
    public var displayName: String { scribble.title ?? tr("Untitled") }

    /// Whether the drawing on show is only the first part of one still being read
    /// (`openFirstPart`): until it is whole nothing changes it or saves it — commands, undo,
    /// redo, clearing and saving do nothing — so no edit is lost and nothing half-built is
    /// saved or journaled. Opening another drawing or a new scribble gives it up.
    public var isOpening: Bool { opening != nil }

    /// Runs a command through the history (a mark drawn, a colour changed on marks…); not
    /// while the drawing is still opening.
    public func execute(_ command: Command) {
        guard opening == nil else { return }
        journalPendingMark()
        let clock = holdClock()
        defer { releaseClock(clock) }
        batched { history.execute(command) }
        scribble.settleHistory()
        journal(command)
    }

    /// Records `command`, which changed the drawing as a gesture went on (the eraser's), as
    /// one undo step, without running it again.
    public func commit(_ command: Command) {
        guard opening == nil else { return }
        journalPendingMark()
        let clock = holdClock()
        defer { releaseClock(clock) }
        batched { history.add(command) }
        scribble.settleHistory()
        journal(command)
    }

    /// Undoes the last command, if any.
    public func undo() {
        guard history.canUndo, opening == nil else { return }
        journalPendingMark()
        let clock = holdClock()
        defer { releaseClock(clock) }
        batched { history.undo() }
        scribble.settleHistory()
        journalStep(.undo)
    }

    /// Redoes the last undone command, if any.
    public func redo() {
        guard history.canRedo, opening == nil else { return }
        journalPendingMark()
        let clock = holdClock()
        defer { releaseClock(clock) }
        batched { history.redo() }
        scribble.settleHistory()
        journalStep(.redo)
    }

    /// Wipes the canvas and starts a new scribble, through an undoable command; an empty
    /// canvas is left alone so the history does not fill with no-ops.
    public func clear() {
        guard !scribble.isEmpty, opening == nil else { return }
        execute(StartNewScribbleCommand(document: self))
    }

    /// Starts a new scribble in this one's place, once what it held is safe — saved, or given
    /// up by the user when asked (the caller asks): the canvas is wiped through an undoable
    /// command, so Undo still brings the marks back (and makes them unsaved work again), and
    /// the empty canvas counts as saved, so quitting right after asks nothing. The journal
    /// starts afresh from the empty canvas.
    public func startNewScribble() {
        // A drawing still opening is given up: nothing of it was changed or is unsaved.
        guard opening == nil else { return show(Scribble(), from: .new, basis: nil, unsaved: false, opening: nil) }
        if !scribble.isEmpty || origin != .new { execute(StartNewScribbleCommand(document: self)) }
        scribble.log = ReplayLog() // a new scribble's history starts here: its replay and file keep nothing of the last one
        isDirty = false
        restartJournal(supersedingOld: true)
        publish()
    }

    /// Shows `scribble` with a fresh undo history (book chapter 20), kept at `origin`; `unsaved`
    /// makes it unsaved work from the start (an imported notebook: Quit asks about it).
    /// `basis` is the version of the file it was read from.
    public func open(_ scribble: Scribble, from origin: DocumentOrigin, basis: FileIdentity? = nil, unsaved: Bool = false) {
        show(scribble, from: origin, basis: basis, unsaved: unsaved, opening: nil)
    }

    /// Shows `scribble`, the first part of a drawing opened in two steps (`ScribbleOpening`),
    /// while its rest is read: the document is opening (`isOpening`) until `finishOpening`
    /// with the ticket returned puts the rest on. Meanwhile the journal holds nothing (a
    /// crash loses nothing: the file is as it was) and the drawing keeps no time.
    public func openFirstPart(_ scribble: Scribble, from origin: DocumentOrigin, basis: FileIdentity?) -> OpeningTicket {
        let ticket = OpeningTicket()
        show(scribble, from: origin, basis: basis, unsaved: false, opening: ticket)
        return ticket
    }

    /// Puts `rest` (`ScribbleRest.read()`) on top of the first part `ticket` opened, which is
    /// then the whole drawing, as saved: it keeps time from now on, and the journal starts
    /// from its file. Returns false, changing nothing, when that drawing is no longer the one
    /// on show (another was opened meanwhile, or a new scribble started).
    @discardableResult
    public func finishOpening(_ ticket: OpeningTicket, adding rest: ScribbleMemento) -> Bool {
        guard opening === ticket else { return false }
        opening = nil
        isRegistering = true
        scribble.adoptRest(of: rest)
        isRegistering = false
        scribble.startKeepingTime() // marks from older files get their even pace now, all of them
        restartJournal(supersedingOld: true)
        publish()
        return true
    }

    /// The rest of the drawing `ticket` opened could not be read: the half shown goes, and a
    /// new, empty scribble takes its place (the file stays as it was). Returns false, changing
    /// nothing, when that drawing is no longer the one on show.
    @discardableResult
    public func abandonOpening(_ ticket: OpeningTicket) -> Bool {
        guard opening === ticket else { return false }
        show(Scribble(), from: .new, basis: nil, unsaved: false, opening: nil)
        return true
    }

    /// Puts `scribble` in place of the drawing, with a fresh history; `opening` is the ticket
    /// of a drawing whose rest is still to come.
    private func show(_ scribble: Scribble, from origin: DocumentOrigin, basis: FileIdentity?, unsaved: Bool, opening: OpeningTicket?) {
        self.scribble.removeObserver(self)
        self.scribble = scribble
        history.removeAll()
        self.opening = opening
        observe(scribble)
        self.origin = origin
        self.basis = basis
        isDirty = unsaved
        pendingMark = nil
        restartJournal(supersedingOld: true)
        onScribbleReplaced?(scribble)
        publish()
    }

    /// The file the drawing is kept in was replaced by `version` (read from the file, which
    /// is now `basis`), by another computer or window: it takes that version's marks and
    /// name, through an undoable command — Undo brings back what was here, as unsaved work —
    /// and counts as saved. The view stays where it is.
    public func reload(_ version: Scribble, basis: FileIdentity) {
        guard opening == nil else { return } // the version being read is the one on disk until it is whole
        journalPendingMark()
        let marks = version.marks
        version.removeAll()
        batched { history.execute(ReloadScribbleCommand(scribble: scribble, marks: marks)) }
        scribble.log = version.log // the version's own history, as its file keeps it
        scribble.clock.runOn(from: scribble.historyEnd)
        scribble.title = version.title
        self.basis = basis
        isDirty = false
        restartJournal(supersedingOld: true)
        publish()
    }

    /// The gallery entry `id` was deleted: if it is what is open, the drawing becomes new,
    /// unsaved work. Returns whether it was.
    @discardableResult
    public func entryWasDeleted(_ id: String) -> Bool {
        guard origin == .gallery(id: id) else { return false }
        origin = .new
        basis = nil
        scribble.title = nil
        isDirty = !scribble.isEmpty
        restartJournal() // the saved version it started from is gone
        publish()
        return true
    }

    /// The file the drawing is kept in (a gallery entry or another file) was deleted by
    /// someone else: the drawing stays, as new, unsaved work under its name. Returns whether
    /// it was kept anywhere.
    @discardableResult
    public func fileWasDeleted() -> Bool {
        guard origin != .new else { return false }
        origin = .new
        basis = nil
        isDirty = !scribble.isEmpty
        restartJournal() // the saved version it started from is gone
        publish()
        return true
    }

    /// The gallery entry `id` was renamed: if it is what is open, its title follows, and if
    /// the drawing was the version renamed (`previous`), it is now the one written (`identity`).
    public func entryWasRenamed(_ id: String, to title: String, from previous: FileIdentity? = nil, now identity: FileIdentity? = nil) {
        guard origin == .gallery(id: id) else { return }
        if let previous, basis == previous { basis = identity }
        scribble.title = title
        publish()
    }

    /// Marks the drawing saved (or not) and publishes the state if that changed it.
    func setDirty(_ dirty: Bool) {
        isDirty = dirty
        publish()
    }

    /// Runs `body` (which may change the drawing and the history several times) and then
    /// publishes the state once, so one command is one state change.
    private func batched(_ body: () -> Void) {
        isBatching = true
        body()
        isBatching = false
        publish()
    }

    /// Recomputes the state and tells `onStateChange` if anything differs.
    /// - Complexity: O(1) plus the title's length.
    func publish() {
        guard !isBatching else { return }
        let fresh = DocumentState(
            title: origin == .new && !hasUnsavedWork ? DocumentState.appName : (hasUnsavedWork ? "• " : "") + displayName,
            hasUnsavedWork: hasUnsavedWork, canUndo: history.canUndo, canRedo: history.canRedo,
            unprotectedBecause: journalFailure?.cause, isOpening: opening != nil)
        guard fresh != state else { return }
        state = fresh
        onStateChange?(fresh)
    }

    /// Starts hearing of `scribble`'s changes, without counting its first report as one.
    /// Stops the drawing's clock for one step of the history (see `ScribbleClock.hold`), unless
    /// it is stopped already (a journal's replay, a step inside a step); returns whether it did.
    private func holdClock() -> Bool {
        guard !scribble.clock.isHeld else { return false }
        scribble.clock.hold()
        return true
    }

    /// Lets the clock run again after a step, if `holdClock()` stopped it.
    private func releaseClock(_ held: Bool) {
        if held { scribble.clock.release() }
    }

    private func observe(_ scribble: Scribble) {
        // A user's drawing keeps its history for a replay, once it is whole.
        if opening == nil { scribble.startKeepingTime() }
        isRegistering = true
        scribble.addObserver(self)
        isRegistering = false
    }
}

/// Any change to the drawing makes it unsaved. Only the first one after a save changes the
/// state; the rest cost an increment. The conformance is main-actor isolated: the drawing is
/// only changed on the main thread.
extension Document: @MainActor ScribbleObserver {
    public func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard !isRegistering else { return }
        changeCount += 1
        if !isDirty { setDirty(true) }
    }
}

/// Names one drawing opened in two steps (`Document.openFirstPart`), so the rest read for it
/// goes to it and to no drawing opened since.
public final class OpeningTicket: Sendable {
    init() {}
}
