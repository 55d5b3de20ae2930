import Foundation
import Testing
@testable import ScribbleKit

/// The committed hostile inputs (`Tests/Corpus`): each crafted scribble has a good
/// magic, length and checksum, so only the reader's limits refuse it — with the reason.
@Suite(.timeLimit(.minutes(1))) struct HostileCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus").path

    /// Each refused file and words its reason must hold.
    static let refusals: [(String, String)] = [
        ("huge-width", "width is out of range"), ("flipped-exponent", "width is out of range"),
        ("zero-width", "width is out of range"), ("huge-dot", "size is out of range"),
        ("negative-dot", "size is out of range"), ("far-location", "too far from the canvas"),
        ("far-dot", "too far from the canvas"), ("nul-title", "control characters"),
        ("escape-title", "control characters"), ("c1-title", "control characters"),
        ("del-title", "control characters"),
    ]

    @Test(arguments: refusals) func hostileScribblesAreRefusedWithTheirReason(name: String, reason: String) {
        do {
            _ = try ScribbleManager.loadMemento(path: Self.corpus + "/\(name).scribble")
            Issue.record("\(name) opened")
        } catch let ScribbleFormatError.corrupt(why) {
            #expect(why.contains(reason), "\(name): \(why)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func valuesAtTheLimitsOpenAndDraw() throws {
        // A 1024 px stroke from corner to corner of the allowed area, a 1024 px dot at a
        // corner of it, and a non-ASCII title.
        let scribble = try ScribbleManager.loadScribble(path: Self.corpus + "/limits.scribble")
        #expect(scribble.title == "Edges — ünïcode ✓")
        #expect(scribble.marks.map(\.size) == [1024, 1024])
        let surface = ImageSurface(width: 200, height: 200)
        surface.render(scribble.root) // the stroke's diagonal crosses this whole surface
        #expect(surface.countPixels(differentFrom: .black) == 0)
    }

    @Test func everyCorpusScribbleIsCheckedHere() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
            .filter { $0.hasSuffix(".scribble") }.map { String($0.dropLast(".scribble".count)) }
        #expect(Set(names) == Set(Self.refusals.map(\.0) + ["limits", "v1-sample"]))
    }

    @Test func aVersion1FileStillOpensAndIsSavedAsVersion2() throws {
        // Committed bytes (make_corpus.py), not made by this build's code: the app must go on
        // opening what earlier versions saved.
        let path = Self.corpus + "/v1-sample.scribble"
        let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        #expect(bytes[8] == 1 && bytes[9] == 0)
        #expect(ScribbleManager.isIntact(path: path))
        let memento = try ScribbleManager.loadMemento(path: path)
        #expect(memento.title == "Version 1" && memento.isComplete)

        let expected = Stroke()
        let first = Stroke(color: Color(red: 9, green: 8, blue: 7, alpha: 6), size: 3)
        first.append(contentsOf: [Point(x: 1.5, y: 2.25), Point(x: -3, y: 4)])
        first.add(Dot(location: Point(x: 4, y: 4), color: Color(red: 255, green: 0, blue: 0, alpha: 128), size: 2))
        let nested = Stroke(color: Color(red: 0, green: 0, blue: 255), size: 1)
        nested.append(Point(x: 5, y: 5))
        first.add(nested)
        first.append(Point(x: 6.125, y: -6.5))
        expected.add(first)
        let second = Stroke(color: .black, size: 12)
        second.append(contentsOf: [Point(x: 100, y: 100), Point(x: 200, y: 150), Point(x: 300, y: 100)])
        expected.add(second)
        expected.add(Dot(location: Point(x: 7, y: 7), color: .white, size: 9))
        #expect(marksEqual(Scribble.drawing(of: memento), expected))

        // Saved again it becomes version 2, holding the same drawing.
        let saved = memento.data
        #expect(saved[8] == 2)
        #expect(marksEqual(Scribble.drawing(of: try ScribbleMemento(data: saved)), expected))
    }

    @Test func aPNGBombIsKnownByItsHeaderAlone() throws {
        let size = try PNGHeader.size(ofFileAt: Self.corpus + "/bomb-5000.png")
        #expect(size.width == 5000 && size.height == 5000)
        let bytes = try #require(FileManager.default.contents(atPath: Self.corpus + "/bomb-5000.png"))
        #expect(bytes.count < 4096) // 100 MB once decoded: the gallery must refuse it unread
    }
}
