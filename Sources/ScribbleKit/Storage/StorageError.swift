import Glibc

/// Why a file of the gallery (or one given on the command line) could not be saved, opened,
/// listed or deleted: what was being done, to which path, and the cause in plain words, so
/// the UI can show `description` as it is.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done when it failed.
    public enum Action: String, Sendable {
        /// Writing a file.
        case save
        /// Reading a file.
        case open
        /// Removing a file.
        case delete
        /// Reading a folder's contents.
        case list
        /// Making the gallery's folder.
        case createFolder = "create the folder"

        /// What was being done, as the error message says it (translated).
        var verb: String {
            switch self {
            case .save: tr("save")
            case .open: tr("open")
            case .delete: tr("delete")
            case .list: tr("list")
            case .createFolder: tr("create the folder")
            }
        }
    }

    /// What was being done.
    public let action: Action
    /// The file or folder it was done to.
    public private(set) var path: String
    /// The operating system's error number (`errno`), or 0 when the cause is not the system's.
    public let code: Int32
    /// The cause in plain words, e.g. "the disk is full".
    public let cause: String

    /// An error from the operating system's error number `code`.
    init(_ action: Action, path: String, code: Int32) {
        self.action = action
        self.path = path
        self.code = code
        cause = Self.cause(of: code)
    }

    /// An error whose cause is not a system error (a bad name, a file too large).
    init(_ action: Action, path: String, cause: String) {
        self.action = action
        self.path = path
        code = 0
        self.cause = cause
    }

    /// The same failure told of `path`: what the user asked for, when the error struck a
    /// file made along with it (a thumbnail).
    func naming(_ path: String) -> StorageError {
        var error = self
        error.path = path
        return error
    }

    /// A sentence for the user, naming the path and the cause.
    public var description: String { tr("Could not %1$s “%2$s”: %3$s.", action.verb, path, cause) }

    /// Plain words for the errors a user can do something about; the system's text for the rest.
    static func cause(of code: Int32) -> String {
        switch code {
        case ENOSPC: tr("the disk is full")
        case EDQUOT: tr("the disk quota is used up")
        case EACCES, EPERM: tr("permission denied")
        case EROFS: tr("the disk is read-only")
        case ENOENT: tr("no such file or folder")
        case ENOTDIR: tr("part of the path is a file, not a folder")
        case EISDIR: tr("it is a folder, not a file")
        case ENAMETOOLONG: tr("the name is too long")
        case EIO: tr("the disk reported an input/output error")
        case EMFILE, ENFILE: tr("too many files are open")
        case EFBIG: tr("the file is too large")
        case ELOOP: tr("too many levels of symbolic links (a loop)")
        default: String(cString: strerror(code))
        }
    }
}
