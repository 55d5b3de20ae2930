/// A CSS class a widget carries, for the theme or a style sheet to style it. GTK's own
/// (Adwaita's) are here; the app adds its own beside its style sheets, so no class name is
/// spelled at the place it is used.
public struct StyleClass: RawRepresentable, Hashable, Sendable {
    /// The class name, as CSS writes it after the dot.
    public let rawValue: String

    /// The class named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The class named `name`.
    public init(_ name: String) { rawValue = name }

    /// A button that does what the page is for (blue).
    public static let suggestedAction = StyleClass("suggested-action")
    /// A button that destroys something (red).
    public static let destructiveAction = StyleClass("destructive-action")
    /// Dimmed text or icon: hints, secondary lines.
    public static let dimLabel = StyleClass("dim-label")
    /// Buttons in a box drawn as one joined group.
    public static let linked = StyleClass("linked")
    /// A bold heading above a group of controls.
    public static let heading = StyleClass("heading")
    /// A tool bar's background and spacing.
    public static let toolbar = StyleClass("toolbar")
    /// A button with no frame until hovered.
    public static let flat = StyleClass("flat")
    /// A header bar's title.
    public static let title = StyleClass("title")
    /// A header bar's subtitle.
    public static let subtitle = StyleClass("subtitle")
    /// An in-app notification's card.
    public static let appNotification = StyleClass("app-notification")
}
