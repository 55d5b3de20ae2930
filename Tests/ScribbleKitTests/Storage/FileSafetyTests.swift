import Foundation
import Glibc
import Testing
@testable import ScribbleKit

/// Issue 39: the writers replace only a regular file the user may write, whatever the path
/// leads to; export never writes over its input; every name the file system allows saves;
/// messages name the real cause; and reading a file costs what the file is, not more.
/// (Write-protected files are refused for users other than root, who may write any file as
/// `cp` does: that case is the end-to-end suite's, run as `nobody` in `test_files.py`.)
@Suite(.timeLimit(.minutes(1))) struct FileSafetyTests {
    /// A scribble with one dot at (`x`, 10).
    private func scribble(dotAt x: Float) -> Scribble { Scribble.withDot(atX: x) }

    /// A FIFO, a device (a null device of the test's own, as root; else none), a socket and
    /// a folder in `folder`, by name.
    private func nonFiles(in folder: TemporaryDirectory) -> [String: String] {
        var made = ["fifo": "named pipe", "folder": "it is a folder", "socket": "it is a socket"]
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        #expect(mkdir(folder.file("folder"), 0o700) == 0)
        #expect(bindSocket(at: folder.file("socket")))
        if getuid() == 0,
            mknod(folder.file("device"), S_IFCHR | 0o666, dev_t(1 << 8 | 3) /* makedev(1, 3), a macro Swift cannot see: the null device */) == 0
        {
            made["device"] = "it is a device"
        }
        return made
    }

    /// Makes a Unix socket file at `path` (and closes it: the file stays).
    private func bindSocket(at path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    /// The kind and identity of what is at `path` (links not followed at the end).
    private func identity(_ path: String) -> [UInt64] {
        var status = stat()
        guard lstat(path, &status) == 0 else { return [] }
        return [UInt64(status.st_mode), UInt64(status.st_ino), UInt64(status.st_rdev)]
    }

    @Test func noWriterReplacesAFIFOADeviceASocketOrAFolderNorFollowsALinkToOne() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let kinds = nonFiles(in: folder)
        let manager = ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: folder.file(".thumbnails")))
        for (name, cause) in kinds {
            #expect(symlink(name, folder.file("link-\(name)")) == 0)
            let before = identity(folder.file(name))
            for path in [folder.file(name), folder.file("link-\(name)")] {
                // Every writer: the atomic file itself, a scribble saved anywhere, an export.
                let writers: [(String, () throws -> Void)] = [
                    ("AtomicFile", { try AtomicFile.write([1], to: path) }),
                    ("ScribbleManager.save(toPath:)", { try ScribbleManager.save(scribble(dotAt: 1), toPath: path) }),
                    ("Exporter.write", { try Exporter(memento: scribble(dotAt: 1).makeMemento()).write(.svg, to: path) }),
                ]
                for (writer, write) in writers {
                    #expect(
                        "\(writer) on \(path)", performing: write,
                        throws: { error in
                            (error as? StorageError)?.description.contains(cause) == true
                        })
                }
            }
            #expect(identity(folder.file(name)) == before, "\(name) was replaced")
        }
        // The gallery's writers: a scribble entry whose file is a link to a FIFO; a thumbnail
        // in the cache that is one (the scribble is saved all the same, the FIFO stays).
        #expect(symlink("fifo", folder.file("entry.scribble")) == 0)
        #expect {
            try manager.save(scribble(dotAt: 2), id: "entry", canvasWidth: 10, canvasHeight: 10)
        } throws: { error in
            (error as? StorageError)?.path == folder.file("entry.scribble")
                && (error as? StorageError)?.description.contains("named pipe") == true
        }
        let cached = manager.thumbnails.path(for: folder.file("other.scribble"))
        try FileManager.default.createDirectory(atPath: AtomicFile.folder(of: cached), withIntermediateDirectories: true)
        #expect(symlink(folder.file("fifo"), cached) == 0)
        _ = try manager.save(scribble(dotAt: 3), id: "other", canvasWidth: 10, canvasHeight: 10)
        // A thumbnail redrawn for the gallery is not written through a link to a FIFO either.
        _ = manager.thumbnail(ofScribbleAt: folder.file("other.scribble"))
        var status = stat()
        #expect(stat(folder.file("fifo"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(!folder.names().contains { $0.hasPrefix(AtomicFile.temporaryPrefix) }) // nothing left behind
    }

    @Test func aTemplateIsWrittenWithAShortTemporaryNameAndOnlyAsARegularFile() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let manager = ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: folder.file(".thumbnails")))
        let template = try manager.saveTemplate(Scribble.templateMemento(of: [Dot(location: Point(x: 1, y: 1), color: .black, size: 3)]))
        #expect(folder.names(in: "templates") == [template.id + ".scribble"])
        // The templates folder replaced by a FIFO: refused, the FIFO stays.
        try FileManager.default.removeItem(atPath: manager.templatesDirectory)
        #expect(mkfifo(manager.templatesDirectory, 0o600) == 0)
        #expect(throws: StorageError.self) { try manager.saveTemplate(Scribble.templateMemento(of: [Dot(location: .zero, color: .black, size: 3)])) }
        var status = stat()
        #expect(lstat(manager.templatesDirectory, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func exportRefusesItsOwnInputByPathOrByLink() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let input = folder.file("victim.scribble")
        try ScribbleManager.save(scribble(dotAt: 5), toPath: input)
        let original = folder.read("victim.scribble")
        #expect(symlink("victim.scribble", folder.file("link.png")) == 0)
        #expect(link(input, folder.file("hard.png")) == 0)
        let exporter = Exporter(memento: try ScribbleManager.loadMemento(path: input))
        for output in [input, folder.file("./victim.scribble"), folder.file("link.png"), folder.file("hard.png")] {
            #expect {
                try exporter.write(.png, to: output, input: input)
            } throws: { error in
                (error as? StorageError)?.description.contains("it is the scribble being exported") == true
            }
        }
        #expect(folder.read("victim.scribble") == original)
        try exporter.write(.png, to: folder.file("fine.png"), input: input)
        #expect(folder.read("fine.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    @Test func everyLegalNameSavesAndExports() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        for length in [248, 250, 255] {
            let name = String(repeating: "n", count: length - ".scribble".count) + ".scribble"
            try ScribbleManager.save(scribble(dotAt: 1), toPath: folder.file(name))
            let png = String(repeating: "p", count: length - ".png".count) + ".png"
            try Exporter(memento: scribble(dotAt: 1).makeMemento()).write(.png, to: folder.file(png))
            #expect(folder.names().contains(name) && folder.names().contains(png))
        }
    }

    @Test func temporaryFilesHaveShortNamesOfTheirOwn() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let prepared = try AtomicFile(path: folder.file(String(repeating: "x", count: 255))).prepare([1, 2])
        let temporary = AtomicFile.name(of: prepared.temporary)
        #expect(temporary.hasPrefix(".tp") && temporary.utf8.count == 9)
        #expect(AtomicFile.isTemporaryName(temporary))
        prepared.discard()
        #expect(folder.names().isEmpty)
        for name in ["photo.png", "x.scribble", ".tp", ".tpABCDEFG", ".hidden", ".tp12345!", ".notes.png.backup"] {
            #expect(!AtomicFile.isTemporaryName(name), "\(name)")
        }
    }

    @Test func staleTemporariesOfOursAreRemovedAndNothingElse() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let manager = ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: folder.file(".thumbnails")))
        try FileManager.default.createDirectory(atPath: manager.templatesDirectory, withIntermediateDirectories: true)
        let stale = [".tpAb12Cd", "templates/.tpZZZZZZ"]
        let kept = [".tpfresh1", "photo.png", ".tpnotours.txt", "a.scribble", ".notes.png.backup"]
        for name in stale + kept { folder.write([1], to: name) }
        #expect(symlink("a.scribble", folder.file(".tplink01")) == 0) // a link is never ours
        let dayAndAMinute = timespec(tv_sec: time(nil) - Int(ScribbleManager.staleTemporaryAge) - 60, tv_nsec: 0)
        for name in stale + kept where name != ".tpfresh1" { FileSystem.setModificationTime(folder.file(name), to: dayAndAMinute) }
        #expect(manager.removeStaleTemporaries() == stale.count)
        #expect(
            folder.names() == [
                ".notes.png.backup", ".tpfresh1", ".tplink01", ".tpnotours.txt", "a.scribble", "photo.png",
                "templates",
            ])
        #expect(folder.names(in: "templates").isEmpty)
    }

    @Test func messagesNameTheRealCause() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        _ = nonFiles(in: folder)
        // A loop of links, on save and on open.
        #expect(symlink("loop-b", folder.file("loop-a")) == 0)
        #expect(symlink("loop-a", folder.file("loop-b")) == 0)
        #expect {
            try ScribbleManager.save(scribble(dotAt: 1), toPath: folder.file("loop-a"))
        } throws: { ($0 as? StorageError)?.description.contains("too many levels of symbolic links") == true }
        #expect {
            try ScribbleManager.loadMemento(path: folder.file("loop-a"))
        } throws: { ($0 as? StorageError)?.description.contains("too many levels of symbolic links") == true }
        // A socket is a socket, not "No such device or address"; a FIFO and a folder say so.
        for (name, cause) in [("socket", "it is a socket"), ("fifo", "it is a named pipe (FIFO)"), ("folder", "it is a folder")] {
            #expect {
                try ScribbleManager.loadMemento(path: folder.file(name))
            } throws: { error in
                let text = String(describing: error)
                return text.contains(cause) && !text.contains("No such device")
            }
        }
        // The gallery lists a folder or a FIFO named like a scribble with what it is.
        #expect(rename(folder.file("folder"), folder.file("drawer.scribble")) == 0)
        #expect(rename(folder.file("fifo"), folder.file("pipe.scribble")) == 0)
        let problems = Dictionary(uniqueKeysWithValues: try ScribbleManager(directory: folder.path).entries().map { ($0.id, $0.problem) })
        #expect(problems["drawer"]??.contains("it is a folder") == true)
        #expect(problems["pipe"]??.contains("named pipe") == true)
    }

    @Test func aFullDiskNamesTheScribbleAndAThumbnailThatCannotBeWrittenFailsNoSave() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        // The scribble does not fit: the error names it, and nothing is left behind.
        let full = ScribbleManager(
            directory: folder.path, thumbnails: ThumbnailCache(root: folder.file(".thumbnails")),
            writeCall: failingWrite(after: 10, with: ENOSPC))
        #expect {
            try full.save(scribble(dotAt: 3), id: "full", canvasWidth: 100, canvasHeight: 100)
        } throws: { error in
            let error = error as? StorageError
            return error?.path == folder.file("full.scribble") && error?.description.contains("full.scribble") == true
                && error?.description.contains("the disk is full") == true && error?.description.contains(".png") == false
        }
        #expect(folder.names().filter { !$0.hasPrefix(".") }.isEmpty)
        // The thumbnail cache cannot be written (a file where its folder should be): the
        // scribble is saved all the same; the gallery draws the thumbnail when it shows it.
        folder.write([1], to: "blocked")
        let blocked = ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: folder.file("blocked")))
        _ = try blocked.save(scribble(dotAt: 4), id: "saved", canvasWidth: 100, canvasHeight: 100)
        #expect(try Scribble.drawing(of: ScribbleManager.loadMemento(path: folder.file("saved.scribble"))).count == 1)
    }

    @Test func aDrawingBeyondTheRasterLimitIsFittedAndVectorsAreNotLimited() throws {
        let far = Scribble()
        far.add(Dot(location: Point(x: 10, y: 10), color: .black, size: 4))
        far.add(Dot(location: Point(x: MarkLimits.maximumCoordinate, y: 40), color: .black, size: 4))
        let exporter = Exporter(memento: far.makeMemento())
        #expect(throws: ExportError.self) { try exporter.export(.png) } // as asked, too large
        let fitted = exporter.fitting(.png, options: ExportOptions())
        #expect(fitted.note?.contains("16384") == true)
        let png = try exporter.export(.png, options: fitted.options)
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == ExportOptions.maximumSide)
        for format in [ExportFormat.svg, .pdf] {
            #expect(exporter.fitting(format, options: ExportOptions()).note == nil)
            #expect(try exporter.export(format).count > 100)
        }
        #expect(exporter.fitting(.png, options: ExportOptions(scale: 1, width: 300)).note == nil) // it fits: untouched
    }

    @Test func aLargeFileThatIsNotAScribbleIsRefusedFromItsFirstBytes() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let path = folder.file("junk.scribble")
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
        #expect(ftruncate(descriptor, 511 << 20) == 0) // sparse: costs no disk
        close(descriptor)
        // (What it costs is measured on its own process, end to end: test_files.py.)
        #expect(throws: ScribbleFormatError.notAScribble) { try ScribbleManager.loadMemento(path: path) }
        #expect(!ScribbleManager.isIntact(path: path))
        // A scribble header that declares more payload than the file holds is refused unread.
        var bytes = scribble(dotAt: 1).makeMemento().data
        bytes.removeLast(3)
        folder.write(bytes, to: "short.scribble")
        #expect(throws: ScribbleFormatError.truncated) { try ScribbleManager.loadMemento(path: folder.file("short.scribble")) }
    }

    @Test func theChecksumIsVerifiedStreaming() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let big = Scribble()
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(contentsOf: (0..<600_000).map { Point(x: Float($0 % 1000), y: Float($0 / 1000)) }) // several chunks
        big.add(stroke)
        let path = folder.file("big.scribble")
        try ScribbleManager.save(big, toPath: path)
        #expect(ScribbleManager.isIntact(path: path))
        var bytes = try #require(folder.read("big.scribble"))
        bytes[bytes.count / 2] ^= 0x10
        folder.write(bytes, to: "flipped.scribble")
        #expect(!ScribbleManager.isIntact(path: folder.file("flipped.scribble")))
    }
}
