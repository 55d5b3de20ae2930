import Testing
@testable import ScribbleKit

/// The page keys' and page fits' camera: which page the view is on, Go to Page, Fit Page,
/// Fit Width and a screen's scroll, on A4 and landscape pages laid top to bottom.
@Suite(.timeLimit(.minutes(1)))
struct PageNavigationTests {
    /// Three pages: A4 portrait (794 × 1123 px), landscape, A4 again, 20 px apart.
    private let navigation = PageNavigation(pages: [
        Rect(x: 0, y: 0, width: 794, height: 1123),
        Rect(x: -164.5, y: 1143, width: 1123, height: 794),
        Rect(x: 0, y: 1957, width: 794, height: 1123),
    ])

    private func view(centredOn y: Double, zoom: Double = 1) -> Viewport {
        var view = Viewport(width: 1000, height: 700, zoom: zoom)
        view.centre(onX: 397, y: y)
        return view
    }

    @Test func theCurrentPageIsTheOneAcrossTheCentreOrTheNearest() {
        #expect(navigation.currentPage(in: view(centredOn: 500)) == 0)
        #expect(navigation.currentPage(in: view(centredOn: 1500)) == 1)
        #expect(navigation.currentPage(in: view(centredOn: 2500)) == 2)
        #expect(navigation.currentPage(in: view(centredOn: 1130)) == 0) // in the gap, nearer the first
        #expect(navigation.currentPage(in: view(centredOn: 1140)) == 1)
        #expect(navigation.currentPage(in: view(centredOn: -5000)) == 0)
        #expect(navigation.currentPage(in: view(centredOn: 90_000)) == 2)
        #expect(PageNavigation(pages: []).currentPage(in: view(centredOn: 0)) == nil)
    }

    @Test func theCurrentPageIsFoundInAnyColumn() {
        // A PDF too long for one column goes on in a second to its right (`PdfLayout`).
        let columns = PageNavigation(pages: [
            Rect(x: 0, y: 0, width: 794, height: 1123), Rect(x: 0, y: 1143, width: 794, height: 1123),
            Rect(x: 814, y: 0, width: 794, height: 1123), Rect(x: 814, y: 1143, width: 794, height: 1123),
        ])
        var view = Viewport(width: 1000, height: 700)
        for (x, y, page) in [(397.0, 1500.0, 1), (1200.0, 500.0, 2), (1200.0, 1500.0, 3), (1200.0, 5000.0, 3)] {
            view.centre(onX: x, y: y)
            #expect(columns.currentPage(in: view) == page, "at (\(x), \(y))")
        }
    }

    @Test func goingToAPageShowsItsTopAtTheSameZoom() {
        for zoom in [0.5, 1, 2] {
            let shown = navigation.show(page: 2, in: view(centredOn: 0, zoom: zoom))
            #expect(shown.zoom == zoom)
            #expect(navigation.currentPage(in: shown) == 2)
            let top = shown.viewPoint(Point(x: 0, y: 1957)).y
            #expect(abs(top - PageNavigation.margin) <= 1, "zoom \(zoom): the page's top at \(top)")
        }
        // Past either end: the first or the last page.
        #expect(navigation.currentPage(in: navigation.show(page: 99, in: view(centredOn: 0))) == 2)
        #expect(navigation.currentPage(in: navigation.show(page: -3, in: view(centredOn: 2500))) == 0)
    }

    @Test func fitPageShowsAllOfItAboveAHundredPercentToo() {
        var big = Viewport(width: 3000, height: 2600)
        big.centre(onX: 0, y: 0)
        for (index, viewport) in [(1, view(centredOn: 0)), (0, big)] {
            let fitted = navigation.fit(page: index, in: viewport)
            let page = fitted.viewRect(navigation.pages[index])
            #expect(page.minX >= 15 && page.minY >= 15, "page \(index) at \(page)")
            #expect(page.maxX <= Float(fitted.width) - 15 && page.maxY <= Float(fitted.height) - 15)
            #expect(min(page.minX, page.minY) <= 17, "page \(index) touches a margin: \(page)")
        }
        #expect(navigation.fit(page: 0, in: big).zoom > 2)
    }

    @Test func fitWidthKeepsThePartInViewOrGoesToTheTop() {
        let onSecond = view(centredOn: 1500)
        let fitted = navigation.fitWidth(page: 1, in: onSecond)
        let page = fitted.viewRect(navigation.pages[1])
        #expect(abs(page.minX - 16) <= 1 && abs(page.maxX - 984) <= 1)
        #expect(abs(fitted.centre.y - 1500) <= 1)
        let fromElsewhere = navigation.fitWidth(page: 2, in: onSecond)
        #expect(abs(fromElsewhere.viewRect(navigation.pages[2]).minY - 16) <= 1)
    }

    @Test func pageDownAndUpMoveNineTenthsOfAScreen() {
        let start = view(centredOn: 500)
        let down = PageNavigation.scroll(start, screens: 1)
        #expect(abs(down.centre.y - start.centre.y - 630) <= 1)
        #expect(abs(PageNavigation.scroll(down, screens: -1).centre.y - start.centre.y) <= 1)
        let zoomed = view(centredOn: 500, zoom: 2)
        #expect(abs(PageNavigation.scroll(zoomed, screens: 1).centre.y - zoomed.centre.y - 315) <= 1)
    }
}
