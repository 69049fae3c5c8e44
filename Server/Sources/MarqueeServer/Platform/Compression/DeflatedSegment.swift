import CompressNIO
import NIOCore

/// Bytes compressed once into raw deflate blocks that end on a byte boundary and leave the stream
/// open (a sync flush, no final block), so they can sit between other blocks of a gzip member
/// (``GzipAssembler``); with the checksum and length of the bytes they hold, which the gzip
/// trailer needs.
struct DeflatedSegment: Sendable {
    let deflated: ByteBuffer
    /// CRC-32 of the uncompressed bytes.
    let crc: UInt32
    /// Length of the uncompressed bytes.
    let length: Int

    init(compressing bytes: ByteBuffer, allocator: ByteBufferAllocator = ByteBufferAllocator()) throws {
        var input = bytes
        let compressor = CompressionAlgorithm.deflate().compressor
        try compressor.startStream()
        defer { try? compressor.finishStream() }
        // The bound covers the worst case; a sync flush adds an empty stored block (5 bytes).
        var output = allocator.buffer(capacity: compressor.maxSize(from: input) + 16)
        try input.compressStream(to: &output, with: compressor, flush: .sync)
        deflated = output
        crc = bytes.withUnsafeReadableBytes { CRC32.checksum($0) }
        length = bytes.readableBytes
    }
}
