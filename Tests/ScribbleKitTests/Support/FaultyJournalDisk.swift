import Glibc
import Synchronization
@testable import ScribbleKit

/// The journal's files in memory, as a disk that can fail or crash: every `replace` and
/// `append` is a numbered write call, and one of them can be made to fail (ENOSPC, EIO, or a
/// short write of some bytes), or be followed by a crash. A file keeps what was written to it
/// and, apart, what was synced (`fdatasync`, or an atomic replace, which syncs): a crash
/// keeps only the synced part, as a power cut would.
final class FaultyJournalDisk: JournalStorage {
    /// How a write call fails.
    enum Failure: Equatable, Sendable {
        case noSpace, ioError
        /// The call writes only this many bytes (and reports it).
        case short(Int)
    }

    /// What happens to the disk, once.
    enum Plan: Equatable, Sendable {
        case none
        /// Write call `call` (counting from 1) fails; later calls work.
        case fail(call: Int, Failure)
        /// The machine crashes just after write call `call`, before anything syncs it — or,
        /// with `synced`, just after it was synced.
        case crash(afterCall: Int, synced: Bool)
    }

    private struct File {
        var written: [UInt8]
        var synced: [UInt8]
    }

    private struct Model {
        var files: [String: File] = [:]
        var handles: [Int32: String] = [:]
        var nextHandle: Int32 = 3
        var calls = 0
        var callLengths: [Int] = []
        var replaceCalls: Set<Int> = []
        var failed = false
        var crashImage: [String: [UInt8]]?
    }

    private let plan: Plan
    private let model = Mutex(Model())
    /// Called at the crash, to keep what else was on the disk then (the gallery).
    private let onCrash: @Sendable () -> Void

    init(plan: Plan = .none, onCrash: @escaping @Sendable () -> Void = {}) {
        self.plan = plan
        self.onCrash = onCrash
    }

    /// How many write calls were made.
    var callCount: Int { model.withLock { $0.calls } }
    /// How many bytes each write call was asked to write, in order.
    var callLengths: [Int] { model.withLock { $0.callLengths } }
    /// The write calls that were atomic replaces (synced as they complete), by number.
    var replaceCalls: Set<Int> { model.withLock { $0.replaceCalls } }
    /// Whether the planned failure happened.
    var hasFailed: Bool { model.withLock { $0.failed } }
    /// What the disk held when it crashed: each file's synced bytes.
    var crashImage: [String: [UInt8]]? { model.withLock { $0.crashImage } }
    /// Each file's synced bytes now.
    var syncedFiles: [String: [UInt8]] { model.withLock { $0.files.mapValues(\.synced) } }

    /// Counts a write call and tells whether it is the one to fail, and how.
    private func startCall(_ model: inout Model, length: Int) -> Failure? {
        model.calls += 1
        model.callLengths.append(length)
        guard case .fail(model.calls, let failure) = plan else { return nil }
        model.failed = true
        return failure
    }

    /// Takes the crash image if the plan crashes after this call.
    private func endCall(_ model: inout Model, path: String) {
        guard case .crash(model.calls, let synced) = plan, model.crashImage == nil else { return }
        if synced, let file = model.files[path] { model.files[path]?.synced = file.written }
        model.crashImage = model.files.mapValues(\.synced)
        onCrash()
    }

    func lock(_ lockPath: String) throws(StorageError) -> Int32 {
        model.withLock { model in
            defer { model.nextHandle += 1 }
            return model.nextHandle
        }
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        let failure = model.withLock { model -> Failure? in
            // A short write of the temporary file is followed by the next write's ENOSPC: the
            // old file stays either way.
            if let failure = startCall(&model, length: bytes.count) { return failure }
            model.replaceCalls.insert(model.calls)
            model.files[path] = File(written: bytes, synced: bytes)
            endCall(&model, path: path)
            return nil
        }
        if let failure { throw StorageError(.save, path: path, code: failure == .ioError ? EIO : ENOSPC) }
    }

    func openForAppending(_ path: String) throws(StorageError) -> Int32 {
        try model.withLock { model throws(StorageError) -> Int32 in
            guard model.files[path] != nil else { throw StorageError(.save, path: path, code: ENOENT) }
            defer { model.nextHandle += 1 }
            model.handles[model.nextHandle] = path
            return model.nextHandle
        }
    }

    func append(_ bytes: [UInt8], to handle: Int32) -> Result<Int, StorageError.Code> {
        model.withLock { model in
            guard let path = model.handles[handle] else { return .failure(.init(errno: EBADF)) }
            switch startCall(&model, length: bytes.count) {
            case .noSpace: return .failure(.init(errno: ENOSPC))
            case .ioError: return .failure(.init(errno: EIO))
            case .short(let count):
                model.files[path]?.written += bytes.prefix(count)
                return .success(count)
            case nil:
                model.files[path]?.written += bytes
                endCall(&model, path: path)
                return .success(bytes.count)
            }
        }
    }

    func truncate(_ handle: Int32, to length: Int) -> Bool {
        model.withLock { model in
            guard let path = model.handles[handle], let file = model.files[path] else { return false }
            model.files[path]?.written = Array(file.written.prefix(length))
            return true
        }
    }

    func sync(_ handle: Int32) {
        model.withLock { model in
            guard let path = model.handles[handle], let file = model.files[path] else { return }
            model.files[path]?.synced = file.written
        }
    }

    func close(_ handle: Int32) {
        _ = model.withLock { $0.handles.removeValue(forKey: handle) }
    }

    func remove(_ path: String) {
        _ = model.withLock { $0.files.removeValue(forKey: path) }
    }

    func rename(_ path: String, to newPath: String) {
        model.withLock { model in
            if let file = model.files.removeValue(forKey: path) { model.files[newPath] = file }
        }
    }
}
