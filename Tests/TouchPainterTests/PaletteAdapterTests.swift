import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The palette is the Adapter between its controls and the colour and size commands
/// (book chapter 8), and since issue 26 it changes the selected marks when there are any: live, one
/// undo step per change, with a heading that says so. Its hex field reads CSS's forms.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PaletteAdapterTests {
    let fixture = CoordinatorFixture()
    var coordinator: CoordinatingController { fixture.coordinator }
    var canvas: CanvasViewController { coordinator.canvasViewController }
    var style: StrokeStyle { canvas.strokeStyle }
    var scribble: Scribble { coordinator.document.scribble }
    var palette: PaletteViewController { coordinator.palette() }

    /// A line across the canvas at `y`, drawn with the pen through the canvas' input.
    private func line(_ y: Double) {
        let event = { (kind: PointerEvent.Kind, x: Double) in
            PointerEvent(
                kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: nil,
                isPrimaryDown: kind == .motion, isDoubleClick: false, modifiers: [], time: 0)
        }
        canvas.handle(event(.press, 10))
        for x in stride(from: 20.0, through: 100, by: 10) { canvas.handle(event(.motion, x)) }
        canvas.handle(event(.release, 100))
    }

    /// Two lines, both selected, and the palette open.
    private func twoSelectedLines() {
        line(20)
        line(60)
        canvas.choose(.select)
        canvas.selection.set(scribble.marks)
        coordinator.requestViewChange(to: .palette)
    }

    @Test func movingASliderRunsTheColourCommandWithAllThreeComponents() {
        palette.viewWillAppear()
        palette.red.scale.value = 255
        palette.blue.scale.value = 128
        #expect(style.color == Color(red: 255, green: 0, blue: 128))
    }

    @Test func theOpacitySliderRunsTheColourCommandAndSwatchesKeepTheOpacity() {
        palette.viewWillAppear()
        palette.red.scale.value = 250
        palette.opacity.scale.value = 50
        #expect(style.color == Color(red: 250, green: 0, blue: 0, alpha: 128)) // 50 % of 255, rounded
        palette.pick(Color(red: 255, green: 220, blue: 0))
        #expect(style.color == Color(red: 255, green: 220, blue: 0, alpha: 128)) // a yellow highlighter
        style.color = Color(red: 1, green: 2, blue: 3, alpha: 51)
        palette.viewWillAppear()
        #expect(palette.opacity.value == 20)
    }

    @Test func theWidthSliderRunsTheSizeCommand() {
        palette.viewWillAppear()
        palette.width.scale.value = 20
        #expect(style.size == 20)
    }

    @Test func openingThePaletteShowsTheCurrentPenNotDefaults() {
        style.color = Color(red: 10, green: 20, blue: 30)
        style.size = 33
        palette.viewWillAppear()
        #expect(palette.red.value == 10)
        #expect(palette.green.value == 20)
        #expect(palette.blue.value == 30)
        #expect(palette.width.value == 33)
        // Syncing the sliders must not have run commands that change the pen.
        #expect(style.color == Color(red: 10, green: 20, blue: 30))
    }

    // MARK: The selection

    @Test func theHeadingSaysWhatTheControlsChange() {
        #expect(PaletteViewController.heading(for: .pen) == "Pen colour and width")
        #expect(PaletteViewController.heading(for: .selection(count: 1)) == "Colour of 1 selected mark")
        #expect(PaletteViewController.heading(for: .selection(count: 2)) == "Colour of 2 selected marks")
        coordinator.requestViewChange(to: .palette)
        #expect(palette.heading.text == "Pen colour and width")
        coordinator.requestViewChange(to: .canvas)
        twoSelectedLines()
        #expect(palette.target == .selection(count: 2))
        #expect(palette.heading.text == "Colour of 2 selected marks")
        canvas.selection.set([scribble.marks[0]]) // selecting on the canvas while the pane is open
        #expect(palette.heading.text == "Colour of 1 selected mark")
        canvas.selection.clear()
        #expect(palette.heading.text == "Pen colour and width")
        #expect(palette.target == .pen)
    }

    @Test func aSwatchRecoloursTheSelectionNotThePenAsOneUndoStep() {
        let pen = (style.color, style.size)
        twoSelectedLines()
        let red = ColorSwatchButton.presets[4].color
        palette.pick(red)
        #expect(scribble.marks.map(\.color) == [red, red])
        #expect(style.color == pen.0 && style.size == pen.1) // the pen is as it was
        #expect(palette.hexEntry.text == red.hex)
        #expect(canvas.selection.marks.count == 2) // the recoloured marks stay selected
        coordinator.document.undo()
        #expect(scribble.marks.map(\.color) == [pen.0, pen.0])
        coordinator.document.undo() // the lines themselves: the recolour was one step
        #expect(scribble.marks.count == 1)
    }

    @Test func aSliderDragOnTheSelectionShowsLiveAndIsOneUndoStep() {
        twoSelectedLines()
        let slider = palette.red
        slider.scale.pointerPressed()
        for value in [10.0, 60, 120, 200] {
            slider.scale.value = value
            #expect(scribble.marks.map { $0.color?.red } == [UInt8(value), UInt8(value)]) // live, while dragging
        }
        slider.scale.pointerReleased()
        MainLoop.iterate() // the release is handled after GTK's own
        palette.width.scale.value = 9 // a key or a click: a step at once
        #expect(scribble.marks.map(\.size) == [9, 9])
        coordinator.document.undo()
        #expect(scribble.marks.map(\.size) == [4, 4])
        #expect(scribble.marks.map { $0.color?.red } == [200, 200])
        coordinator.document.undo() // the whole drag at once
        #expect(scribble.marks.map(\.color) == [.black, .black])
        coordinator.document.undo()
        #expect(scribble.marks.count == 1)
    }

    @Test func closingThePaletteMidDragKeepsTheChangeAsOneStep() {
        twoSelectedLines()
        palette.red.scale.pointerPressed()
        palette.red.scale.value = 90
        coordinator.requestViewChange(to: .canvas)
        #expect(scribble.marks.map { $0.color?.red } == [90, 90])
        coordinator.document.undo()
        #expect(scribble.marks.map(\.color) == [.black, .black])
    }

    // MARK: The hex field and the swatches

    @Test func theHexFieldReadsEveryForm() throws {
        let forms: [(String, Color, Bool)] = [
            ("#f00", Color(red: 255, green: 0, blue: 0), false),
            (" #FF0000 ", Color(red: 255, green: 0, blue: 0), false),
            ("ff0000", Color(red: 255, green: 0, blue: 0), false),
            ("#ff000080", Color(red: 255, green: 0, blue: 0, alpha: 128), true),
            ("#f008", Color(red: 255, green: 0, blue: 0, alpha: 136), true),
            ("red", Color(red: 255, green: 0, blue: 0), false),
            ("teal", Color(red: 0, green: 128, blue: 128), false),
            ("rgba(255, 0, 0, 0.5)", Color(red: 255, green: 0, blue: 0, alpha: 128), true),
        ]
        for (text, color, setsOpacity) in forms {
            let parsed = try ColorText.parse(text).get()
            #expect(parsed == ColorText(color: color, setsOpacity: setsOpacity), "\(text)")
        }
    }

    @Test(arguments: ["", "#12", "#12345", "#ggg", "nonsense", "rgb(1,2)"])
    func theHexFieldRefusesWithAReason(text: String) {
        guard case .failure(let refusal) = ColorText.parse(text) else {
            Issue.record("\(text) was taken for a colour")
            return
        }
        #expect(refusal.message.count > 20)
        if !text.isEmpty { #expect(refusal.message.contains(text)) }
        palette.viewWillAppear()
        let before = style.color
        palette.hexEntered(text)
        #expect(style.color == before)
        #expect(palette.hexProblem.text == refusal.message && palette.hexProblem.isVisible)
        #expect(palette.hexEntry.tooltip == refusal.message)
        palette.hexEntered("#0f0")
        #expect(style.color == Color(red: 0, green: 255, blue: 0))
        #expect(!palette.hexProblem.isVisible)
    }

    @Test func theHexFieldAndTheChosenSwatchFollowTheColour() {
        palette.viewWillAppear()
        #expect(palette.hexEntry.text == "#000000")
        #expect(palette.chosenSwatches.map(\.color) == [.black])
        palette.red.scale.value = 255
        #expect(palette.hexEntry.text == "#ff0000")
        #expect(palette.chosenSwatches.isEmpty) // no swatch is pure red
        let teal = ColorSwatchButton.presets[9].color
        palette.pick(teal)
        #expect(palette.hexEntry.text == teal.hex)
        #expect(palette.chosenSwatches.map(\.color) == [teal, teal]) // the preset, and the recent one
        palette.opacity.scale.value = 50
        #expect(palette.hexEntry.text == teal.hex + "80")
        #expect(palette.chosenSwatches.count == 2) // a highlighter of a swatch's colour is that swatch
        palette.hexEntered("#ff000080")
        #expect(style.color == Color(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(palette.opacity.value == 50)
    }

    @Test func eachSwatchRowIsOneTabStop() {
        palette.viewWillAppear()
        let rows = palette.presetRows + [palette.recentRow]
        palette.rememberRecent(.white)
        palette.rememberRecent(.black)
        for row in rows {
            #expect(row.swatches.count { $0.button.canFocus } == 1)
        }
        #expect(palette.presetRows[0].swatches[0].button.canFocus) // black, the pen's colour
        palette.pick(ColorSwatchButton.presets[12].color) // purple, in the second row
        #expect(palette.presetRows[1].swatches[4].button.canFocus)
        #expect(palette.presetRows[1].swatches.count { $0.button.canFocus } == 1)
    }
}
