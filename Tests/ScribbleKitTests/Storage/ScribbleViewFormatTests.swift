import Testing
@testable import ScribbleKit

/// The view a scribble keeps (format version 3): it survives the file; a scribble
/// never zoomed or panned stays a version-2 file byte for byte; older files open; and a
/// hostile view — out of range, not a number, on an incremental file, missing or doubled —
/// is refused cleanly, as everything else the reader trusts nothing of.
@Suite(.timeLimit(.minutes(1)))
struct ScribbleViewFormatTests {
    private func drawing(view: SavedCamera?) -> Scribble {
        let scribble = Scribble()
        scribble.title = "Seen"
        let stroke = Stroke(color: .black, size: 3)
        stroke.append(contentsOf: [Point(x: -40, y: 12.5), Point(x: 310, y: -77)])
        scribble.add(stroke)
        scribble.view = view
        return scribble
    }

    /// A version-3 file of the drawing above whose view record holds `values` (raw Float64).
    private func file(viewBytes: [UInt8], complete: Bool = true) -> [UInt8] {
        var bytes = drawing(view: nil).makeMemento().data
        let payloadStart = 16 + 4 + 8 // header with the title "Seen", then the payload length
        let payload = Array(bytes[payloadStart..<(bytes.count - 4)]) + viewBytes
        bytes = CraftedFile.make(version: 3, flags: complete ? 3 : 2, title: Array("Seen".utf8), payload: payload)
        return bytes
    }

    private func record(_ zoom: Double, _ x: Double, _ y: Double) -> [UInt8] {
        [ScribbleFormat.Tag.view.rawValue] + [zoom, x, y].flatMap { CraftedFile.le($0.bitPattern) }
    }

    @Test func theViewSurvivesTheFileAndTheFileIsVersion3() throws {
        let view = try #require(SavedCamera(zoom: 2.0.squareRoot() * 4, centreX: -123_456.75, centreY: 999_999))
        let bytes = drawing(view: view).makeMemento().data
        #expect(bytes[8] == 3)
        let memento = try ScribbleMemento(data: bytes)
        #expect(memento.view == view && memento.title == "Seen" && Scribble.drawing(of: memento).count == 1)
        #expect(memento.data == bytes) // one spelling
        let reopened = Scribble(adopting: memento)
        #expect(reopened.view == view)
        // An incremental memento (the journal's) keeps no view.
        #expect(drawing(view: view).makeMemento(complete: false).view == nil)
    }

    @Test func aScribbleNeverZoomedIsTheVersion2FileItWasAndOlderFilesOpen() throws {
        let bytes = drawing(view: nil).makeMemento().data
        #expect(bytes[8] == 2)
        #expect(try ScribbleMemento(data: bytes).view == nil)
        #expect(SavedCamera(Viewport(width: 800, height: 600)) == nil) // 100 % from the origin is no view
        let v1 = ScribbleEncoderV1.encode(drawing(view: nil).makeMemento())
        #expect(try ScribbleMemento(data: v1).view == nil)
    }

    @Test func aViewFromTheFileIsShownWithItsCentreInTheMiddle() throws {
        let view = try #require(SavedCamera(zoom: 4, centreX: 5_000, centreY: -2_000))
        var viewport = Viewport(width: 1000, height: 600)
        viewport.show(view)
        #expect(viewport.zoom == 4 && abs(viewport.centre.x - 5_000) <= 0.25 && abs(viewport.centre.y + 2_000) <= 0.25)
        viewport.show(nil)
        #expect(viewport.isIdentity)
    }

    @Test func hostileViewsAreRefused() {
        #expect(decodingError(file(viewBytes: record(2, 10, 20))) == nil) // the crafted file itself is fine
        for (values, why) in [
            ((Double.nan, 0.0, 0.0), "NaN"), ((0, 0, 0), "zoom 0"), ((0.01, 0, 0), "below 5 %"),
            ((65, 0, 0), "above 6400 %"), ((.infinity, 0, 0), "infinite"), ((1, 2e6, 0), "far centre"),
            ((1, 0, -.infinity), "infinite centre"), ((1, .nan, 0), "NaN centre"),
        ] {
            #expect(decodingError(file(viewBytes: record(values.0, values.1, values.2))) == .corrupt("the view is out of range"), "\(why)")
        }
        #expect(decodingError(file(viewBytes: [])) != nil) // version 3 without its view: another spelling of version 2
        #expect(decodingError(file(viewBytes: [9] + record(1, 0, 0).dropFirst())) == .corrupt("the view is missing"))
        #expect(decodingError(file(viewBytes: record(1, 0, 0) + record(1, 0, 0))) == .corrupt("there are extra bytes after the drawing"))
        #expect(decodingError(file(viewBytes: Array(record(1, 0, 0).prefix(20)))) != nil) // cut short
        #expect(decodingError(file(viewBytes: record(1, 0, 0), complete: false)) == .corrupt("an incremental file has a view"))
        // A view record inside the tree is no mark.
        #expect(
            decodingError(CraftedFile.make(version: 3, payload: CraftedFile.strokeHeadV2(children: 1) + record(1, 0, 0)))
                == .corrupt("it holds an unknown kind of mark"))
    }

    @Test func everyTruncationAndBitFlipOfAVersion3FileIsCaught() throws {
        let view = try #require(SavedCamera(zoom: 0.5, centreX: 1, centreY: 2))
        let bytes = drawing(view: view).makeMemento().data
        expectEveryPrefixIsTruncated(bytes)
        expectEveryBitFlipIsDetected(bytes)
    }
}
