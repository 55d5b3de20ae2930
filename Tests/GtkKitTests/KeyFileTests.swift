import Foundation
import Glibc
@testable import GtkKit
import Testing

/// GLib key files as the app's preferences use them: values round-trip through the file,
/// comments and unknown keys survive, and anything that is not a readable key file is an
/// error with a reason — never a hang on a pipe, never a crash.
@Suite(.timeLimit(.minutes(1)))
struct KeyFileTests {
    let folder = NSTemporaryDirectory() + "keyfile-\(UUID().uuidString)"

    @Test func valuesRoundTripThroughAFile() throws {
        // Writing is the app's (`SettingsStore`, through ScribbleKit's `AtomicFile`).
        let path = folder + "/settings.ini"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keyFile = KeyFile()
        keyFile.set("paper", group: "Canvas", key: "kind")
        keyFile.set("line one\nwith = signs; and ünïcode", group: "Other", key: "note")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(keyFile.text.utf8)))
        let read = try KeyFile(contentsOf: path)
        #expect(read.string(group: "Canvas", key: "kind") == "paper")
        #expect(read.string(group: "Other", key: "note") == "line one\nwith = signs; and ünïcode")
        #expect(read.string(group: "Canvas", key: "absent") == nil)
        #expect(read.string(group: "Absent", key: "kind") == nil)
    }

    @Test func commentsAndUnknownKeysSurviveAChange() throws {
        let keyFile = try KeyFile(parsing: "# mine\n[Canvas]\nkind=cloth\nfuture=yes\n")
        keyFile.set("plain", group: "Canvas", key: "kind")
        let text = keyFile.text
        #expect(text.contains("# mine"))
        #expect(text.contains("future=yes"))
        #expect(text.contains("kind=plain"))
    }

    @Test(arguments: ["[Canvas\nkind=paper", "kind=paper\n", "\u{0}\u{1}garbage", "[Canvas]\nno equals sign\n"])
    func textThatIsNotAKeyFileIsMalformed(text: String) {
        #expect {
            try KeyFile(parsing: text)
        } throws: { ($0 as? KeyFileError)?.reason == .malformed }
    }

    @Test func aFileThatIsNotUTF8IsMalformed() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.ini"
        _ = FileManager.default.createFile(atPath: path, contents: Data([0x5B, 0x43, 0x5D, 0x0A, 0x6B, 0x3D, 0xFF, 0xFE, 0x0A]))
        #expect { try KeyFile(contentsOf: path) } throws: { ($0 as? KeyFileError)?.reason == .malformed }
    }

    @Test func aMissingFileIsMissing() {
        #expect { try KeyFile(contentsOf: folder + "/none.ini") } throws: { ($0 as? KeyFileError)?.reason == .missing }
    }

    @Test func foldersPipesAndHugeFilesAreRefusedUnread() throws {
        try FileManager.default.createDirectory(atPath: folder + "/folder.ini", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/pipe.ini"
        #expect(mkfifo(pipe, 0o600) == 0)
        let huge = folder + "/huge.ini"
        _ = FileManager.default.createFile(atPath: huge, contents: Data(repeating: 0x41, count: KeyFile.maximumFileSize + 1))
        for path in [folder + "/folder.ini", pipe, huge] {
            #expect { try KeyFile(contentsOf: path) } throws: { ($0 as? KeyFileError)?.reason == .unreadable }
        }
    }
}
