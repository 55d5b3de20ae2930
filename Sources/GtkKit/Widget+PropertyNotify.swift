import CGtk

extension Widget {
    /// Calls `handler` each time another X client sets the property `name` on the widget's
    /// window (a toplevel's). The X server sends the app the property's notice on the same
    /// connection as its input, in the order things happened: a test driver that sets a
    /// property after sending keys or clicks knows that, when the app hears of it, the app
    /// has handled them. Only on X11; elsewhere nothing calls `handler`.
    public func onPropertySet(named name: String, _ handler: @escaping @MainActor () -> Void) {
        addEvents(GDK_PROPERTY_CHANGE_MASK)
        let atom = gdk_atom_intern(name, 0)
        connectEvent("property-notify-event") { event in
            let property = event.pointee.property
            guard property.atom == atom, property.state == GDK_PROPERTY_NEW_VALUE.rawValue else { return false }
            handler()
            return true
        }
    }
}
