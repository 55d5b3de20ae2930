import Testing
@testable import ScribbleKit

/// SHA-256 against the NIST examples (FIPS 180-4's "abc" and two-block messages, the empty
/// message, a million "a"s) and across the padding's edges.
struct SHA256Tests {
    private func hex(_ text: String) -> String { ContentDigest(of: Array(text.utf8)).description }

    @Test func theNISTExamplesHaveTheirDigests() {
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(
            ContentDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).description
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func messagesAroundABlocksEdgeDifferAndAreStable() {
        // 55, 56, 63, 64 and 65 bytes: the length fits the last block, needs another, or the
        // message fills a block exactly.
        let digests = [55, 56, 63, 64, 65].map { ContentDigest(of: [UInt8](repeating: 0x61, count: $0)) }
        #expect(Set(digests).count == 5)
        #expect(
            digests[3].description == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb", "64 a")
        #expect(digests.map(\.bytes.count) == [32, 32, 32, 32, 32])
    }
}
