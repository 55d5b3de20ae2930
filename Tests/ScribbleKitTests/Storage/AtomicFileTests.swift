import Glibc
import Synchronization
import Testing
@testable import ScribbleKit

/// Atomic replacement: the old version or the new one, never a mix, no temporary files left.
@Suite(.timeLimit(.minutes(1))) struct AtomicFileTests {
    @Test func writesAndReplacesTheFile() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        let path = folder.file("a.bin")
        try AtomicFile.write([1, 2, 3], to: path)
        #expect(folder.read("a.bin") == [1, 2, 3])
        try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path)
        #expect(folder.read("a.bin") == Array(repeating: 7, count: 100_000))
        try AtomicFile.write([], to: path)
        #expect(folder.read("a.bin") == [])
        #expect(folder.names() == ["a.bin"])
    }

    @Test func failureMidwayKeepsTheOldVersionAndLeavesNoTemporaryFile() {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        let path = folder.file("a.bin")
        folder.write([9, 9, 9], to: "a.bin")
        let file = AtomicFile(path: path, writeCall: failingWrite(after: 1000, with: ENOSPC))
        #expect {
            try file.write(Array(repeating: 1, count: 5000))
        } throws: { error in
            let error = error as? StorageError
            return error?.code == ENOSPC && error?.path == path
                && error?.description == "Could not save “\(path)”: the disk is full."
        }
        #expect(folder.read("a.bin") == [9, 9, 9])
        #expect(folder.names() == ["a.bin"])
    }

    @Test func partialAndInterruptedWritesAreResumed() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        let calls = Mutex(0)
        // Writes at most 3 bytes a call, and every third call is "interrupted by a signal".
        let trickle: AtomicFile.WriteCall = { descriptor, bytes, count in
            let call = calls.withLock { value in
                value += 1
                return value
            }
            if call % 3 == 0 {
                errno = EINTR
                return -1
            }
            return write(descriptor, bytes, min(count, 3))
        }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
        try AtomicFile(path: folder.file("t.bin"), writeCall: trickle).write(bytes)
        #expect(folder.read("t.bin") == bytes)
        #expect(calls.withLock { $0 } > 300)
    }

    @Test func aWriteThatMakesNoProgressFailsInsteadOfSpinning() {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        let stuck = AtomicFile(path: folder.file("s.bin"), writeCall: { _, _, _ in 0 })
        #expect(throws: StorageError.self) { try stuck.write([1]) }
        #expect(folder.names().isEmpty)
    }

    @Test func pathUnderARegularFileNamesTheCause() {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        folder.write([0], to: "plain")
        let path = folder.file("plain/child.scribble")
        #expect {
            try AtomicFile.write([1], to: path)
        } throws: { error in
            let error = error as? StorageError
            return error?.code == ENOTDIR && error?.description.contains(path) == true
                && error?.description.contains("part of the path is a file, not a folder") == true
        }
    }

    @Test func aFIFOAFolderOrALinkToAFIFOIsNeverReplaced() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        #expect(mkfifo(folder.file("pipe"), 0o600) == 0)
        #expect(mkdir(folder.file("dir"), 0o700) == 0)
        #expect(symlink("pipe", folder.file("link")) == 0)
        // Each says what it is (issue 39), not only what it is not.
        let causes = [
            "pipe": "it is a named pipe (FIFO), not a regular file", "dir": "it is a folder, not a file",
            "link": "it is a named pipe (FIFO), not a regular file",
        ]
        for name in ["pipe", "dir", "link"] {
            #expect(throws: StorageError(.save, path: folder.file(name), cause: causes[name] ?? "")) {
                try AtomicFile.write([1], to: folder.file(name))
            }
        }
        var status = stat()
        #expect(lstat(folder.file("pipe"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(folder.names() == ["dir", "link", "pipe"]) // no temporary file left either
    }

    @Test func replacingKeepsTheFilesPermissions() throws {
        let folder = TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} } // ARC may end it early
        let path = folder.file("p.bin")
        try AtomicFile.write([1], to: path)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o644)
        chmod(path, 0o600)
        try AtomicFile.write([2], to: path)
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test func causesArePlainWords() {
        #expect(StorageError.cause(of: ENOSPC) == "the disk is full")
        #expect(StorageError.cause(of: EACCES) == "permission denied")
        #expect(StorageError.cause(of: EPERM) == "permission denied")
        #expect(StorageError.cause(of: EROFS) == "the disk is read-only")
        #expect(StorageError.cause(of: ENOENT) == "no such file or folder")
        #expect(!StorageError.cause(of: EXDEV).isEmpty)
    }
}
