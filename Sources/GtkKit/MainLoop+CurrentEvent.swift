import CGtk

extension MainLoop {
    /// The X server's time (milliseconds) of the event GTK is handling, 0 outside one: lets
    /// timing code measure from when input happened rather than from when its handler ran.
    @MainActor public static var currentEventTime: UInt32 { gtk_get_current_event_time() }
}
