@testable import GtkKit
import Testing

/// The save chooser's name follows the file type picked: the extension of a known type is
/// swapped for the new one, anything else keeps its name and gains the new extension.
@Suite(.timeLimit(.minutes(1)))
struct FileChooserTests {
    let filters: [FileChooser.Filter] = [
        .init("PNG image", pattern: "*.png"), .init("SVG image", pattern: "*.svg"),
        .init("PDF image", pattern: "*.pdf"),
    ]

    @Test func aKnownExtensionIsSwappedForTheTypeChosen() {
        #expect(FileChooser.name("Untitled.png", withExtensionOf: filters[1], among: filters) == "Untitled.svg")
        #expect(FileChooser.name("trip.v2.svg", withExtensionOf: filters[2], among: filters) == "trip.v2.pdf")
    }

    @Test func aNameOfThatTypeAlreadyIsLeftAlone() {
        #expect(FileChooser.name("Untitled.svg", withExtensionOf: filters[1], among: filters) == "Untitled.svg")
    }

    @Test func anyOtherNameGainsTheExtension() {
        #expect(FileChooser.name("notes", withExtensionOf: filters[0], among: filters) == "notes.png")
        #expect(FileChooser.name("notes.txt", withExtensionOf: filters[0], among: filters) == "notes.txt.png")
    }
}
