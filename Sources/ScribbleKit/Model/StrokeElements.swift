/// A stroke's children in order (`Stroke.elements`): one child is kept inline, more in an
/// array.
///
/// Why: a tap with the pen leaves a stroke of one vertex, and a drawing of a million of them
/// paid a heap array for each (48 bytes asked, 64 taken) beside the stroke itself. Inline,
/// the one child costs nothing more than the stroke's own 80 bytes. The second child moves
/// both into an array, and from then on it behaves as the array it is (copy-on-write, so a
/// `RenderSnapshot` still copies no vertex).
public struct StrokeElements: RandomAccessCollection {
    /// Where the children are.
    private enum Storage {
        /// Exactly one child.
        case one(Stroke.Element)
        /// None, or two and more (an array keeps the capacity it was given).
        case many([Stroke.Element])
    }

    private var storage: Storage

    /// No children.
    init() {
        storage = .many([])
    }

    /// `elements`, in order.
    init(_ elements: [Stroke.Element]) {
        storage = elements.count == 1 ? .one(elements[0]) : .many(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// How many children there are.
    public var count: Int {
        switch storage {
        case .one: 1
        case .many(let array): array.count
        }
    }

    /// The child at `index`, which must be in range.
    public subscript(index: Int) -> Stroke.Element {
        get {
            switch storage {
            case .one(let element):
                precondition(index == 0, "StrokeElements index out of range")
                return element
            case .many(let array): return array[index]
            }
        }
        set {
            switch storage {
            case .one:
                precondition(index == 0, "StrokeElements index out of range")
                storage = .one(newValue)
            case .many(var array):
                storage = .many([]) // keeps the array uniquely referenced while it changes
                array[index] = newValue
                storage = .many(array)
            }
        }
    }

    /// Calls `body` with the children as contiguous memory, for the hot loops that walk
    /// vertices (rendering, encoding).
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Stroke.Element>) throws -> Result) rethrows -> Result {
        switch storage {
        case .one(let element): try withUnsafePointer(to: element) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .many(let array): try array.withUnsafeBufferPointer(body)
        }
    }

    // MARK: Changes (the stroke's own)

    /// Runs `change` on the children as an array, then keeps one child inline again: the
    /// way to make many changes at once (a run of vertices read from a file).
    /// - Complexity: O(1) beyond `change` itself, unless a single child moves in or out.
    mutating func withArray<Result>(_ change: (inout [Stroke.Element]) -> Result) -> Result {
        var array: [Stroke.Element]
        switch storage {
        case .one(let element): array = [element]
        case .many(let existing): array = existing
        }
        storage = .many([]) // so `array` is the only reference and changes in place
        let result = change(&array)
        storage = array.count == 1 ? .one(array[0]) : .many(array)
        return result
    }

    /// Appends `element`; the first child stays inline.
    mutating func append(_ element: Stroke.Element) {
        if case .many(let array) = storage, array.isEmpty, array.capacity == 0 {
            storage = .one(element)
        } else {
            withArray { $0.append(element) }
        }
    }

    /// Inserts `element` at `index`.
    mutating func insert(_ element: Stroke.Element, at index: Int) {
        withArray { $0.insert(element, at: index) }
    }

    /// Removes and returns the child at `index`.
    @discardableResult
    mutating func remove(at index: Int) -> Stroke.Element {
        withArray { $0.remove(at: index) }
    }

    /// Puts `elements` in place of the children in `range`.
    mutating func replaceSubrange(_ range: Range<Int>, with elements: [Stroke.Element]) {
        withArray { $0.replaceSubrange(range, with: elements) }
    }

    /// Removes every child.
    mutating func removeAll() {
        storage = .many([])
    }

    /// Makes room for `capacity` children in all (the decoder's bulk loads); a single child
    /// moves into the array.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > 1 else { return }
        withArray { $0.reserveCapacity(capacity) }
        if case .one(let element) = storage { // `withArray` put a lone child back inline
            var array = [element]
            array.reserveCapacity(capacity)
            storage = .many(array)
        }
    }
}
