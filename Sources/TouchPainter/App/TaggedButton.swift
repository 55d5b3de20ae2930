import GtkKit

/// A button and the tag it carries (book chapter 11): a click hands the button itself to the
/// Mediator (`Navigator.requestViewChange(by:)`), which reads the tag and decides. Changing
/// the tag changes what the button does; nothing else knows.
@MainActor
final class TaggedButton {
    /// The button; whoever shows it keeps this object.
    let button: Button
    /// What the Mediator does when the button is clicked.
    var tag: ButtonTag

    /// Tags `button` with `tag`; its clicks go to `mediator`.
    init(_ button: Button, tag: ButtonTag, mediator: Navigator) {
        self.button = button
        self.tag = tag
        button.onClicked { [weak self, weak mediator] _ in
            guard let self else { return }
            mediator?.requestViewChange(by: self)
        }
    }
}
