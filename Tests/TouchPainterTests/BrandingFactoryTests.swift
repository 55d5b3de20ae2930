import CGtk
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Each concrete factory makes one brand's family of product types, and the window is
/// built from whatever factory it is given, without knowing which.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BrandingFactoryTests {
    init() { #expect(Gtk.initialise(), "GTK needs a display; run through `make test`") }

    private func hasStyleClass(_ widget: Widget, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget.widget), name) != 0
    }

    @Test(arguments: [(Brand.acme, "Acme Corporation"), (Brand.sierra, "Sierra Corporation"), (Brand.slate, "Slate")])
    func eachFactoryMakesItsBrandsProducts(brand: Brand, name: String) {
        let factory = brand.factory
        let toolbar = factory.makeToolbar().headerBar
        #expect(hasStyleClass(toolbar, brand.rawValue))
        #expect(toolbar.subtitle == name)
        let button = factory.makeMainButton(label: "Done").button
        #expect(hasStyleClass(button, brand.rawValue) && hasStyleClass(button, "suggested-action"))
        #expect(hasStyleClass(factory.makeMainView(content: Label("page")).widget, brand.rawValue))
    }

    @Test func eachBrandMakesItsOwnProductTypes() {
        #expect(Brand.acme.factory.makeToolbar() is AcmeToolbar)
        #expect(Brand.sierra.factory.makeMainButton(label: "Done") is SierraMainButton)
        #expect(Brand.slate.factory.makeMainView(content: Label("page")) is SlateMainView)
    }

    @Test func noBrandMeansGNOMEsPlainLook() {
        let factory = GnomeBrandingFactory()
        let page = Label("page")
        #expect(factory.makeMainView(content: page).widget === page) // unframed
        #expect(factory.makeToolbar().headerBar.subtitle == nil)
        #expect(hasStyleClass(factory.makeMainButton(label: "Done").button, "suggested-action"))
    }

    /// A brand the app has never heard of: the pages' Done button is its product all the same.
    @Test func aFourthBrandNeedsNothingButItsFactory() {
        struct FourthButton: MainButton { let button = Button(label: "Fourth") }
        struct FourthFactory: BrandingFactory {
            func installStyle() {}
            func makeToolbar() -> Toolbar { GnomeToolbar() }
            func makeMainView(content: Widget) -> MainView { GnomeMainView(widget: content) }
            func makeMainButton(label: String) -> MainButton { FourthButton() }
        }
        let fixture = CoordinatorFixture()
        let tagged = DoneButton.make(branding: FourthFactory(), navigator: fixture.coordinator)
        #expect(tagged.tag == .done)
        let done = tagged.button
        #expect(done.label == "Fourth")
        #expect(done.accessibleName == "Done")
    }

    @Test func brandNamesAreCheckedWithAClearMessage() throws {
        #expect(try Brand.named("ACME") == .acme)
        #expect(try Brand.named("Slate") == .slate)
        #expect(try Brand.named(nil) == nil)
        #expect(try Brand.named("") == nil)
        #expect(throws: UnknownBrand.self) { try Brand.named("bogus") }
        #expect(UnknownBrand(name: "bogus").description == "unknown brand “bogus”; valid brands: acme, sierra, slate")
    }
}
