extension StrokeElements {
    /// A stroke's children as they lie in memory, for one call of `withUnsafeBufferPointer`:
    /// the points of a stroke of plain vertices, or the elements of one that holds marks.
    /// Reading a child costs a predictable branch more than a plain buffer's read.
    public struct UnsafeBuffer: RandomAccessCollection {
        public typealias Indices = Range<Int>

        /// The points, when every child is a vertex.
        private let points: UnsafePointer<Point>?
        /// The elements, otherwise.
        private let elements: UnsafePointer<Stroke.Element>?
        public let count: Int

        init(points: UnsafeBufferPointer<Point>) {
            self.points = points.baseAddress
            elements = nil
            count = points.count
        }

        init(elements: UnsafeBufferPointer<Stroke.Element>) {
            points = nil
            self.elements = elements.baseAddress
            count = elements.count
        }

        private init(points: UnsafePointer<Point>?, elements: UnsafePointer<Stroke.Element>?, count: Int) {
            self.points = points
            self.elements = elements
            self.count = count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public var indices: Range<Int> { 0..<count }

        /// The child at `index`, which must be in range (unchecked, as a buffer's).
        @inline(__always)
        public subscript(index: Int) -> Stroke.Element {
            if let points { .vertex(points[index]) } else { elements.unsafelyUnwrapped[index] }
        }

        /// The points, when every child is a vertex (a run of `count` points, for the loops
        /// that need no element); `nil` when some child is another mark.
        var vertexPoints: UnsafeBufferPointer<Point>? {
            points.map { UnsafeBufferPointer(start: $0, count: count) }
        }

        /// The children in `range` as a buffer of their own, indexed from 0.
        public func rebasing(_ range: Range<Int>) -> UnsafeBuffer {
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "StrokeElements range out of bounds")
            return UnsafeBuffer(
                points: points.map { $0 + range.lowerBound }, elements: elements.map { $0 + range.lowerBound }, count: range.count)
        }
    }
}
