/// The Command (book chapter 20): an action packaged as an object, so the history can run
/// it, take it back and run it again without knowing what it does.
public protocol Command: AnyObject {
    /// Performs the action; called again to redo it after `undo()`.
    func execute()
    /// Takes back what the last `execute()` did.
    func undo()
}
