import GtkKit
import PdfKit
import ScribbleKit

/// A document's pages (a PDF opened on the canvas): the page indicator in the header bar,
/// Go to Page (Ctrl+G), Fit Page and Fit Width, Find (Ctrl+F), and with nothing selected
/// Page Up and Page Down (a screen; pages or not), Home and End (the first and the last
/// page). The camera's arithmetic is `PageNavigation`'s; every move goes through `changeView`.
extension CanvasViewController {
    /// The drawing's pages, for the camera.
    var pageNavigation: PageNavigation { PageNavigation(pages: document.scribble.pageFrames) }

    /// Page Up and Page Down scroll a screen, Home and End go to the first and last page;
    /// false for any other key, or Home and End in a drawing without pages.
    func handlePageKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        switch key.key {
        case .pageUp: changeView { $0 = PageNavigation.scroll($0, screens: -1) }
        case .pageDown: changeView { $0 = PageNavigation.scroll($0, screens: 1) }
        case .home, .end:
            let pages = pageNavigation
            guard !pages.pages.isEmpty else { return false }
            let index = key.key == .home ? 0 : pages.pages.count - 1
            changeView { $0 = pages.show(page: index, in: $0) }
        default: return false
        }
        return true
    }

    /// Fit Page (all of the page in view) or Fit Width, of the page the view is on.
    func fitPage(width: Bool) {
        let pages = pageNavigation
        guard let current = pages.currentPage(in: canvasView.viewport) else { return }
        changeView { $0 = width ? pages.fitWidth(page: current, in: $0) : pages.fit(page: current, in: $0) }
    }

    /// Go to Page: asks for a page number (the current one proposed) and shows that page's top.
    func goToPageDialog() {
        let pages = pageNavigation
        guard let current = pages.currentPage(in: canvasView.viewport) else { return }
        let count = pages.pages.count
        guard
            let answer = dialogs.askText(
                tr("Go to Page"), text: tr("Page number, 1 to %1$s:", count), initial: String(current + 1),
                accept: tr("_Go"), kind: .pageNumber),
            let number = Int(answer.trimmed)
        else { return }
        changeView { $0 = pages.show(page: min(max(number, 1), count) - 1, in: $0) }
    }

    /// Shows the page the view is on, and how many there are, beside the zoom ("12 / 2415");
    /// hidden, with the page actions off (`CanvasToolbar.onPagesAvailable`), in a drawing
    /// without pages.
    func showCurrentPage() {
        let pages = pageNavigation
        toolbar.showPage(pages.currentPage(in: canvasView.viewport), of: pages.pages.count)
    }
}

extension CanvasViewController {
    /// Find (Ctrl+F): opens the bar over the canvas, connected to the pages the first time.
    func find() {
        let bar = canvasPage.findBar
        if bar.searchSource == nil {
            bar.searchSource = { [weak self] in
                guard let self else { return nil }
                let pages = self.document.scribble.pages
                let current = PageNavigation(pages: pages.map(\.frame)).currentPage(in: self.canvasView.viewport) ?? 0
                let texts = self.document.scribble.marks.compactMap { $0 as? TextBox }
                return (PageSearch(pages: pages, texts: texts), current)
            }
            bar.onHighlights = { [weak self] highlights in
                guard let self else { return }
                self.canvasView.apply(self.engine.show(highlights))
            }
            bar.onShowHit = { [weak self] hit in self?.bringIntoView(hit) }
        }
        bar.present()
    }

    /// Brings `area` (canvas pixels) into view, moving the camera the least: along an axis
    /// where it is out of view, it is centred on that axis.
    private func bringIntoView(_ area: Rect) {
        let visible = canvasView.viewport.visibleRect
        let outAcross = area.minX < visible.minX || area.maxX > visible.maxX
        let outDown = area.minY < visible.minY || area.maxY > visible.maxY
        guard outAcross || outDown else { return }
        let centre = canvasView.viewport.centre
        changeView {
            $0.centre(
                onX: outAcross ? Double(area.minX + area.maxX) / 2 : centre.x,
                y: outDown ? Double(area.minY + area.maxY) / 2 : centre.y)
        }
    }
}

extension CanvasViewController {
    /// A drawing on an encrypted PDF's pages, put on the canvas again (reopened, restored):
    /// its password is never saved, so the pages show as blank paper until it is typed. Asks
    /// for it (again while it is wrong), and shows the pages once it opens them; poppler
    /// opens the PDF on a `FileRequest` thread, never on the main one.
    func unlockPages(of scribble: Scribble) {
        guard let content = scribble.pages.first?.content else { return }
        FileRequest.start(
            { content.openingError }, timedOut: {},
            completion: { [weak self] result in
                guard let self, case .success(let error?) = result, error == .passwordRequired || error == .wrongPassword
                else { return }
                self.askPassword(for: content, of: scribble, wrong: false)
            })
    }

    private func askPassword(for content: StoredContent, of scribble: Scribble, wrong: Bool) {
        guard document.scribble === scribble else { return } // another drawing came meanwhile
        let name = document.displayName
        guard
            let typed = dialogs.askPdfPassword(
                for: name, why: tr("The pages of “%1$s” are a PDF protected by a password. Type it to show them:", name),
                wrong: wrong, accept: tr("_Show"))
        else { return }
        FileRequest.start(
            { Result { () throws(PdfError) in try content.unlock(password: typed) } }, timedOut: {},
            completion: { [weak self] result in
                guard let self, case .success(let unlocked) = result else { return }
                guard case .success = unlocked else { return self.askPassword(for: content, of: scribble, wrong: true) }
                guard self.document.scribble === scribble else { return }
                self.engine.show(scribble) // a new full frame, with the pages' content
                var update = CanvasUpdate()
                update.redrawsAll = true
                self.canvasView.apply(update)
            })
    }
}
