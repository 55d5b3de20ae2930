import GtkKit
import ScribbleKit

/// Pictures brought onto the drawing (issue 54): pasted from another app's clipboard (a PNG,
/// a JPEG, or a list of picture files as file managers copy them), dropped as files on the
/// window, or chosen with Insert Picture…. Files are read and pictures checked off the main
/// thread (`FileRequest`: the bytes hashed, the header read, a JPEG's orientation found);
/// the pictures then arrive at their natural size, fitted into the view if larger, centred
/// in the view, selected, as one undo step (`CanvasEngine.add`).
extension CanvasViewController {
    /// The picture types asked of the clipboard, in the order they are preferred: the
    /// original bytes a browser or an image editor offers, a PNG being lossless.
    static let clipboardPictureTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]

    /// The picture types a drop is asked for before files: what a browser's dragged image offers.
    static let droppedPictureTypes = ["image/png", "image/jpeg"]

    /// The picture files among `paths`, if every one is a picture (a drop of pictures puts
    /// them on the drawing; any other drop opens the file as before).
    static func pictureFiles(_ paths: [String]) -> [String]? {
        !paths.isEmpty && paths.allSatisfy(PictureImport.isPictureFile) ? paths : nil
    }

    /// Insert Picture…: asks for a picture file, then puts it on the drawing.
    func insertPictureChooser() {
        guard !refusesWhileOpening() else { return }
        let filter = FileChooser.Filter(
            tr("Pictures"), patterns: PictureImport.fileExtensions.sorted().flatMap { ["*." + $0, "*." + $0.uppercased()] })
        guard
            let path = FileChooser.open(
                parent: dialogs.dialogParent, title: tr("Insert Picture"), accept: tr("_Insert"), folder: FileChooser.picturesFolder,
                filters: [filter])
        else { return }
        insertPictures(fromFiles: [path])
    }

    /// The canvas point under the point (`x`, `y`) of `window` (a drop's), or `nil` when it
    /// is not over the canvas.
    func canvasPoint(ofWindowPoint point: (x: Double, y: Double), in window: Widget) -> Point? {
        guard let (x, y) = window.translate(x: point.x, y: point.y, to: canvasView.drawingArea) else { return nil }
        let size = canvasView.drawingArea.allocatedSize
        guard x >= 0, y >= 0, x < Double(size.width), y < Double(size.height) else { return nil }
        return canvasView.canvasPoint(x: x, y: y)
    }

    /// Reads the picture files `paths` off the main thread and puts those that read on the
    /// drawing, centred on `point` (a drop's) or in the view; each that does not is named in a
    /// notice with why.
    func insertPictures(fromFiles paths: [String], at point: Point? = nil) {
        FileRequest.start(
            { paths.map { path in Result { try PictureImport.reading(path: path) }.mapError { PictureFailure(path: path, error: $0) } } },
            timedOut: { [weak self] in
                self?.notify(tr("Could not insert the picture: reading it took more than %1$s seconds", FileRequest.timeout / 1000))
            },
            completion: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let results):
                    self.place(results.compactMap { try? $0.get() }, at: point)
                    if case .failure(let failure)? = results.first(where: { (try? $0.get()) == nil }) {
                        self.notify(tr("Could not insert “%1$s”: %2$s", failure.name, failure.reason))
                    }
                case .failure(let error):
                    self.notify(tr("Could not insert the picture: %1$s", "\(error)"))
                }
            })
    }

    /// Puts the picture in `bytes` (pasted or dropped from another app) on the drawing,
    /// checked off the main thread, centred on `point` (a drop's) or in the view.
    func insertPicture(pasted bytes: [UInt8], at point: Point? = nil) {
        FileRequest.start(
            { try PictureImport(bytes: bytes) },
            timedOut: { [weak self] in self?.notify(tr("Could not paste the picture: reading it took too long")) },
            completion: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let imported): self.place([imported], at: point)
                case .failure(let error): self.notify(tr("Could not paste the picture: %1$s", Self.reason(error)))
                }
            })
    }

    /// Pastes what another app put on the clipboard: a picture, or picture files; else says
    /// there is nothing to paste.
    func pasteFromOtherApp() {
        Clipboard.requestTypes { [weak self] types in
            guard let self else { return }
            if let type = Self.clipboardPictureTypes.first(where: types.contains) {
                Clipboard.request(type) { [weak self] data in
                    guard let data, !data.isEmpty else { return }
                    self?.insertPicture(pasted: data)
                }
            } else if types.contains("text/uri-list") {
                Clipboard.request("text/uri-list") { [weak self] data in
                    let paths = Self.localPaths(inURIList: data ?? [])
                    guard let self, let pictures = Self.pictureFiles(paths) else { return self?.notifyNothingToPaste() ?? () }
                    self.insertPictures(fromFiles: pictures)
                }
            } else {
                self.notifyNothingToPaste()
            }
        }
    }

    /// Says there is nothing on the clipboard TouchPainter pastes.
    private func notifyNothingToPaste() {
        dialogs.notify(tr("Nothing to paste: copy marks in TouchPainter, or a picture"))
    }

    /// The local files a `text/uri-list` names (`file://` URIs, percent-decoded), in order.
    nonisolated static func localPaths(inURIList bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let uri = line.drop { $0 == " " || $0 == "\t" }
            guard !uri.hasPrefix("#"), uri.hasPrefix("file://") else { return nil }
            var rest = uri.dropFirst("file://".count)
            if !rest.hasPrefix("/") { rest = rest.drop { $0 != "/" } } // file://host/path
            return percentDecoded(Array(rest.utf8))
        }
    }

    /// `bytes` with each %XX turned into its byte, as UTF-8; `nil` when that is not UTF-8.
    private nonisolated static func percentDecoded(_ bytes: [UInt8]) -> String? {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// Puts `pictures` on the drawing as one undo step, selected: each at its natural size,
    /// fitted into the view if larger, the first centred on `point` (where they were dropped)
    /// or in the view and each next one a little further down and right, as duplicates go.
    private func place(_ pictures: [PictureImport], at point: Point? = nil) {
        guard !pictures.isEmpty, !refusesWhileOpening() else { return }
        let visible = canvasView.viewport.visibleRect
        let store = document.scribble.contents
        let centre = point ?? Point(x: (visible.minX + visible.maxX) / 2, y: (visible.minY + visible.maxY) / 2)
        let marks: [Mark] = pictures.enumerated().map { index, imported in
            let step = CanvasEngine.duplicateOffset * Float(index)
            return imported.placed(in: visible, at: Point(x: centre.x + step, y: centre.y + step), sharing: store)
        }
        add(marks)
    }

    /// The reason a picture was not read, in a line.
    nonisolated static func reason(_ error: any Error) -> String {
        (error as? PictureError)?.message ?? "\(error)"
    }
}

/// A picture file that did not read: its name and why.
struct PictureFailure: Error {
    let name: String, reason: String

    init(path: String, error: any Error) {
        name = path.split(separator: "/").last.map(String.init) ?? path
        reason = CanvasViewController.reason(error)
    }
}
