import CCairo
import Testing
@testable import ScribbleKit

/// What `MarkRenderer` leaves on an image surface, checked pixel by pixel.
@Suite(.timeLimit(.minutes(1))) struct MarkRendererTests {
    let red = Color(red: 255, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 255)
    let green = Color(red: 0, green: 128, blue: 0)

    @Test func dotFillsItsCircle() {
        let image = ImageSurface(width: 100, height: 100)
        image.render(Dot(location: Point(x: 50, y: 50), color: red, size: 20))

        #expect(image.pixel(x: 50, y: 50, is: red))
        #expect(image.pixel(x: 41, y: 50, is: red))
        #expect(image.pixel(x: 61, y: 50, is: .white))
        #expect(image.pixel(x: 50, y: 38, is: .white))
        #expect(image.pixel(x: 58, y: 58, is: .white)) // a circle, not a square
    }

    @Test func strokePaintsItsWidthAndNoMore() {
        let size: Float = 10
        let stroke = Stroke(color: blue, size: size)
        stroke.append(Point(x: 20, y: 20))
        stroke.append(Point(x: 80, y: 20))
        stroke.append(Point(x: 80, y: 80))
        let image = ImageSurface(width: 100, height: 100)
        image.render(stroke)

        // Whole pixels inside and outside the pen, allowing for the bend smoothing gives the
        // corner (`Stroke.smoothingReach`).
        let inside = Int(size / 2 - Stroke.smoothingReach) - 1, outside = Int(size / 2 + Stroke.smoothingReach) + 2
        for x in [25, 40, 50, 60, 70] { // clear of the vertical segment's band, x 75…85
            #expect(image.pixel(x: x, y: 20, is: blue), "along the top at x \(x)")
            #expect(image.pixel(x: x, y: 20 - inside, is: blue))
            #expect(image.pixel(x: x, y: 20 + inside, is: blue))
            #expect(image.pixel(x: x, y: 20 - outside, is: .white))
            #expect(image.pixel(x: x, y: 20 + outside, is: .white))
        }
        for y in [25, 50, 75] {
            #expect(image.pixel(x: 80, y: y, is: blue), "down the side at y \(y)")
            #expect(image.pixel(x: 80 - inside, y: y, is: blue))
            #expect(image.pixel(x: 80 + inside, y: y, is: blue))
            #expect(image.pixel(x: 80 - outside, y: y, is: .white))
            #expect(image.pixel(x: 80 + outside, y: y, is: .white))
        }
        #expect(image.pixel(x: 50, y: 50, is: .white))
        // Round caps and joins: covered straight past the end, not in the square's corners.
        #expect(image.pixel(x: 16, y: 20, is: blue))
        #expect(image.pixel(x: 15, y: 15, is: .white))
        #expect(image.pixel(x: 84, y: 15, is: .white))
    }

    @Test func emptyStrokePaintsNothing() {
        let image = ImageSurface(width: 40, height: 40)
        image.render(Stroke(color: red, size: 10))
        #expect(image.countPixels(differentFrom: .white) == 0)
    }

    @Test func rootWithoutColourPaintsNothing() {
        let root = Stroke(color: nil, size: 10)
        root.append(Point(x: 5, y: 5))
        root.append(Point(x: 35, y: 35))
        root.append(Point(x: 20, y: 20))
        let image = ImageSurface(width: 40, height: 40)
        image.render(root)
        #expect(image.countPixels(differentFrom: .white) == 0)
    }

    @Test func oneVertexStrokePaintsARoundDot() {
        let stroke = Stroke(color: green, size: 20)
        stroke.append(Point(x: 50, y: 50))
        let image = ImageSurface(width: 100, height: 100)
        image.render(stroke)

        #expect(image.pixel(x: 50, y: 50, is: green))
        #expect(image.pixel(x: 57, y: 50, is: green))
        #expect(image.pixel(x: 50, y: 42, is: green))
        #expect(image.pixel(x: 61, y: 50, is: .white))
        #expect(image.pixel(x: 58, y: 58, is: .white)) // round, not a square cap
        #expect(image.countPixels(differentFrom: .white) < 400)
        #expect(image.countPixels(differentFrom: .white) > 250) // about π·10² pixels
    }

    @Test func childStrokesAreNotJoined() {
        let root = Stroke()
        let first = Stroke(color: red, size: 6)
        first.append(Point(x: 10, y: 20))
        first.append(Point(x: 40, y: 20))
        let second = Stroke(color: red, size: 6)
        second.append(Point(x: 60, y: 80))
        second.append(Point(x: 90, y: 80))
        root.add(first)
        root.add(second)
        let image = ImageSurface(width: 100, height: 100)
        image.render(root)

        #expect(image.pixel(x: 25, y: 20, is: red))
        #expect(image.pixel(x: 75, y: 80, is: red))
        #expect(image.pixel(x: 50, y: 50, is: .white))
        for row in 30...70 { // the whole way between the end of one and the start of the next
            #expect(image.pixel(x: 40 + (row - 20) * 20 / 60, y: row, is: .white), "row \(row)")
        }
    }

    @Test func dotsAndStrokesInARootPaintInOrder() {
        let root = Stroke()
        let stroke = Stroke(color: blue, size: 10)
        stroke.append(Point(x: 10, y: 50))
        stroke.append(Point(x: 90, y: 50))
        root.add(stroke)
        root.add(Dot(location: Point(x: 50, y: 50), color: red, size: 8))
        let image = ImageSurface(width: 100, height: 100)
        image.render(root)

        #expect(image.pixel(x: 50, y: 50, is: red))
        #expect(image.pixel(x: 30, y: 50, is: blue))
    }

    @Test func clipSkipsMarksOutsideWithoutChangingTheResult() {
        let root = Stroke()
        let inside = Dot(location: Point(x: 20, y: 20), color: red, size: 10)
        let outside = Dot(location: Point(x: 80, y: 80), color: red, size: 10)
        let crossing = Stroke(color: blue, size: 6)
        crossing.append(Point(x: 30, y: 60))
        crossing.append(Point(x: 90, y: 60))
        let reachingIn = Stroke(color: green, size: 20) // vertices outside, pen width inside
        reachingIn.append(Point(x: 55, y: 5))
        reachingIn.append(Point(x: 55, y: 45))
        for mark in [inside, outside, crossing, reachingIn] as [Mark] { root.add(mark) }
        let clip = Rect(x: 0, y: 0, width: 50, height: 100)

        let clipped = ImageSurface(width: 100, height: 100)
        clipped.render(root, clip: clip)
        let full = ImageSurface(width: 100, height: 100)
        full.render(root)

        #expect(clipped.pixel(x: 20, y: 20, is: red))
        #expect(clipped.pixel(x: 40, y: 60, is: blue))
        #expect(clipped.pixel(x: 48, y: 25, is: green))
        #expect(clipped.pixel(x: 80, y: 80, is: .white))
        #expect(clipped.pixel(x: 70, y: 60, is: .white))
        var mismatches = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let expected = x < 50 ? full.pixel(x: x, y: y) : (255, 255, 255, 255)
                if clipped.pixel(x: x, y: y) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func longStrokesAreDrawnWholeAcrossChunks() {
        let stroke = Stroke(color: red, size: 4)
        let count = MarkRenderer.chunkLength * 2 + 10
        for index in 0..<count {
            stroke.append(Point(x: 5 + Float(index) * 190 / Float(count - 1), y: 50))
        }
        let image = ImageSurface(width: 200, height: 100)
        image.render(stroke)

        for x in stride(from: 6, through: 194, by: 4) {
            #expect(image.pixel(x: x, y: 50, is: red), "x \(x)")
        }
    }
}
