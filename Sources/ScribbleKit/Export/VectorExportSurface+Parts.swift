import CCairo
import Dispatch
import Glibc

/// An SVG made on every core: Cairo writes an SVG on one thread, and for a big drawing
/// nearly all of an export's time goes into formatting its numbers. But Cairo writes each
/// mark as an element of its own, with its whole style and no reference to any other, in
/// drawing order inside the page's group. So the marks are cut into consecutive parts of
/// about equal vertices, each part is written as an SVG of its own on its own thread (the
/// first with the background and the texture), and the parts' elements are put one after the
/// other into the first's page: the very bytes one pass writes.
///
/// Where a later part holds anything that is not self-contained — a definition, an element
/// another refers to by its `id` (Cairo's groups for a translucent run of several chunks) —
/// the parts are not joined and the SVG is written in one pass.
extension VectorExportSurface {
    /// What opens the page's group in every SVG Cairo writes (`surface` and a number Cairo
    /// counts up for every surface it makes), and what closes it and the file.
    private static let pageStart = Array("<g id=\"surface".utf8)
    private static let pageStartEnd = Array("\">\n".utf8)
    private static let pageEnd = Array("</g>\n</svg>\n".utf8)

    /// The SVG of `snapshot` on `page` written in `parts` parts at once, or `nil` when it
    /// cannot be joined from parts (then the caller writes it in one pass).
    static func svgInParts(_ snapshot: RenderSnapshot, on page: Page, parts: Int) throws(ExportError) -> [UInt8]? {
        let ranges = markRanges(of: snapshot, parts: parts)
        guard ranges.count > 1 else { return nil }
        let format = VectorExportSurface(kind: .svg)
        // Made here, in order, and the first part's background and texture put on before the
        // others are made, so that the numbers Cairo gives the page's group and the texture
        // are the ones one pass gives them; the marks are drawn and finished on every core.
        let sinks = ranges.map { _ in StreamSink() }
        var parts: [(surface: OpaquePointer, context: OpaquePointer)?] = []
        defer { parts.forEach { $0.map { cairo_surface_destroy($0.surface) } } }
        for (part, sink) in sinks.enumerated() {
            guard let surface = format.makeSurface(writingTo: Unmanaged.passUnretained(sink).toOpaque(), page: page) else { break }
            guard let context = format.context(on: surface, page: page, underMarks: part == 0) else {
                cairo_surface_destroy(surface)
                break
            }
            parts.append((surface, context))
        }
        guard parts.count == ranges.count else {
            parts.forEach { $0.map { cairo_destroy($0.context) } }
            throw .cairo(String(cString: cairo_status_to_string(CAIRO_STATUS_NO_MEMORY)))
        }
        let statuses = withExtendedLifetime(sinks) {
            Parts(parts.map { $0! }).drawAll { part, surface, context in
                format.draw(snapshot, marks: ranges[part], on: page, context: context, surface: surface)
            }
        }
        if let failure = statuses.first(where: { $0 != CAIRO_STATUS_SUCCESS }) {
            throw .cairo(String(cString: cairo_status_to_string(failure)))
        }
        return joined(sinks.map(\.bytes))
    }

    /// Consecutive ranges of the snapshot's mark children, at most `parts`, of about equal
    /// vertices (a drawing's cost is in its vertices).
    static func markRanges(of snapshot: RenderSnapshot, parts: Int) -> [Range<Int>] {
        let children = snapshot.children
        guard parts > 1, children.count > 1 else { return [0..<children.count] }
        let weights = children.indices.map { children.frozen($0)?.elements.count ?? 1 }
        let total = weights.reduce(0, +)
        var ranges: [Range<Int>] = []
        var start = 0, sum = 0
        for (index, weight) in weights.enumerated() {
            sum += weight
            // Cut once this part holds its share of what came so far.
            if ranges.count < parts - 1, sum * parts >= total * (ranges.count + 1), index + 1 < children.count {
                ranges.append(start..<(index + 1))
                start = index + 1
            }
        }
        ranges.append(start..<children.count)
        return ranges
    }

    /// The first document with the others' page elements after its own, or `nil` when a
    /// later one is not Cairo's plain page of self-contained elements.
    static func joined(_ documents: [[UInt8]]) -> [UInt8]? {
        guard var result = documents.first, result.ends(with: pageEnd) else { return nil }
        result.removeLast(pageEnd.count)
        for document in documents.dropFirst() {
            guard document.ends(with: pageEnd), let group = document.firstRange(of: pageStart),
                let groupEnd = document[group.upperBound...].firstRange(of: pageStartEnd)
            else { return nil }
            let header = document[..<group.lowerBound], body = document[groupEnd.upperBound..<(document.count - pageEnd.count)]
            // Only the page's own group may carry an id, and nothing may be defined.
            guard header.firstRange(of: Array("<defs".utf8)) == nil, !body.contains(bytes: "id=\""), !body.contains(bytes: "<defs") else {
                return nil
            }
            result.append(contentsOf: body)
        }
        result.append(contentsOf: pageEnd)
        return result
    }
}

/// The parts' surfaces and contexts, each drawn on by one thread only.
private struct Parts: @unchecked Sendable {
    let all: [(surface: OpaquePointer, context: OpaquePointer)]
    init(_ all: [(surface: OpaquePointer, context: OpaquePointer)]) { self.all = all }

    /// Runs `draw` on every part at once; what each returned, in order.
    func drawAll(_ draw: @Sendable (Int, OpaquePointer, OpaquePointer) -> cairo_status_t) -> [cairo_status_t] {
        let statuses = UnsafeMutableBufferPointer<cairo_status_t>.allocate(capacity: all.count)
        defer { statuses.deallocate() }
        statuses.initialize(repeating: CAIRO_STATUS_NO_MEMORY)
        let slots = Statuses(statuses)
        DispatchQueue.concurrentPerform(iterations: all.count) { part in
            slots.buffer[part] = draw(part, all[part].surface, all[part].context)
        }
        return Array(statuses)
    }
}

/// Where the threads put their statuses, each into its own slot.
private struct Statuses: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<cairo_status_t>
    init(_ buffer: UnsafeMutableBufferPointer<cairo_status_t>) { self.buffer = buffer }
}

extension ArraySlice<UInt8> {
    /// Whether `text`'s bytes occur anywhere in these (`memchr` to each candidate: fast over
    /// the megabytes of a big drawing's numbers).
    fileprivate func contains(bytes text: String) -> Bool {
        let needle = Array(text.utf8)
        return withUnsafeBytes { haystack in
            guard var next = haystack.baseAddress, let first = needle.first else { return false }
            let end = next + haystack.count
            while let hit = memchr(next, Int32(first), end - next) {
                if end - UnsafeRawPointer(hit) >= needle.count, memcmp(hit, needle, needle.count) == 0 { return true }
                next = UnsafeRawPointer(hit) + 1
            }
            return false
        }
    }
}

extension Array<UInt8> {
    /// Whether the bytes end with `suffix`.
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
