import Testing
@testable import MarqueeServer
import Foundation
import MarqueeTestSupport

/// The encoder is checked by a real reader: each symbol is drawn as a PGM image and decoded by
/// zbarimg (Debian's zbar-tools), which must give back exactly the bytes that went in.
@Suite("QR Code encoder")
struct QRCodeTests {
    static let pairingURL = "marquee://pair?server=http%3A%2F%2F127.0.0.1%3A8080&code=K7Q2XM"
    /// 180 bytes: version 9 at M, so the version information blocks are read too.
    static let longText = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 4)

    @Test(.enabled(if: ExternalTool.zbarimg.isEnabled, "needs zbarimg (Debian package zbar-tools)"), arguments: [
        ("Hello", QRCode.Correction.medium),
        (pairingURL, .medium),
        (pairingURL, .high),
        ("Grüße aus Zürich — 東京 🚀 naïve café", .quartile),
        (longText, .medium),
    ])
    func zbarDecodesTheText(text: String, correction: QRCode.Correction) throws {
        let code = try QRCode(encoding: text, correction: correction)
        #expect(try Self.decode(code) == text)
    }

    @Test func theLongTextNeedsVersionInformation() throws {
        #expect(try QRCode(encoding: Self.longText).version == 9)
    }

    @Test(.enabled(if: ExternalTool.zbarimg.isEnabled, "needs zbarimg (Debian package zbar-tools)"), arguments: QRCode.Correction.allCases)
    func zbarDecodesEveryCorrectionLevel(correction: QRCode.Correction) throws {
        let text = "level \(correction) " + Self.pairingURL
        let code = try QRCode(encoding: text, correction: correction)
        #expect(code.correction == correction)
        #expect(try Self.decode(code) == text)
    }

    @Test(.enabled(if: ExternalTool.zbarimg.isEnabled, "needs zbarimg (Debian package zbar-tools)"), arguments: 0..<8)
    func zbarDecodesEveryMask(mask: Int) throws {
        let text = "mask \(mask): " + Self.pairingURL
        let code = try QRCode(encoding: Array(text.utf8), correction: .low, mask: mask)
        #expect(code.mask == mask)
        #expect(try Self.decode(code) == text)
    }

    /// Fills each version to its capacity at one level (rotating through the four), so every
    /// version's block layout, alignment patterns and version information are read back.
    @Test(.enabled(if: ExternalTool.zbarimg.isEnabled, "needs zbarimg (Debian package zbar-tools)"), arguments: 1...QRCode.maximumVersion)
    func zbarDecodesEveryVersionFilledUp(version: Int) throws {
        let correction = QRCode.Correction.allCases[version % 4]
        let bytes = Self.sampleBytes(count: Self.byteCapacity(version, correction))
        let code = try QRCode(encoding: bytes, correction: correction)
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
        #expect(try Self.decode(code) == String(decoding: bytes, as: UTF8.self))
    }

    @Test func choosesTheSmallestVersion() throws {
        #expect(try QRCode(encoding: Self.sampleBytes(count: 17), correction: .low).version == 1)
        #expect(try QRCode(encoding: Self.sampleBytes(count: 18), correction: .low).version == 2)
        #expect(try QRCode(encoding: Self.sampleBytes(count: 14), correction: .medium).version == 1)
        #expect(try QRCode(encoding: Self.sampleBytes(count: 15), correction: .medium).version == 2)
        #expect(try QRCode(encoding: Self.sampleBytes(count: 7), correction: .high).version == 1)
        #expect(try QRCode(encoding: Self.sampleBytes(count: 8), correction: .high).version == 2)
        #expect(try QRCode(encoding: "").version == 1)
        // The pairing link is 63 bytes: one more than version 4 holds at M, within it at L.
        #expect(try QRCode(encoding: Self.pairingURL).version == 5)
        #expect(try QRCode(encoding: Self.pairingURL, correction: .low).version == 4)
    }

    /// Byte-mode capacities from the standard's Table 7, which follow from the block tables.
    @Test func capacitiesMatchTheStandard() {
        let expected: [Int: [Int]] = [
            1: [17, 14, 11, 7], 2: [32, 26, 20, 14], 3: [53, 42, 32, 24], 4: [78, 62, 46, 34],
            5: [106, 84, 60, 44], 6: [134, 106, 74, 58], 7: [154, 122, 86, 64], 8: [192, 152, 108, 84],
            9: [230, 180, 130, 98], 10: [271, 213, 151, 119], 40: [2953, 2331, 1663, 1273],
        ]
        for (version, capacities) in expected {
            #expect(QRCode.Correction.allCases.map { Self.byteCapacity(version, $0) } == capacities, "version \(version)")
        }
    }

    @Test func totalCodewordsMatchTheStandard() {
        let expected = [1: 26, 2: 44, 3: 70, 6: 172, 7: 196, 10: 346, 14: 581, 21: 1156, 32: 2465, 35: 2876, 40: 3706]
        for (version, total) in expected {
            #expect(QRCode.totalCodewordCount(version) == total, "version \(version)")
        }
    }

    @Test func tooLongInputThrows() throws {
        #expect(throws: QRCodeError.tooLong) { try QRCode(encoding: Self.sampleBytes(count: 1274), correction: .high) }
        #expect(throws: QRCodeError.tooLong) { try QRCode(encoding: Self.sampleBytes(count: 2954), correction: .low) }
        #expect(try QRCode(encoding: Self.sampleBytes(count: 2953), correction: .low).version == 40)
    }

    @Test func formatAndVersionInformationMatchTheStandard() {
        #expect(QRCode.formatInformation(.medium, mask: 0) == 0b101_0100_0001_0010)
        #expect(QRCode.formatInformation(.low, mask: 0) == 0b111_0111_1100_0100)
        #expect(QRCode.versionInformation(7) == 0x07C94)
        #expect(QRCode.versionInformation(8) == 0x085BC)
    }

    @Test func svgIsOneCrispPathOnWhiteWithTheQuietZoneInTheViewBox() throws {
        let code = try QRCode(encoding: "Hello")
        #expect(code.size == 21)
        let svg = code.svg(moduleSize: 3, quietZone: 2)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"75\" height=\"75\" viewBox=\"0 0 25 25\">"))
        #expect(svg.contains("<rect width=\"25\" height=\"25\" fill=\"#fff\"/>"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.hasSuffix("</svg>"))
        // The top-left finder's first row: 7 dark modules from the quiet zone's corner.
        #expect(svg.contains("d=\"M2 2h7v1h-7z"))
        #expect(code.svg().contains("viewBox=\"0 0 29 29\""))
    }

    @Test func isDarkIsLightOutsideTheSymbol() throws {
        let code = try QRCode(encoding: "Hello")
        #expect(code.isDark(x: 0, y: 0))
        #expect(code.isDark(x: 8, y: code.size - 8))  // the dark module
        #expect(!code.isDark(x: -1, y: 0))
        #expect(!code.isDark(x: code.size, y: 0))
    }

    // MARK: - Helpers

    /// Bytes that are printable ASCII, so the decoded text compares directly.
    static func sampleBytes(count: Int) -> [UInt8] {
        (0..<count).map { UInt8(0x21 + $0 * 7 % 94) }
    }

    static func byteCapacity(_ version: Int, _ correction: QRCode.Correction) -> Int {
        (8 * QRCode.dataCodewordCount(version, correction) - 4 - (version < 10 ? 8 : 16)) / 8
    }

    struct ZbarFailed: Error, CustomStringConvertible {
        let status: Int32
        let errors: String
        var description: String { "zbarimg exited with \(status): \(errors)" }
    }

    /// Draws the symbol as a binary greyscale PGM, 4 pixels a module with a 4-module quiet zone,
    /// and returns what `zbarimg --raw` reads from it, without its closing newline.
    static func decode(_ code: QRCode) throws -> String {
        let executable = try ExternalTool.zbarimg.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("code.pgm")
        try pgm(code, scale: 4, quietZone: 4).write(to: image)

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--raw", "-q", image.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ZbarFailed(status: process.terminationStatus, errors: String(decoding: errorText, as: UTF8.self))
        }
        var decoded = String(decoding: text, as: UTF8.self)
        if decoded.hasSuffix("\n") { decoded.removeLast() }
        return decoded
    }

    static func pgm(_ code: QRCode, scale: Int, quietZone: Int) -> Data {
        let modules = -quietZone..<code.size + quietZone
        let side = modules.count * scale
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side)
        for y in modules {
            let row = modules.flatMap { x in repeatElement(code.isDark(x: x, y: y) ? UInt8(0) : 255, count: scale) }
            for _ in 0..<scale { pixels += row }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }
}
