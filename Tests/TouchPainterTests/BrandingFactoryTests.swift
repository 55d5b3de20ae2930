import CGtk
@testable import GtkKit
import Testing
@testable import TouchPainter

/// Each concrete factory makes one brand's family of products; no brand means no factory.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BrandingFactoryTests {
    init() { #expect(Gtk.initialise(), "GTK needs a display; run through `make test`") }

    private func hasStyleClass(_ widget: Widget, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget.widget), name) != 0
    }

    @Test(arguments: [(Brand.acme, "Acme Corporation"), (Brand.sierra, "Sierra Corporation")])
    func eachFactoryMakesItsBrandsProducts(brand: Brand, name: String) {
        guard let factory = BrandingFactory.factory(for: brand) else {
            Issue.record("no factory for \(brand)")
            return
        }
        #expect(factory.companyName == name)
        let toolbar = factory.makeToolbar()
        #expect(hasStyleClass(toolbar, brand.rawValue))
        #expect(toolbar.subtitle == name)
        let button = factory.makeMainButton(label: "Done")
        #expect(hasStyleClass(button, brand.rawValue) && hasStyleClass(button, "suggested-action"))
        #expect(hasStyleClass(factory.makeMainView(content: Label("page")), brand.rawValue))
    }

    @Test func noBrandMeansPlainGTK() {
        #expect(BrandingFactory.factory(for: nil) == nil)
    }

    @Test func brandNamesAreCheckedWithAClearMessage() throws {
        #expect(try Brand.named("ACME") == .acme)
        #expect(try Brand.named(nil) == nil)
        #expect(try Brand.named("") == nil)
        #expect(throws: UnknownBrand.self) { try Brand.named("bogus") }
        #expect(UnknownBrand(name: "bogus").description == "unknown brand “bogus”; valid brands: acme, sierra")
    }
}
