import CGtk
import Glibc

/// Why a key file could not be read or written; `description` names the file and the cause.
public struct KeyFileError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// There is no file at the path (a first launch, say).
        case missing
        /// Something is there but cannot be read as a file: no permission, a folder, a pipe,
        /// a huge file.
        case unreadable
        /// The file was read but is not a key file (or not UTF-8).
        case malformed
    }

    /// What went wrong.
    public let reason: Reason
    /// The file concerned.
    public let path: String
    /// GLib's or the system's explanation.
    public let message: String

    public var description: String { "\(path): \(message)" }
}

/// A GLib `GKeyFile`: the `[Group]` / `key=value` format desktop apps keep their preferences
/// in. Not tied to the main thread; one thread at a time may use a given key file.
public final class KeyFile {
    /// The largest file read: a preferences file is a few lines; anything bigger is not ours.
    public static let maximumFileSize = 1 << 20

    private let keyFile: OpaquePointer

    /// An empty key file.
    public init() {
        keyFile = g_key_file_new()
    }

    /// Reads the key file at `path`, keeping its comments (so a later save keeps them too).
    /// Refuses anything but a regular file of at most `maximumFileSize` bytes, so a pipe or
    /// a device at that path cannot block or flood the caller.
    public convenience init(contentsOf path: String) throws(KeyFileError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw KeyFileError(
                reason: code == ENOENT ? .missing : .unreadable, path: path,
                message: String(cString: strerror(code)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw KeyFileError(reason: .unreadable, path: path, message: Self.notAFile(status.st_mode))
        }
        guard status.st_size <= Self.maximumFileSize else {
            throw KeyFileError(reason: .unreadable, path: path, message: "too large for a settings file")
        }
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            throw KeyFileError(reason: .unreadable, path: path, message: Self.consume(error))
        }
        defer { g_free(contents) }
        try self.init(parsing: Array(UnsafeBufferPointer(start: contents, count: Int(length))), path: path)
    }

    /// What the thing at a path is, when it is not a regular file: the cause a warning gives.
    private static func notAFile(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "it is a folder, not a file"
        case S_IFIFO: "it is a named pipe (FIFO), not a regular file"
        case S_IFSOCK: "it is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
        default: "it is not a regular file"
        }
    }

    /// Parses `text` as a key file (`path` only names it in errors).
    public convenience init(parsing text: String, path: String = "(text)") throws(KeyFileError) {
        try self.init(parsing: Array(text.utf8CString.dropLast()), path: path)
    }

    /// Parses `bytes`: UTF-8 throughout (GLib checks values only when they are read, so a
    /// file with broken text would otherwise pass as valid), then key file syntax.
    private init(parsing bytes: [gchar], path: String) throws(KeyFileError) {
        keyFile = g_key_file_new()
        let failure: KeyFileError? = bytes.withUnsafeBufferPointer { buffer in
            guard let data = buffer.baseAddress else { return nil } // empty: an empty key file
            guard g_utf8_validate(data, gssize(buffer.count), nil) != 0 else {
                return KeyFileError(reason: .malformed, path: path, message: "not UTF-8 text")
            }
            var error: UnsafeMutablePointer<GError>?
            guard g_key_file_load_from_data(keyFile, data, gsize(buffer.count), G_KEY_FILE_KEEP_COMMENTS, &error) != 0 else {
                return KeyFileError(reason: .malformed, path: path, message: Self.consume(error))
            }
            return nil
        }
        if let failure { throw failure }
    }

    deinit {
        g_key_file_unref(keyFile)
    }

    /// The value of `key` in `group`, unescaped; `nil` if either is absent.
    public func string(group: String, key: String) -> String? {
        guard let value = g_key_file_get_string(keyFile, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Sets `key` in `group` to `value` (escaped as needed), adding either if absent.
    public func set(_ value: String, group: String, key: String) {
        g_key_file_set_string(keyFile, group, key, value)
    }

    /// Every value, as (group, key, value), in the file's order.
    public var entries: [(group: String, key: String, value: String)] {
        var result: [(group: String, key: String, value: String)] = []
        guard let groups = g_key_file_get_groups(keyFile, nil) else { return result }
        defer { g_strfreev(groups) }
        var index = 0
        while let group = groups[index] {
            index += 1
            let name = String(cString: group)
            guard let keys = g_key_file_get_keys(keyFile, group, nil, nil) else { continue }
            defer { g_strfreev(keys) }
            var keyIndex = 0
            while let key = keys[keyIndex] {
                keyIndex += 1
                let keyName = String(cString: key)
                if let value = string(group: name, key: keyName) { result.append((name, keyName, value)) }
            }
        }
        return result
    }

    /// The whole key file as text, as it would be written.
    public var text: String {
        guard let data = g_key_file_to_data(keyFile, nil, nil) else { return "" }
        defer { g_free(data) }
        return String(cString: data)
    }

    /// The message of `error`, which this frees.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
