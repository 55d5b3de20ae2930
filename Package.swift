// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchPainter",
    products: [
        .executable(name: "touchpainter", targets: ["TouchPainter"]),
        .executable(name: "touchpainter-bench", targets: ["TouchPainterBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Pango lays out and draws text boxes (ScribbleKit's `TextLayout`): a text library, not
        // a toolkit, and already in every GTK install (GTK draws its own text with it).
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // Xournal++ notebooks are gzip or zip files (ScribbleKit's Import).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // renameat2(2), which saves need to never replace a version they did not see.
        .systemLibrary(name: "CLinux"),
        // What the C targets that load a library on first use share: dlopen and dlsym, with
        // why they failed kept for a one-line error.
        .target(name: "CLoader"),
        // GStreamer encodes the time-lapse videos (appsrc, vp8enc, webmmux). It is loaded the
        // first time a video is made, not linked (its libraries cost every launch ~2 ms): a C
        // target whose header names none of its types, compiled against its headers
        // (libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev; GLib's from CGtk's flags).
        .target(name: "CGStreamer", dependencies: ["CGtk", "CLoader"], cSettings: [.unsafeFlags(["-I/usr/include/gstreamer-1.0"])]),
        // A Cairo context as GtkKit hands it out and ScribbleKit draws on it (under both, which
        // must not see each other).
        .target(name: "CairoKit", dependencies: ["CCairo"]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CCairo", "CairoKit"]),
        // Optimised in debug builds too: the tests spend most of their time in its model,
        // files and journal (the journal's fault tests replay a session some 9,500 times), and
        // take a third of the time so; a third more build time. `assert` is then off in it.
        // PdfKit is a document library, not a toolkit: PDF pages are marks (`Page`), drawn
        // and laid out here.
        .target(
            name: "ScribbleKit", dependencies: ["CCairo", "CPango", "CairoKit", "CZlib", "CLinux", "PdfKit", "CPictures"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // A thin Swift wrapper over the GStreamer pipeline that encodes video; knows no drawing.
        .target(name: "GstKit", dependencies: ["CGStreamer"]),
        // poppler-glib renders PDF pages and finds their text. Loaded the first time a PDF is
        // opened, as GStreamer is, not linked (libpoppler and what it pulls in would cost every
        // launch): a C target whose header names none of poppler's or GLib's types, compiled
        // against its headers (libpoppler-glib-dev; GLib's from CGtk's flags, Cairo's from CCairo).
        .target(
            name: "CPoppler", dependencies: ["CGtk", "CCairo", "CLoader"],
            cSettings: [.unsafeFlags(["-I/usr/include/poppler/glib", "-I/usr/include/poppler"])]),
        // QPDF stamps ink onto a PDF's own pages. Loaded the first time a PDF is stamped, as
        // poppler is, not linked: a C target whose header names none of QPDF's types, compiled
        // against its C API's header (libqpdf-dev).
        .target(name: "CQpdf", dependencies: ["CLoader"]),
        // Pictures (issue 54): gdk-pixbuf decodes PNG, JPEG, GIF and WebP (linked already:
        // GTK needs it, and CGtk's flags bring it), librsvg draws SVG, loaded the first time an
        // SVG is met as poppler is. A C target whose header names none of their types.
        .target(name: "CPictures", dependencies: ["CGtk", "CCairo", "CLoader"]),
        // A thin Swift wrapper over poppler-glib and QPDF: PdfDocument (pages, render, text,
        // find, links) and PdfStamper (ink onto the original pages); knows no drawing model.
        .target(name: "PdfKit", dependencies: ["CPoppler", "CQpdf", "CairoKit"]),
        .executableTarget(
            name: "TouchPainter",
            dependencies: [
                "GtkKit", "GstKit", "ScribbleKit", "CairoKit", "PdfKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The brands' logos and the app's icon (a link to the one `make install` installs),
            // compiled into the binary: nothing to find or open at run time, installed or not.
            resources: [.embedInCode("Resources/acme-logo.svg"), .embedInCode("Resources/sierra-logo.svg"),
                        .embedInCode("Resources/app-icon.svg"), .embedInCode("Resources/app-icon-128.png")]
        ),
        // The benchmark suite (`make bench`): ScribbleKit's canvas, storage and rendering
        // paths, PdfKit's stamping, and the release app binary timed through its opt-in timing lines.
        .executableTarget(name: "TouchPainterBench", dependencies: ["ScribbleKit", "PdfKit", "CairoKit", "CCairo"]),
        .testTarget(
            name: "ScribbleKitTests",
            dependencies: [
                "ScribbleKit", "CairoKit", "CCairo", "CZlib", "PdfKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "PdfKitTests", dependencies: ["PdfKit", "CairoKit", "CCairo"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CairoKit", "CGtk"]),
        .testTarget(
            name: "TouchPainterTests", dependencies: ["TouchPainter", "ScribbleKit", "GtkKit", "GstKit", "CairoKit", "CCairo", "CGtk"]),
    ]
)
