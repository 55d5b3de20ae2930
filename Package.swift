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
        // Xournal++ notebooks are gzip or zip files (ScribbleKit's Import).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CCairo"]),
        .target(name: "ScribbleKit", dependencies: ["CCairo", "CZlib"]),
        .executableTarget(
            name: "TouchPainter",
            dependencies: [
                "GtkKit", "ScribbleKit", "CCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The brands' logos and the app's icon (a link to the one `make install` installs),
            // compiled into the binary: nothing to find or open at run time, installed or not.
            resources: [.embedInCode("Resources/acme-logo.svg"), .embedInCode("Resources/sierra-logo.svg"),
                        .embedInCode("Resources/app-icon.svg")]
        ),
        // The benchmark suite (`make bench`): ScribbleKit's canvas, storage and rendering
        // paths, and the release app binary timed through its opt-in timing lines.
        .executableTarget(name: "TouchPainterBench", dependencies: ["ScribbleKit", "CCairo"]),
        .testTarget(
            name: "ScribbleKitTests",
            dependencies: [
                "ScribbleKit", "CCairo", "CZlib",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk"]),
        .testTarget(name: "TouchPainterTests", dependencies: ["TouchPainter", "ScribbleKit", "GtkKit", "CCairo", "CGtk"]),
    ]
)
