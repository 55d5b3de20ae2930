import Glibc

extension FileSystem {
    /// The names in `directory` (without "." and ".."), and apart the names that are not
    /// UTF-8 text: a Swift `String` would replace their bad bytes, and the path it makes
    /// would name no file. A missing folder has none.
    static func namesAndUndecodable(in directory: String) throws(StorageError) -> (names: [String], undecodable: [[UInt8]]) {
        guard let stream = opendir(directory) else {
            if errno == ENOENT { return ([], []) }
            throw StorageError(.list, path: directory, code: errno)
        }
        defer { closedir(stream) }
        var names: [String] = [], undecodable: [[UInt8]] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafePointer(to: &entry.pointee.d_name) {
                Array(UnsafeRawBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
            }
            if let name = String(validating: bytes, as: UTF8.self) {
                if name != ".", name != ".." { names.append(name) }
            } else {
                undecodable.append(bytes)
            }
        }
        return (names, undecodable)
    }

    /// A name that is not UTF-8 text, made readable: each byte that is not part of valid
    /// UTF-8 shown as `\xE9`, as `ls -b` shows it.
    static func printable(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            var length = min(4, rest.count)
            while length > 0, String(validating: rest.prefix(length), as: UTF8.self) == nil { length -= 1 }
            if length > 0 {
                text += String(decoding: rest.prefix(length), as: UTF8.self)
            } else {
                text += "\\x" + String(rest.first ?? 0, radix: 16, uppercase: true).leftPadded(to: 2)
                length = 1
            }
            rest = rest.dropFirst(length)
        }
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
