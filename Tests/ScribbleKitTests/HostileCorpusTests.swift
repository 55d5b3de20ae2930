import Foundation
import Testing
@testable import ScribbleKit

/// The committed hostile inputs (`Tests/Corpus`, SPEC §9): each crafted scribble has a good
/// magic, length and checksum, so only the reader's limits refuse it — with the reason.
@Suite(.timeLimit(.minutes(1))) struct HostileCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus").path

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
        #expect(Set(names) == Set(Self.refusals.map(\.0) + ["limits"]))
    }

    @Test func aPNGBombIsKnownByItsHeaderAlone() throws {
        let size = try PNGHeader.size(ofFileAt: Self.corpus + "/bomb-5000.png")
        #expect(size.width == 5000 && size.height == 5000)
        let bytes = try #require(FileManager.default.contents(atPath: Self.corpus + "/bomb-5000.png"))
        #expect(bytes.count < 4096) // 100 MB once decoded: the gallery must refuse it unread
    }
}
