import Testing
@testable import ScribbleKit

/// One kind of mark as `MarkKindConformanceTests` runs it: a sample of the kind, where its
/// ink is and what colour, how a user puts it on a drawing, and whether Xournal++ has an
/// element for it. A new kind of mark (a picture, a text box, a PDF page) is one more case
/// in `all`; docs/ARCHITECTURE.md's "A new kind of mark" lists the files it touches.
struct MarkKindSample: Sendable, CustomTestStringConvertible {
    /// The case's name in the test report.
    let name: String
    /// Makes a fresh sample: marks are objects, so each check gets its own. It lies inside
    /// (0, 0)–(200, 120), clear of (150, 100)–(200, 120), where the replay puts another mark.
    let make: @Sendable () -> Mark
    /// A point well inside the ink, where every renderer paints `ink` solid.
    let onInk: Point
    /// The ink's colour: opaque, so pixels can be checked against it.
    let ink: Color
    /// Puts the sample on `document` as a user does — through the history, on `clock`'s time
    /// (the pen's vertices one by one, a click's dot at once) — and returns the mark put
    /// there, equal to `make()`'s.
    let draw: @MainActor @Sendable (Document, TestClock) -> Mark
    /// Whether the kind maps to a Xournal++ element, so that a `.xopp` export keeps it.
    let mapsToXopp: Bool
    /// Whether the kind is the paper, not ink (a PDF page): no tool hits, erases, moves or
    /// restyles it, and it is there from the replay's start. The suite checks that rule
    /// for it where it checks the ink's for the others.
    var isPaper = false

    var testDescription: String { name }

    /// Every kind of mark the app draws.
    static let all: [MarkKindSample] = [dot, stroke, pressureStroke, page, picture, text]

    /// A click's dot.
    static let dot = placedWhole("dot", onInk: Point(x: 60, y: 40), ink: Color(red: 200, green: 30, blue: 40), mapsToXopp: true) {
        Dot(location: Point(x: 60, y: 40), color: Color(red: 200, green: 30, blue: 40), size: 14)
    }

    /// A pen stroke of a few vertices.
    static let stroke = pen(
        "stroke", color: Color(red: 20, green: 60, blue: 190), size: 8,
        points: [Point(x: 20, y: 30), Point(x: 70, y: 50), Point(x: 120, y: 35), Point(x: 140, y: 90)], pressures: nil)

    /// A stylus stroke: its width follows the pressure.
    static let pressureStroke = pen(
        "stroke with pressure", color: Color(red: 30, green: 140, blue: 60), size: 12,
        points: [Point(x: 30, y: 90), Point(x: 70, y: 60), Point(x: 110, y: 70), Point(x: 130, y: 20)],
        pressures: [0.4, 1, 1, 0.6])

    /// The PDF the page sample shows, kept once for every sample made.
    static let pageContent = StoredContent(kind: .pdf, bytes: PdfFixture.sample)

    /// A PDF page (`PdfFixture.sample`, 96 × 72 pt) at (10, 10): its red box lies at
    /// (50, 30)–(90, 70) px. Put down whole, as an import puts its pages.
    static let page: MarkKindSample = {
        var sample = placedWhole("PDF page", onInk: Point(x: 70, y: 50), ink: Color(red: 220, green: 20, blue: 30), mapsToXopp: false) {
            Page(content: pageContent, pageIndex: 0, frame: Rect(x: 10, y: 10, width: 128, height: 96))
        }
        sample.isPaper = true
        return sample
    }()

    /// The picture the picture sample shows: a PNG of 120 × 80 pixels of one blue, kept
    /// once for every sample made.
    static let pictureContent = StoredContent(
        kind: .picture, bytes: PictureFixture.solidPNG(width: 120, height: 80, color: Color(red: 40, green: 120, blue: 200)))

    /// A pasted picture at (20, 20), at its natural size: its pixels cover (20, 20)–(140, 100).
    static let picture = placedWhole("picture", onInk: Point(x: 80, y: 60), ink: Color(red: 40, green: 120, blue: 200), mapsToXopp: true) {
        Picture(content: pictureContent, width: 120, height: 80, at: Point(x: 20, y: 20))
    }

    /// A text box (issue 55): two full blocks (U+2588, solid ink a renderer cannot miss) and
    /// a word, bold, in DejaVu Sans at 40 px, at (20, 20). Put down whole, as the text tool
    /// puts a box down when its editing ends.
    static let text = placedWhole("text box", onInk: Point(x: 32, y: 50), ink: Color(red: 30, green: 90, blue: 160), mapsToXopp: true) {
        TextBox(
            runs: [
                TextRun(
                    "\u{2588}\u{2588} Hi",
                    style: TextStyle(family: "DejaVu Sans", size: 40, isBold: true, color: Color(red: 30, green: 90, blue: 160)))
            ],
            origin: Point(x: 20, y: 20))
    }

    /// A kind put down whole — a click's dot, a pasted or imported mark: added through the
    /// history at one moment.
    static func placedWhole(
        _ name: String, onInk: Point, ink: Color, mapsToXopp: Bool, make: @escaping @Sendable () -> Mark
    ) -> MarkKindSample {
        MarkKindSample(
            name: name, make: make, onInk: onInk, ink: ink,
            draw: { document, _ in
                let mark = make()
                document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
                document.markFinished(mark)
                return mark
            },
            mapsToXopp: mapsToXopp)
    }

    /// A stroke through `points` (with `pressures`, taken to whole 255ths as files keep
    /// them; `onInk` its second point), drawn as the pen draws it: the first vertex as one
    /// step in the history, the others 8 ms apart, then finished.
    static func pen(_ name: String, color: Color, size: Float, points: [Point], pressures: [Float]?) -> MarkKindSample {
        let levels = pressures?.map { ($0 * 255).rounded() / 255 }
        return MarkKindSample(
            name: name,
            make: {
                let stroke = Stroke(color: color, size: size)
                for (index, point) in points.enumerated() {
                    if let levels { stroke.append(point, pressure: levels[index]) } else { stroke.append(point) }
                }
                return stroke
            },
            onInk: points[1], ink: color,
            draw: { document, clock in
                let stroke = Stroke(color: color, size: size)
                if let levels { stroke.append(points[0], pressure: levels[0]) } else { stroke.append(points[0]) }
                document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
                for index in points.indices.dropFirst() {
                    clock.advance(8)
                    document.scribble.append(points[index], pressure: levels?[index], to: stroke)
                }
                document.markFinished(stroke)
                return stroke
            },
            mapsToXopp: true)
    }
}
