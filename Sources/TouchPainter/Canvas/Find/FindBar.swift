import Dispatch
import GtkKit
import ScribbleKit
import Synchronization

/// Find (Ctrl+F) in a drawing's PDF pages: a bar over the canvas with the text to find, how
/// many hits there are and which one is shown, and Previous and Next (Shift+Enter, Enter).
/// The search runs on a worker thread (`PageSearch`), from the page in view, and its hits
/// appear as it finds them; typing starts a new one and cancels the old. The canvas
/// controller gives it the pages, and shows the hits and moves the camera as it asks.
@MainActor
final class FindBar {
    /// The bar, above the canvas; hidden until Ctrl+F.
    let view = Box(.horizontal, spacing: 6)
    /// Called to show the hits on the canvas (none when the bar closes).
    var onHighlights: ((FindHighlights) -> Void)?
    /// Called to bring a hit (canvas pixels) into view.
    var onShowHit: ((Rect) -> Void)?
    /// Asked for what to search and from which page (the one in view), when a search starts.
    var searchSource: (() -> (search: PageSearch, fromPage: Int)?)?

    private let entry = Entry()
    private let status = Label()
    private let previous = Button(iconName: "go-up-symbolic"), next = Button(iconName: "go-down-symbolic")
    private let close = Button(iconName: "window-close-symbolic")
    /// The hits so far, by page position, and the one shown (page position, index in it).
    private var hitsByPage: [Int: [Rect]] = [:]
    private var current: (page: Int, index: Int)?
    private var isSearching = false
    /// The search under way, told to stop when another starts or the bar closes.
    private var cancel = SearchCancel()

    init() {
        entry.placeholder = tr("Find in the pages and text boxes")
        entry.accessibleName = tr("Find")
        entry.setWidthInCharacters(24)
        previous.tooltip = tr("Previous (Shift+Enter)")
        previous.accessibleName = tr("Previous match")
        next.tooltip = tr("Next (Enter)")
        next.accessibleName = tr("Next match")
        close.tooltip = tr("Close (Escape)")
        close.accessibleName = tr("Close Find")
        for button in [previous, next, close] { button.focusOnClick = false }
        view.setMargins(4)
        view.packStart(entry)
        view.packStart(previous)
        view.packStart(next)
        view.packStart(status)
        view.packEnd(close)
        view.isLeftOutOfShowAll = true
        entry.onChange { [weak self] _ in self?.startSearch() }
        entry.onActivate { [weak self] _ in self?.step(1) }
        entry.onKeyPress { [weak self] key in
            guard let self else { return false }
            if key.key == .escape {
                self.hide()
            } else if [.other("Return"), .other("KP_Enter")].contains(key.key), key.modifiers == [.shift] {
                self.step(-1)
            } else {
                return false
            }
            return true
        }
        previous.onClicked { [weak self] _ in self?.step(-1) }
        next.onClicked { [weak self] _ in self?.step(1) }
        close.onClicked { [weak self] _ in self?.hide() }
    }

    /// Opens the bar (or, open, selects its text) with the keyboard in its entry.
    func present() {
        if !view.isVisible {
            // Left out of the page's show-all while closed, its children with it.
            view.isLeftOutOfShowAll = false
            view.showAll()
        }
        entry.grabFocus()
        if !entry.text.isEmpty { startSearch() }
    }

    /// Closes the bar: the search stops and its hits go.
    func hide() {
        cancel.stop()
        view.isVisible = false
        view.isLeftOutOfShowAll = true
        reset()
        onHighlights?(FindHighlights())
    }

    /// Whether the bar is open.
    var isOpen: Bool { view.isVisible }

    private func reset() {
        hitsByPage = [:]
        current = nil
        isSearching = false
    }

    /// Searches for the entry's text anew, from the page in view.
    private func startSearch() {
        cancel.stop()
        reset()
        let text = entry.text
        guard !text.isEmpty, let source = searchSource?() ?? nil else { return refresh() }
        let (search, start) = (source.search, source.fromPage)
        let token = SearchCancel()
        cancel = token
        isSearching = true
        refresh()
        DispatchQueue(label: "touchpainter.find", qos: .userInitiated).async {
            search.run(
                for: text, from: start, isCancelled: { token.isStopped },
                found: { page, hits in
                    MainLoop.perform { [weak self] in
                        guard let self, !token.isStopped else { return }
                        self.add(hits, onPage: page)
                    }
                })
            MainLoop.perform { [weak self] in
                guard let self, !token.isStopped else { return }
                self.isSearching = false
                self.refresh()
            }
        }
    }

    /// A page's hits came in; the first hit found is shown.
    private func add(_ hits: [Rect], onPage page: Int) {
        hitsByPage[page] = hits
        if current == nil {
            current = (page, 0)
            if let hit = hitsByPage[page]?.first { onShowHit?(hit) }
        }
        refresh()
    }

    /// Shows the next (1) or previous (-1) hit, round the pages.
    private func step(_ direction: Int) {
        let order = hitsByPage.keys.sorted()
        guard let shown = current, !order.isEmpty, let pageHits = hitsByPage[shown.page] else { return }
        var (page, index) = (shown.page, shown.index + direction)
        if !pageHits.indices.contains(index) {
            let position = order.firstIndex(of: page) ?? 0
            page = order[(position + direction + order.count) % order.count]
            index = direction > 0 ? 0 : (hitsByPage[page]?.count ?? 1) - 1
        }
        current = (page, index)
        if let hit = hitsByPage[page]?[index] { onShowHit?(hit) }
        refresh()
    }

    /// The status text and the hits on the canvas, as the search stands.
    private func refresh() {
        let order = hitsByPage.keys.sorted()
        let all = order.flatMap { hitsByPage[$0] ?? [] }
        var shownIndex: Int?
        if let current, let position = order.firstIndex(of: current.page) {
            shownIndex = order[..<position].reduce(0) { $0 + (hitsByPage[$1]?.count ?? 0) } + current.index
        }
        previous.isSensitive = all.count > 1
        next.isSensitive = all.count > 1
        entry.setInvalid(!entry.text.isEmpty && !isSearching && all.isEmpty)
        status.text =
            if entry.text.isEmpty { "" } else if all.isEmpty { isSearching ? tr("Searching…") : tr("Not found") } else {
                tr("%1$s of %2$s", (shownIndex ?? 0) + 1, all.count) + (isSearching ? "…" : "")
            }
        onHighlights?(FindHighlights(hits: all, current: shownIndex))
    }
}

/// Tells a search on a worker thread to stop: set on the main thread, read by the worker.
private final class SearchCancel: Sendable {
    private let stopped = Atomic<Bool>(false)
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
    func stop() { stopped.store(true, ordering: .relaxed) }
}
