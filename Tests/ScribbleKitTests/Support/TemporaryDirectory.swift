import Foundation
import Glibc

/// A fresh folder under the system's temporary folder (mkdtemp), removed with everything in
/// it when the test is done with it.
final class TemporaryDirectory {
    /// The folder's absolute path.
    let path: String

    /// Makes the folder in the system's temporary folder, or in `parent` when given.
    init(in parent: String? = nil) {
        var template = Array(((parent ?? NSTemporaryDirectory()) + "/scribblekit-test.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A folder in memory (tmpfs, where `fsync` costs nothing) when the machine has one: for
    /// tests that save a thousand times and would otherwise time the disk.
    static func inMemory() -> TemporaryDirectory {
        TemporaryDirectory(in: FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : nil)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (hidden ones included), sorted.
    func names(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map(file) ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Writes `bytes` to `name` inside the folder, plainly (not atomically).
    func write(_ bytes: [UInt8], to name: String) {
        // Not FileManager.createFile: its atomic write leaves a folder behind in the temporary folder.
        do { try Data(bytes).write(to: URL(fileURLWithPath: file(name))) } catch { preconditionFailure("cannot write \(name): \(error)") }
    }

    /// The bytes of `name` inside the folder, or `nil` if it cannot be read.
    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) }
    }
}
