/// The tag a button carries (book chapters 11 and 20, with the book's values): the Mediator
/// reads it from the button clicked to decide what the click asks for, so a button knows
/// nothing of pages, documents or history. 0–2 are the book's view changes (Done, Palette,
/// the thumbnails), 4 and 5 its Undo and Redo (listing 20-10); New and Save, which the book
/// gives commands of their own, take 3 and 6.
enum ButtonTag: Int, CaseIterable {
    case done = 0
    case openPalette = 1
    case openThumbnails = 2
    case newScribble = 3
    case undo = 4
    case redo = 5
    case save = 6
}
