/// The name of stored content: the SHA-256 of its bytes, so two marks showing the same PDF
/// refer to one entry, and a file's entry can be checked against the name its marks use.
public struct ContentDigest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// The digest of `content`.
    /// - Complexity: O(n) in the bytes.
    public init(of content: [UInt8]) {
        bytes = SHA256.digest(content)
    }

    /// A digest read from a file (exactly 32 bytes).
    init?(stored: [UInt8]) {
        guard stored.count == Self.length else { return nil }
        bytes = stored
    }

    /// How many bytes a digest has.
    static let length = 32

    /// The 64 hexadecimal digits, as `sha256sum` prints them.
    public var description: String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
