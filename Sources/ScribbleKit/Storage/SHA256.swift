/// SHA-256 (FIPS 180-4): the name a content store gives heavy bytes (a PDF, a picture), so a
/// scribble keeps each once however many marks show it, and a file's store can be checked
/// against the names its marks use. Written here, as `MD5` and `CRC32` are, to add no package.
enum SHA256 {
    /// The 32-byte digest of `bytes`.
    /// - Complexity: O(n), about 10 ns a byte in an optimised build.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { digest($0) }
    }

    /// The 32-byte digest of the bytes `raw` points at.
    /// - Complexity: O(n).
    static func digest(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        var state = initial
        var block = [UInt8](repeating: 0, count: 64)
        let whole = raw.count / 64
        // Raw pointers in the loop: no bounds checks, no reference counting, no lazy global
        // per round (three times as fast as arrays on a picture's megabytes).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
            k.withUnsafeBufferPointer { k in
                state.withUnsafeMutableBufferPointer { state in
                    for index in 0..<whole {
                        compress(state, UnsafeRawBufferPointer(rebasing: raw[(index * 64)..<(index * 64 + 64)]), words, k)
                    }
                    // The tail, a 1 bit, zeros and the length in bits (big-endian) in one or two blocks.
                    let tail = raw.count - whole * 64
                    for index in 0..<tail { block[index] = raw[whole * 64 + index] }
                    block[tail] = 0x80
                    for index in (tail + 1)..<64 { block[index] = 0 }
                    if tail >= 56 {
                        block.withUnsafeBytes { compress(state, $0, words, k) }
                        for index in 0..<64 { block[index] = 0 }
                    }
                    let bits = UInt64(raw.count) &* 8
                    for index in 0..<8 { block[56 + index] = UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64(index))) }
                    block.withUnsafeBytes { compress(state, $0, words, k) }
                }
            }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initial: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into `state`; `words` is the message schedule's room, reused; `k`
    /// the round constants.
    @inline(__always)
    private static func compress(
        _ state: UnsafeMutableBufferPointer<UInt32>, _ block: UnsafeRawBufferPointer, _ words: UnsafeMutableBufferPointer<UInt32>,
        _ k: UnsafeBufferPointer<UInt32>
    ) {
        let w = words.baseAddress!, k = k.baseAddress!
        for t in 0..<16 { w[t] = block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self).bigEndian }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        let h0 = state.baseAddress!
        var (a, b, c, d, e, f, g, h) = (h0[0], h0[1], h0[2], h0[3], h0[4], h0[5], h0[6], h0[7])
        for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        h0[0] &+= a
        h0[1] &+= b
        h0[2] &+= c
        h0[3] &+= d
        h0[4] &+= e
        h0[5] &+= f
        h0[6] &+= g
        h0[7] &+= h
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
