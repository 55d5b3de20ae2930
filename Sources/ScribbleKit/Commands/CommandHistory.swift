/// The undo and redo stacks (book chapter 20): runs commands and steps back and forth
/// through them one at a time, forgetting the oldest once more than `limit` are kept.
public final class CommandHistory {
    /// The most commands kept for undo.
    let limit: Int
    /// Commands that can be undone, most recent last.
    private var undoStack: [Command] = []
    /// Commands that were undone and can be redone, most recently undone last.
    private var redoStack: [Command] = []

    /// How many commands can be undone.
    var undoCount: Int { undoStack.count }
    /// How many commands can be redone.
    var redoCount: Int { redoStack.count }

    /// Called with the new `canUndo` and `canRedo` whenever either of them changes, so the
    /// toolbar can follow without polling.
    public var onAvailabilityChange: ((_ canUndo: Bool, _ canRedo: Bool) -> Void)?

    /// Makes an empty history that keeps up to `limit` commands (negative counts as 0).
    public init(limit: Int = 1000) {
        self.limit = max(0, limit)
    }

    /// True when there is a command to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when there is an undone command to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Runs `command` and records it for undo; anything undone before can no longer be redone.
    /// - Complexity: O(1), or O(`limit`) when the oldest command falls off a full history.
    public func execute(_ command: Command) {
        command.execute()
        add(command)
    }

    /// Records `command`, already carried out (a gesture that changed the drawing as it
    /// went, such as the eraser's), as the newest step.
    public func add(_ command: Command) {
        notifyingAvailability {
            undoStack.append(command)
            if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
            redoStack.removeAll()
        }
    }

    /// Undoes the most recent command; does nothing when there is none.
    public func undo() {
        notifyingAvailability {
            guard let command = undoStack.popLast() else { return }
            command.undo()
            redoStack.append(command)
        }
    }

    /// Redoes the most recently undone command; does nothing when there is none.
    public func redo() {
        notifyingAvailability {
            guard let command = redoStack.popLast() else { return }
            command.execute()
            undoStack.append(command)
        }
    }

    /// Forgets every command, as when another scribble is opened.
    public func removeAll() {
        notifyingAvailability {
            undoStack.removeAll()
            redoStack.removeAll()
        }
    }

    /// Runs `change` and reports availability if it changed.
    private func notifyingAvailability(_ change: () -> Void) {
        let before = (canUndo, canRedo)
        change()
        let after = (canUndo, canRedo)
        if before != after { onAvailabilityChange?(after.0, after.1) }
    }
}
