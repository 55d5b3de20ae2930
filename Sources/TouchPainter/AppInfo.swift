/// The app's identity on the desktop.
enum AppInfo {
    /// The reverse-DNS application id; also the desktop file's and icon's name.
    static let applicationID = "io.github.touchpainter.TouchPainter"
    /// The themed icon name (installed by `make install`).
    static let iconName = applicationID
}
