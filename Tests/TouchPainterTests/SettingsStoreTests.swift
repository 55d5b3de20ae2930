import Foundation
import Glibc
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

    @Test func theInputPreferencesRoundTripAndAnUnknownValueMeansTheDefaultWithAWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        let first = store(warnings)
        #expect(first.input == InputPreferences()) // palm rejection on, smoothing off, fingers draw
        #expect(first.input.palmRejection)
        var input = InputPreferences()
        input.smoothing = .strong
        input.touch = .navigate
        input.palmRejection = false
        input.firstStylusButton = .select
        input.secondStylusButton = .nothing
        first.input = input
        first.waitForSaves()
        #expect(store(warnings).input == input)
        #expect(warnings.all.isEmpty)
        try write(Data("[Input]\nsmoothing=extreme\ntouch=pan-and-zoom\npalm-rejection=maybe\nstylus-button-2=select\n".utf8))
        let read = store(warnings).input
        #expect(read.smoothing == .off && read.touch == .navigate && read.palmRejection && read.secondStylusButton == .select)
        #expect(warnings.all.count == 2)
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
        Data("[Canvas\nkind=paper".utf8), // broken group header
        Data("kind=paper\n".utf8), // a key outside any group
        Data([0x5B, 0x43, 0x61, 0x6E, 0x76, 0x61, 0x73, 0x5D, 0x0A, 0x6B, 0x3D, 0xC3, 0x28]), // not UTF-8
        Data("[Canvas]\nkind=velvet\n".utf8), // a kind the app does not have
        Data(repeating: 0, count: 64), // zeros
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

    @Test func theFirstSaveMakesTheFolderAndReadsBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = store(Warnings())
        first.canvasKind = .paper
        first.waitForSaves()
        #expect(try KeyFile(contentsOf: path).string(group: "Canvas", key: "kind") == "paper")
    }

    @Test func savingThroughASymbolicLinkReplacesItsRegularTarget() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
        let target = folder + "/dotfiles/settings.ini"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("[Canvas]\nkind=paper\n".utf8)))
        try FileManager.default.createDirectory(atPath: folder + "/touchpainter", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let settings = store(Warnings())
        settings.canvasKind = .cloth
        settings.waitForSaves()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
        #expect(try KeyFile(contentsOf: target).string(group: "Canvas", key: "kind") == "cloth")
    }

    /// Issue 39: a settings.ini linked to a device, a FIFO, a folder or a file the user may
    /// not write is never replaced; the save is refused with a warning saying why. (The
    /// device is one made for the test when run as root, who could replace /dev/zero's node;
    /// others cannot, so they link to /dev/null itself.)
    @Test(arguments: ["device", "fifo", "folder", "victim.txt"])
    func aLinkToSomethingNotOursIsNeverFollowed(target: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/touchpainter", withIntermediateDirectories: true)
        var destination = folder + "/" + target
        switch target {
        case "device":
            if getuid() == 0 {
                #expect(mknod(destination, S_IFCHR | 0o666, dev_t(1 << 8 | 3) /* makedev(1, 3), a macro Swift cannot see: the null device */) == 0)
            } else {
                destination = "/dev/null"
            }
        case "fifo": #expect(mkfifo(destination, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        default:
            #expect(FileManager.default.createFile(atPath: destination, contents: Data("mine\n".utf8)))
            #expect(chmod(destination, 0o444) == 0)
        }
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
        var before = stat()
        #expect(stat(destination, &before) == 0)
        let warnings = Warnings()
        let settings = store(warnings)
        settings.canvasKind = .cloth
        settings.waitForSaves()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == destination) // the link stays
        // Root may write a 0444 file, as `cp` does: that case is the end-to-end test's, run
        // as an unprivileged user (test_files.py).
        guard target != "victim.txt" || getuid() != 0 else { return }
        var after = stat()
        #expect(stat(destination, &after) == 0)
        #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
        let expected = ["device": "it is a device", "fifo": "named pipe", "folder": "it is a folder"][target] ?? "write-protected"
        #expect(warnings.all.count == 2) // it could not be read either
        #expect(warnings.all.last?.contains("cannot save") == true)
        #expect(warnings.all.last?.contains(expected) == true, "\(warnings.all)")
        if target == "victim.txt" { #expect(FileManager.default.contents(atPath: destination) == Data("mine\n".utf8)) }
    }

    /// Issue 39: a file the reader takes (a comment just under 1 MiB) is never rewritten
    /// past what the reader takes: what cannot be kept goes, the settings stay.
    @Test func aHugeCommentIsDroppedRatherThanWritingAFileTheReaderRefuses() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let comment = "# " + String(repeating: "x", count: KeyFile.maximumFileSize - 40) + "\n"
        try write(Data((comment + "[Canvas]\nkind=paper\n").utf8))
        let warnings = Warnings()
        let settings = store(warnings)
        #expect(settings.canvasKind == .paper)
        settings.recentColors = Array(repeating: Color(red: 1, green: 2, blue: 3, alpha: 255), count: 8)
        settings.canvasKind = .cloth
        settings.waitForSaves()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max
        #expect(size <= KeyFile.maximumFileSize)
        let reread = store(warnings)
        #expect(reread.canvasKind == .cloth && reread.recentColors.count == 8)
        #expect(warnings.all.contains { $0.contains("keeping only TouchPainter's own settings") })
    }

    /// Issue 39: a bad value is quoted in at most 80 characters.
    @Test func aWarningQuotesAtMostEightyCharactersOfABadValue() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Data(("[Canvas]\nkind=" + String(repeating: "v", count: 1_000_000) + "\n").utf8))
        let warnings = Warnings()
        #expect(store(warnings).canvasKind == .plain)
        #expect(warnings.all.count == 1)
        let warning = warnings.all.first ?? ""
        #expect(warning.contains("“" + String(repeating: "v", count: 80) + "…”"))
        #expect(warning.count < 300)
    }

    @Test func theFileLivesInTheXDGConfigFolder() {
        #expect(
            SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"])
                == "/x/config/touchpainter/settings.ini")
        #expect(
            SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.config/touchpainter/settings.ini")
        #expect(SettingsStore.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/touchpainter/settings.ini")
    }

    /// Two instances on one preferences file (two sessions, or a synced config folder):
    /// each save merges into the file as it is, so neither undoes the other's choices.
    @Test func twoInstancesKeepEachOthersChoices() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = Warnings()
        let one = store(warnings), two = store(warnings)
        one.canvasKind = .cloth
        one.waitForSaves()
        two.exportFolder = "/home/u/Pictures"
        two.waitForSaves()
        one.recentColors = [Color(red: 1, green: 2, blue: 3)]
        one.waitForSaves()
        let merged = store(warnings)
        #expect(merged.canvasKind == .cloth)
        #expect(merged.exportFolder == "/home/u/Pictures")
        #expect(merged.recentColors == [Color(red: 1, green: 2, blue: 3)])
        // The same preference: the later choice wins.
        two.canvasKind = .paper
        two.waitForSaves()
        #expect(store(warnings).canvasKind == .paper)
        #expect(warnings.all.isEmpty)
    }
}
