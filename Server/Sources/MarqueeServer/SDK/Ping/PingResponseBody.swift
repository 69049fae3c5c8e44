import Foundation
import MarqueeModel
import MarqueeWire
import NIOCore

/// A ping response written from pre-encoded parts: the admitted campaigns' JSON (encoded once per
/// catalog version, see ``CampaignCatalog/Entry``) is copied in, and only the per-request numbers
/// and the small `marquee` object are encoded. Keys come in sorted order, as Marquee's encoder
/// writes them, so the body is byte for byte what encoding a ``PingResponse`` would give.
///
/// The body is three parts: the head (`{"currentPingMillis":…,"data":`), the `data` array, and the
/// tail (the `marquee` object and `nextPingMillis`). Only the array is large, and it is the same
/// for every device sent the same campaigns, so the gzip form takes it compressed once
/// (``PingDataCache``) between a head and a tail stored as they are.
struct PingResponseBody {
    var currentPingMillis: Int64
    var nextPingMillis: Int
    var campaigns: PingCampaignList
    var marquee: PingExtension?

    /// The body, gzipped when `compressedData` is given (it supplies the compressed form of
    /// ``data(allocator:)``) and the plain body would be long enough for ``GzipMiddleware`` to
    /// compress it, so both paths send the same bodies compressed.
    func encoded(allocator: ByteBufferAllocator,
                 compressedData: (() async throws -> DeflatedSegment)? = nil) async throws -> (bytes: ByteBuffer, isGzipped: Bool) {
        var head = allocator.buffer(capacity: 48)
        head.writeString(#"{"currentPingMillis":\#(currentPingMillis),"data":"#)
        let tail = try tail(allocator: allocator)
        // A list held compressed knows its length: the forms are not read.
        if let data = try await compressedData?(),
           head.readableBytes + data.length + tail.readableBytes >= GzipMiddleware.minimumBytes {
            var gzip = GzipAssembler(allocator: allocator, capacity: data.deflated.readableBytes + tail.readableBytes + 64)
            gzip.append(plain: head)
            gzip.append(data)
            return (gzip.finish(plain: tail), true)
        }
        var body = allocator.buffer(capacity: head.readableBytes + campaigns.length + tail.readableBytes)
        body.writeImmutableBuffer(head)
        campaigns.write(to: &body)
        body.writeImmutableBuffer(tail)
        return (body, false)
    }

    /// The `data` array alone.
    func data(allocator: ByteBufferAllocator) -> ByteBuffer {
        campaigns.data(allocator: allocator)
    }

    private func tail(allocator: ByteBufferAllocator) throws -> ByteBuffer {
        var tail = allocator.buffer(capacity: 64)
        if let marquee {
            tail.writeString(#","marquee":"#)
            if marquee.unchanged == true, let fingerprint = marquee.fingerprint, marquee.frequencyCaps.isEmpty,
               marquee.inbox == nil, marquee.userAttributes == nil, fingerprint.utf8.allSatisfy(\.isHexDigit) {
                // The answer the Marquee SDK gets most: written as the encoder would, without it.
                tail.writeString(#"{"fingerprint":"\#(fingerprint)","frequencyCaps":[],"unchanged":true}"#)
            } else {
                tail.writeBytes(try MarqueeJSON.encoder().encode(marquee))
            }
        }
        tail.writeString(#","nextPingMillis":\#(nextPingMillis)}"#)
        return tail
    }
}

/// The campaigns of a ping answer: forms of one snapshot, named by their keys, read only when
/// their bytes are written.
struct PingCampaignList {
    let snapshot: CampaignCatalog.Snapshot
    var keys: [UInt64]
    /// Whether the forms with the `marquee` extension are sent.
    let extended: Bool
    /// For base forms: the languages to show, most specific first (none: the default language).
    let languages: [String]

    var forms: some Collection<CampaignCatalog.Form> { keys.lazy.map(snapshot.form) }

    /// The length of the `data` array.
    var length: Int {
        forms.reduce(2) { $0 + $1.json(extended: extended, languages: languages).readableBytes } + max(keys.count - 1, 0)
    }

    /// The `data` array alone.
    func data(allocator: ByteBufferAllocator) -> ByteBuffer {
        var data = allocator.buffer(capacity: length)
        write(to: &data)
        return data
    }

    func write(to body: inout ByteBuffer) {
        body.writeInteger(UInt8(ascii: "["))
        for (index, form) in forms.enumerated() {
            if index > 0 { body.writeInteger(UInt8(ascii: ",")) }
            body.writeImmutableBuffer(form.json(extended: extended, languages: languages))
        }
        body.writeInteger(UInt8(ascii: "]"))
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}
