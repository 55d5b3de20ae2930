import CGtk

/// Data of several types offered on the clipboard at once, and read back by type: the
/// canvas copies marks as its own type, with PNG and SVG pictures for other apps.
extension Clipboard {
    /// Offers `offers` (a MIME type and its bytes each, preferred first) on the clipboard;
    /// GTK hands each app the type it asks for. The bytes are kept until another copy, here
    /// or in another app, takes the clipboard. False if GTK refused.
    @discardableResult
    public static func set(_ offers: [(type: String, bytes: [UInt8])]) -> Bool {
        guard !offers.isEmpty, let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)) else { return false }
        let box = Unmanaged.passRetained(OfferBox(offers.map { ($0.type, $0.bytes) }))
        // GTK copies the targets' names; these C strings only need to live through the call.
        let names = offers.map { strdup($0.type) }
        defer { names.forEach { free($0) } }
        var targets = names.enumerated().map { GtkTargetEntry(target: $1, flags: 0, info: guint($0)) }
        let accepted = gtk_clipboard_set_with_data(clipboard, &targets, guint(targets.count), serveOffer, releaseOffers, box.toOpaque())
        if accepted == 0 { box.release() }
        return accepted != 0
    }

    /// Asks for the clipboard's content of `type` and hands its bytes to `completion` on the
    /// main thread (`nil` when the clipboard holds none of that type). It does not block: GTK
    /// waits for the owning app in its main loop.
    public static func request(_ type: String, completion: @escaping @MainActor ([UInt8]?) -> Void) {
        guard let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)) else { return completion(nil) }
        let box = Unmanaged.passRetained(ReceiveBox(completion)).toOpaque()
        gtk_clipboard_request_contents(clipboard, gdk_atom_intern(type, 0), receiveContents, box)
    }

    /// Asks which types the clipboard offers now, and hands them to `completion`.
    public static func requestTypes(completion: @escaping @MainActor ([String]) -> Void) {
        guard let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)) else { return completion([]) }
        let box = Unmanaged.passRetained(TypesBox(completion)).toOpaque()
        gtk_clipboard_request_targets(clipboard, receiveTypes, box)
    }
}

/// The offers on the clipboard, by their target's `info` number.
private final class OfferBox {
    let offers: [(type: String, bytes: [UInt8])]
    init(_ offers: [(type: String, bytes: [UInt8])]) { self.offers = offers }
}

private final class ReceiveBox: @unchecked Sendable {
    let completion: @MainActor ([UInt8]?) -> Void
    init(_ completion: @escaping @MainActor ([UInt8]?) -> Void) { self.completion = completion }
}

private final class TypesBox: @unchecked Sendable {
    let completion: @MainActor ([String]) -> Void
    init(_ completion: @escaping @MainActor ([String]) -> Void) { self.completion = completion }
}

/// GTK asks for one of the offers (another app pastes): hands over its bytes.
private let serveOffer: GtkClipboardGetFunc = { _, selection, info, owner in
    guard let owner, let selection else { return }
    let box = Unmanaged<OfferBox>.fromOpaque(owner).takeUnretainedValue()
    guard box.offers.indices.contains(Int(info)) else { return }
    let offer = box.offers[Int(info)]
    offer.bytes.withUnsafeBufferPointer {
        gtk_selection_data_set(selection, gdk_atom_intern(offer.type, 0), 8, $0.baseAddress, gint($0.count))
    }
}

/// Another copy took the clipboard: the offers go.
private let releaseOffers: GtkClipboardClearFunc = { _, owner in
    guard let owner else { return }
    Unmanaged<OfferBox>.fromOpaque(owner).release()
}

private let receiveContents: GtkClipboardReceivedFunc = { _, selection, data in
    guard let data else { return }
    let box = Unmanaged<ReceiveBox>.fromOpaque(data).takeRetainedValue()
    var bytes: [UInt8]?
    if let selection, gtk_selection_data_get_length(selection) >= 0, let start = gtk_selection_data_get_data(selection) {
        bytes = Array(UnsafeBufferPointer(start: start, count: Int(gtk_selection_data_get_length(selection))))
    }
    let received = bytes
    MainActor.assumeIsolated { box.completion(received) } // GTK calls back on the main thread
}

private let receiveTypes: GtkClipboardTargetsReceivedFunc = { _, atoms, count, data in
    guard let data else { return }
    let box = Unmanaged<TypesBox>.fromOpaque(data).takeRetainedValue()
    var types: [String] = []
    if let atoms {
        for index in 0..<Int(max(count, 0)) {
            guard let name = gdk_atom_name(atoms[index]) else { continue }
            types.append(String(cString: name))
            g_free(name)
        }
    }
    let names = types
    MainActor.assumeIsolated { box.completion(names) }
}
