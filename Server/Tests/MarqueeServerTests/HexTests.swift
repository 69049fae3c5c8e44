import Crypto
import Foundation
import Testing
@testable import MarqueeServer

@Suite("Hexadecimal text")
struct HexTests {
    @Test func matchesTheFormattedDigitsOfEveryByte() {
        let every = (0...255).map(UInt8.init)
        #expect(every.lowercaseHex == every.map { String(format: "%02x", $0) }.joined())
        #expect([UInt8]().lowercaseHex == "")
        #expect(SHA256.hash(data: Data("abc".utf8)).lowercaseHex
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
