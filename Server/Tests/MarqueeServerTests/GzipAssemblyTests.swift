import CompressNIO
import Foundation
@testable import MarqueeServer
import NIOCore
import Testing

/// The pieces compressed pings are put together from: the gzip checksum, its combination, and
/// members assembled from stored runs and segments deflated earlier, as a gzip decoder reads them.
@Suite("Gzip assembly")
struct GzipAssemblyTests {
    private func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    private func gunzip(_ buffer: ByteBuffer) throws -> String {
        var buffer = buffer
        return String(buffer: try buffer.decompress(with: .gzip()))
    }

    @Test func theChecksumIsGzips() {
        // The check value every CRC-32 catalogue lists for this polynomial.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926)
    }

    @Test func joinedChecksumsAreTheChecksumOfTheJoinedRuns() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 255, 4096, 70_000] {
            let run = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            for cut in Set([0, length / 3, length]) {
                let first = CRC32.checksum(run[..<cut])
                let second = CRC32.checksum(run[cut...])
                #expect(CRC32.combine(first, second, secondLength: length - cut) == CRC32.checksum(run),
                        "length \(length), cut at \(cut)")
            }
        }
    }

    @Test func anAssembledMemberIsReadAsTheJoinedText() throws {
        let middle = String(repeating: #"{"campaignData":{"title":"Spring offer"}},"#, count: 500)
        let segment = try DeflatedSegment(compressing: bytes(middle))
        #expect(segment.length == middle.utf8.count)
        #expect(segment.deflated.readableBytes * 10 < middle.utf8.count)

        var gzip = GzipAssembler(allocator: ByteBufferAllocator(), capacity: 0)
        gzip.append(plain: bytes("head:"))
        gzip.append(segment)
        gzip.append(segment)
        #expect(try gunzip(gzip.finish(plain: bytes(":tail"))) == "head:" + middle + middle + ":tail")
    }

    @Test func plainRunsLongerThanAStoredBlockAndEmptyRunsAreRead() throws {
        let long = String(repeating: "0123456789abcdef", count: 10_000)  // 160,000 bytes: three stored blocks
        var gzip = GzipAssembler(allocator: ByteBufferAllocator(), capacity: 0)
        gzip.append(plain: bytes(""))
        gzip.append(try DeflatedSegment(compressing: bytes("")))
        gzip.append(plain: bytes(long))
        #expect(try gunzip(gzip.finish(plain: bytes(long))) == long + long)

        var empty = GzipAssembler(allocator: ByteBufferAllocator(), capacity: 0)
        #expect(try gunzip(empty.finish(plain: bytes(""))) == "")
    }

    @Test func aWrongChecksumIsCaughtByTheDecoder() throws {
        var gzip = GzipAssembler(allocator: ByteBufferAllocator(), capacity: 0)
        gzip.append(try DeflatedSegment(compressing: bytes(String(repeating: "abc", count: 100))))
        var member = gzip.finish(plain: bytes("!"))
        // The trailer's first byte is the checksum's lowest: change it and the member is refused.
        let index = member.writerIndex - 8
        member.setInteger(member.getInteger(at: index, as: UInt8.self)! ^ 0xFF, at: index)
        #expect(throws: (any Error).self) { try gunzip(member) }
    }
}
