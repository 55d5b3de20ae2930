import Foundation
import GtkKit
import ScribbleKit
import Synchronization
import Testing
@testable import TouchPainter

/// The preferences file: the canvas kind survives a round trip; a missing file means the
/// defaults quietly; an unreadable or corrupt one, or a value the app never writes, means
/// the defaults and one warning — never a crash.
@Suite(.timeLimit(.minutes(1)))
struct SettingsStoreTests {
    let folder = NSTemporaryDirectory() + "settings-\(UUID().uuidString)"
    var path: String { folder + "/touchpainter/settings.ini" }

    /// Collects warnings (a failed save reports from the saving queue).
    final class Warnings: Sendable {
        let messages = Mutex<[String]>([])
        var all: [String] { messages.withLock { $0 } }
        func record(_ message: String) { messages.withLock { $0.append(message) } }
    }

    private func store(_ warnings: Warnings) -> SettingsStore {
        SettingsStore(path: path, warn: { warnings.record($0) })
    }

    private func write(_ contents: Data) throws {
        try FileManager.default.createDirectory(atPath: folder + "/touchpainter", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: contents))
    }

    @Test(arguments: CanvasKind.allCases)
    func theCanvasKindRoundTrips(kind: CanvasKind) {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        let first = store(warnings)
        first.canvasKind = kind == .plain ? .cloth : .plain // a change, so something is written
        first.canvasKind = kind
        first.waitForSaves()
        #expect(store(warnings).canvasKind == kind)
        #expect(warnings.all.isEmpty)
    }

    @Test func recentColoursRoundTripNewestFirstAndAtMostEight() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        let first = store(warnings)
        first.recentColors = (0..<10).map { Color(red: UInt8($0), green: 0, blue: 0) }
        first.waitForSaves()
        #expect(store(warnings).recentColors == (0..<8).map { Color(red: UInt8($0), green: 0, blue: 0) })
        #expect(warnings.all.isEmpty)
        try write(Data("[Palette]\nrecent=#ff0000;nonsense;#00ff00\n".utf8))
        #expect(store(warnings).recentColors == [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0)])
        #expect(warnings.all.count == 1)
    }

    @Test func theExportFolderRoundTripsAndARelativeOneIsIgnoredWithAWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        let first = store(warnings)
        #expect(first.exportFolder == nil)
        first.exportFolder = "/home/ada/Pictures/Scribbles; “quoted” = 1"
        first.waitForSaves()
        #expect(store(warnings).exportFolder == "/home/ada/Pictures/Scribbles; “quoted” = 1")
        #expect(warnings.all.isEmpty)
        try write(Data("[Export]\nfolder=Pictures\n".utf8))
        #expect(store(warnings).exportFolder == nil)
        #expect(warnings.all.count == 1)
    }

    @Test func theEraserOptionsRoundTripAndOddValuesMeanTheDefaultsWithAWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        #expect(store(warnings).eraser == EraserOptions()) // 16 px, part of marks
        #expect(EraserOptions().mode == .partOfMarks && EraserOptions().diameter == 16)
        let first = store(warnings)
        var options = EraserOptions()
        options.diameter = 250 // clamped into 2…100
        options.mode = .wholeMarks
        first.eraser = options
        first.waitForSaves()
        #expect(store(warnings).eraser.diameter == 100)
        #expect(store(warnings).eraser.mode == .wholeMarks)
        #expect(warnings.all.isEmpty)
        try write(Data("[Eraser]\nsize=1000\nmode=sideways\n".utf8))
        #expect(store(warnings).eraser == EraserOptions())
        #expect(warnings.all.count == 2)
    }

    @Test func otherKeysAndCommentsSurviveASave() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Data("# my notes\n[Canvas]\nkind=paper\n[Future]\nfeature=on\n".utf8))
        let settings = store(Warnings())
        settings.canvasKind = .cloth
        settings.waitForSaves()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("# my notes") && text.contains("feature=on") && text.contains("kind=cloth"))
    }

    @Test func aMissingFileMeansTheDefaultsQuietly() {
        let warnings = Warnings()
        #expect(store(warnings).canvasKind == .plain)
        #expect(warnings.all.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path)) // reading makes nothing
    }

    @Test(arguments: [
        Data("[Canvas\nkind=paper".utf8),            // broken group header
        Data("kind=paper\n".utf8),                    // a key outside any group
        Data([0x5B, 0x43, 0x61, 0x6E, 0x76, 0x61, 0x73, 0x5D, 0x0A, 0x6B, 0x3D, 0xC3, 0x28]), // not UTF-8
        Data("[Canvas]\nkind=velvet\n".utf8),         // a kind the app does not have
        Data(repeating: 0, count: 64),               // zeros
    ])
    func aCorruptFileMeansTheDefaultsAndOneWarning(contents: Data) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(contents)
        let warnings = Warnings()
        let settings = store(warnings)
        #expect(settings.canvasKind == .plain)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains(path) == true)
        settings.canvasKind = .paper // and the next choice replaces the file
        settings.waitForSaves()
        #expect(store(Warnings()).canvasKind == .paper)
    }

    @Test func anUnreadableFileMeansTheDefaultsAndOneWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) // a folder in its place
        let warnings = Warnings()
        #expect(store(warnings).canvasKind == .plain)
        #expect(warnings.all.count == 1)
    }

    @Test func aFailedSaveWarnsAndKeepsTheChoiceForThisRun() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/touchpainter", contents: Data())) // not a folder
        let warnings = Warnings()
        let settings = store(warnings)
        #expect(warnings.all.count == 1) // the file cannot be read either
        settings.canvasKind = .cloth
        settings.waitForSaves()
        #expect(settings.canvasKind == .cloth)
        #expect(warnings.all.count == 2)
        #expect(warnings.all.last?.contains("cannot save") == true)
    }

    @Test func theFileLivesInTheXDGConfigFolder() {
        #expect(SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"])
            == "/x/config/touchpainter/settings.ini")
        #expect(SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
            == "/home/u/.config/touchpainter/settings.ini")
        #expect(SettingsStore.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/touchpainter/settings.ini")
    }
}
