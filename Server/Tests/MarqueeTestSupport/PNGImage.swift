import CompressNIO
import Foundation
import NIOCore

/// A decoded PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are), so browser
/// tests can check what a person would see rather than only what the DOM holds.
public struct PNGImage: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notPNG, unsupported(String), corrupt(String)

        public var description: String {
            switch self {
            case .notPNG: "not a PNG file"
            case .unsupported(let what): "unsupported PNG: \(what)"
            case .corrupt(let what): "corrupt PNG: \(what)"
            }
        }
    }

    /// One pixel's colour.
    public struct Pixel: Sendable, Hashable {
        public var red, green, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Whether each channel is within `tolerance` of `other`'s (anti-aliased edges blend).
        public func isClose(to other: Pixel, tolerance: Int = 12) -> Bool {
            abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
                && abs(Int(blue) - Int(other.blue)) <= tolerance
        }
    }

    public let width: Int
    public let height: Int
    /// Row by row, top to bottom.
    public let pixels: [Pixel]

    public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// How many pixels are close to `color`.
    public func count(of color: Pixel, tolerance: Int = 12) -> Int {
        pixels.reduce(0) { $0 + ($1.isClose(to: color, tolerance: tolerance) ? 1 : 0) }
    }

    public init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure.notPNG
        }
        func uint32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = 8
        var header: (width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8)?
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = uint32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = offset + 8
            guard body + length <= bytes.count else { throw Failure.corrupt("chunk \(type) runs past the end") }
            switch type {
            case "IHDR": header = (uint32(body), uint32(body + 4), bytes[body + 8], bytes[body + 9], bytes[body + 12])
            case "IDAT": compressed += bytes[body..<(body + length)]
            default: break
            }
            if type == "IEND" { break }
            offset = body + length + 4  // the chunk's CRC follows its body
        }
        guard let header else { throw Failure.corrupt("no IHDR chunk") }
        guard header.depth == 8, header.interlace == 0 else { throw Failure.unsupported("bit depth \(header.depth), interlace \(header.interlace)") }
        let channels: Int
        switch header.colorType {
        case 2: channels = 3
        case 6: channels = 4
        default: throw Failure.unsupported("colour type \(header.colorType)")
        }
        var input = ByteBuffer(bytes: compressed)
        let inflated = try input.decompress(with: .zlib())
        let raw = [UInt8](inflated.readableBytesView)
        let stride = header.width * channels
        guard raw.count == header.height * (stride + 1) else { throw Failure.corrupt("image data has the wrong size") }
        width = header.width
        height = header.height
        pixels = try Self.unfilter(raw, height: header.height, stride: stride, channels: channels)
    }

    /// Undoes each row's PNG filter (none, sub, up, average, Paeth) and reads its pixels.
    private static func unfilter(_ raw: [UInt8], height: Int, stride: Int, channels: Int) throws -> [Pixel] {
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels: [Pixel] = []
        pixels.reserveCapacity(height * stride / channels)
        for row in 0..<height {
            let start = row * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[(start + 1)...(start + stride)])
            for i in 0..<stride {
                let left = i >= channels ? Int(line[i - channels]) : 0
                let up = Int(previous[i])
                let upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: throw Failure.corrupt("row \(row) has filter \(filter)")
                }
                line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
            }
            for x in Swift.stride(from: 0, to: stride, by: channels) {
                pixels.append(Pixel(red: line[x], green: line[x + 1], blue: line[x + 2]))
            }
            previous = line
        }
        return pixels
    }
}
