import NIOCore

/// Writes one gzip member (RFC 1952) from plain runs and ``DeflatedSegment``s compressed earlier.
/// Plain runs go in stored deflate blocks (RFC 1951 §3.2.4), copied as they are; a segment's
/// blocks are copied whole. The trailer's checksum is combined from the parts' checksums, so
/// no byte of a segment is read again and nothing is compressed per answer.
///
/// Every part ends on a byte boundary (stored blocks do; a segment ends with a sync flush), which
/// is what lets the next block start there.
struct GzipAssembler {
    private var output: ByteBuffer
    private var crc: UInt32 = 0
    private var length = 0

    /// The longest stored block the format allows.
    private static let storedBlockLimit = 65_535

    init(allocator: ByteBufferAllocator, capacity: Int) {
        output = allocator.buffer(capacity: capacity + 32)
        // Magic, deflate, no flags, no modification time, no extra flags, unknown system.
        output.writeBytes([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
    }

    /// Appends plain bytes, stored as they are.
    mutating func append(plain bytes: ByteBuffer) {
        writeStored(bytes, final: false)
    }

    /// Appends a segment's deflate blocks.
    mutating func append(_ segment: DeflatedSegment) {
        output.writeImmutableBuffer(segment.deflated)
        crc = CRC32.combine(crc, segment.crc, secondLength: segment.length)
        length += segment.length
    }

    /// The member, ending with `bytes` in the final block and the trailer.
    mutating func finish(plain bytes: ByteBuffer) -> ByteBuffer {
        writeStored(bytes, final: true)
        output.writeInteger(crc, endianness: .little)
        output.writeInteger(UInt32(truncatingIfNeeded: length), endianness: .little)
        return output
    }

    private mutating func writeStored(_ bytes: ByteBuffer, final: Bool) {
        var rest = bytes
        crc = rest.withUnsafeReadableBytes { CRC32.checksum($0, continuing: crc) }
        length += rest.readableBytes
        repeat {
            let count = min(rest.readableBytes, Self.storedBlockLimit)
            let isLast = final && count == rest.readableBytes
            // BFINAL and BTYPE 00 in the low bits; the rest of the byte pads to the boundary.
            output.writeInteger(UInt8(isLast ? 1 : 0))
            output.writeInteger(UInt16(count), endianness: .little)
            output.writeInteger(~UInt16(count), endianness: .little)
            var block = rest.readSlice(length: count)!
            output.writeBuffer(&block)
        } while rest.readableBytes > 0
    }
}
