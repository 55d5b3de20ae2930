import Glibc

/// MD5 (RFC 1321), for one purpose only: the freedesktop Thumbnail Managing Standard names a
/// cached thumbnail by the MD5 of its file's URI, and Foundation on Linux has no digest API.
/// It is not used for anything that needs a secure hash.
enum MD5 {
    /// The digest of `bytes` as 32 lower-case hexadecimal digits, as the standard names files.
    /// - Complexity: O(n) in the bytes.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var message = bytes
        let bitLength = UInt64(truncatingIfNeeded: bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                let at = chunk + index * 4
                words[index] =
                    UInt32(message[at]) | UInt32(message[at + 1]) << 8
                    | UInt32(message[at + 2]) << 16 | UInt32(message[at + 3]) << 24
            }
            var (a, b, c, d) = state
            for round in 0..<64 {
                var f: UInt32, g: Int
                switch round {
                case 0..<16: (f, g) = ((b & c) | (~b & d), round)
                case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * round + 1) % 16)
                case 32..<48: (f, g) = (b ^ c ^ d, (3 * round + 5) % 16)
                default: (f, g) = (c ^ (b | ~d), (7 * round) % 16)
                }
                f = f &+ a &+ constants[round] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (f << shifts[round] | f >> (32 - shifts[round]))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] {
            for byte in 0..<4 {
                let value = UInt8(truncatingIfNeeded: word >> UInt32(byte * 8))
                text += [digits[Int(value >> 4)], digits[Int(value & 0xF)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) × 2^32), as RFC 1321 tabulates them.
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
}
