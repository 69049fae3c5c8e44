/// A QR Code symbol (ISO/IEC 18004, Model 2) holding bytes in byte mode.
///
/// Supports versions 1 through 40 and all four error correction levels; the encoder picks the
/// smallest version that holds the data at the requested level, and the mask with the lowest
/// penalty. The largest input is 2953 bytes at level L (2331 at M, 1663 at Q, 1273 at H); longer
/// input throws ``QRCodeError/tooLong``.
///
/// No ECI header is written: readers take byte mode as UTF-8 when the bytes are valid UTF-8, as
/// they are for ``init(encoding:correction:)`` with a `String`.
struct QRCode: Sendable, Equatable {
    /// How much of the symbol can be damaged and still read: about 7% (L), 15% (M), 25% (Q), 30% (H).
    enum Correction: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    /// The largest version this encoder makes.
    static let maximumVersion = 40

    /// 1 through 40; the symbol is `17 + 4 × version` modules wide.
    let version: Int
    let correction: Correction
    /// The data mask (0–7) that was applied.
    let mask: Int
    /// Width and height in modules, without a quiet zone.
    let size: Int
    /// Row-major, `true` for dark.
    private let modules: [Bool]

    /// Encodes `bytes` in byte mode at the smallest version that fits.
    /// - Throws: ``QRCodeError/tooLong`` when the bytes do not fit version 40 at this level.
    init(encoding bytes: [UInt8], correction: Correction = .medium) throws(QRCodeError) {
        try self.init(bytes: bytes, correction: correction, forcedMask: nil)
    }

    /// Encodes the UTF-8 bytes of `text`.
    init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), correction: correction, forcedMask: nil)
    }

    /// Encodes with a given mask instead of the one the penalty rules choose, so tests can check
    /// that every mask reads.
    init(encoding bytes: [UInt8], correction: Correction, mask: Int) throws(QRCodeError) {
        precondition((0..<8).contains(mask), "QR masks are numbered 0 through 7")
        try self.init(bytes: bytes, correction: correction, forcedMask: mask)
    }

    private init(bytes: [UInt8], correction: Correction, forcedMask: Int?) throws(QRCodeError) {
        guard let version = Self.smallestVersion(holding: bytes.count, at: correction) else {
            throw QRCodeError.tooLong
        }
        let data = Self.dataCodewords(bytes, version: version, count: Self.dataCodewordCount(version, correction))
        var grid = Grid(functionPatternsOf: version)
        grid.place(codewords: Self.interleavedCodewords(data, version: version, correction: correction))

        let candidates = forcedMask.map { [$0] } ?? Array(0..<8)
        let scored = candidates.map { mask in
            let masked = grid.masked(mask, correction)
            return (mask: mask, grid: masked, penalty: masked.penalty)
        }
        // `min(by:)` keeps the first of equal penalties, so the lowest-numbered mask wins a tie.
        let best = scored.min { $0.penalty < $1.penalty }!
        self.version = version
        self.correction = correction
        self.mask = best.mask
        self.size = grid.size
        self.modules = best.grid.dark
    }

    /// Whether the module in column `x`, row `y` is dark; anything outside the symbol is the light
    /// quiet zone.
    func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// A self-contained SVG document: black modules on white, `moduleSize` pixels each, with
    /// `quietZone` light modules around the symbol (the standard asks for at least 4).
    ///
    /// The `viewBox` counts modules, so the picture scales cleanly; dark modules are one path,
    /// each horizontal run of them one rectangle.
    func svg(moduleSize: Int = 4, quietZone: Int = 4) -> String {
        precondition(moduleSize > 0 && quietZone >= 0, "moduleSize must be positive, quietZone not negative")
        let side = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while isDark(x: x, y: y) { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let pixels = side * moduleSize
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pixels)\" height=\"\(pixels)\" viewBox=\"0 0 \(side) \(side)\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path d=\"\(path)\" fill=\"#000\" shape-rendering=\"crispEdges\"/></svg>"
    }
}

/// Why a ``QRCode`` could not be made.
enum QRCodeError: Error, Equatable {
    /// The data does not fit the largest version (40) at the requested correction level.
    case tooLong
}

// MARK: - Data codewords

extension QRCode {
    /// Bits of the character count field in byte mode.
    private static func countBits(_ version: Int) -> Int { version < 10 ? 8 : 16 }

    /// The first version whose data capacity holds `byteCount` bytes.
    private static func smallestVersion(holding byteCount: Int, at correction: Correction) -> Int? {
        (1...maximumVersion).first { version in
            4 + countBits(version) + 8 * byteCount <= 8 * dataCodewordCount(version, correction)
        }
    }

    /// Codewords left for data once error correction is taken from the version's total.
    static func dataCodewordCount(_ version: Int, _ correction: Correction) -> Int {
        totalCodewordCount(version) - errorCorrectionCount(version, correction)
    }

    /// All codewords of a version: the modules no function pattern takes, 8 to a codeword (the
    /// 0–7 left over are remainder bits).
    static func totalCodewordCount(_ version: Int) -> Int { totalCodewords[version - 1] }

    /// Counted once on each version's grid rather than tabulated, so the grid and the table
    /// cannot disagree.
    private static let totalCodewords = (1...maximumVersion).map { Grid(functionPatternsOf: $0).freeModuleCount / 8 }

    /// Mode indicator, count, the bytes, terminator, then padding up to `count` codewords.
    private static func dataCodewords(_ bytes: [UInt8], version: Int, count: Int) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)  // byte mode
        bits.append(bytes.count, count: countBits(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, count * 8 - bits.count))  // terminator, shortened when full
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC  // the standard's two pad codewords, alternating
        while codewords.count < count {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into the version's blocks, adds each block's Reed–Solomon codewords, and
    /// interleaves them: data codewords column by column, then error correction likewise.
    private static func interleavedCodewords(_ data: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let (blockCount, ecPerBlock) = blockLayout(version, correction)
        let shortLength = data.count / blockCount
        let longBlocks = data.count % blockCount  // the last blocks carry one more data codeword
        let generator = ReedSolomon.generator(degree: ecPerBlock)
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index >= blockCount - longBlocks ? 1 : 0)
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let corrections = blocks.map { ReedSolomon.remainder(of: $0, generator: generator) }

        var result: [UInt8] = []
        for column in 0...shortLength {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<ecPerBlock {
            for block in corrections { result.append(block[column]) }
        }
        return result
    }

    private static func errorCorrectionCount(_ version: Int, _ correction: Correction) -> Int {
        let (blocks, perBlock) = blockLayout(version, correction)
        return blocks * perBlock
    }

    /// Number of error correction blocks and error correction codewords per block (Table 9).
    private static func blockLayout(_ version: Int, _ correction: Correction) -> (blocks: Int, ecPerBlock: Int) {
        let index = version - 1
        switch correction {
        case .low: return (Tables.blocksL[index], Tables.ecL[index])
        case .medium: return (Tables.blocksM[index], Tables.ecM[index])
        case .quartile: return (Tables.blocksQ[index], Tables.ecQ[index])
        case .high: return (Tables.blocksH[index], Tables.ecH[index])
        }
    }

    /// The two-bit level indicator in the format information; note the order is not L, M, Q, H.
    private static func formatBits(_ correction: Correction) -> Int {
        switch correction {
        case .low: return 0b01
        case .medium: return 0b00
        case .quartile: return 0b11
        case .high: return 0b10
        }
    }

    /// The 15-bit format information: level and mask, BCH(15,5) check bits, masked with 0x5412 so
    /// it is never all light.
    static func formatInformation(_ correction: Correction, mask: Int) -> Int {
        let data = formatBits(correction) << 3 | mask
        return (data << 10 | bchRemainder(data, generator: 0b101_0011_0111, degree: 10)) ^ 0b101_0100_0001_0010
    }

    /// The 18-bit version information of versions 7 and up: version and BCH(18,6) check bits.
    static func versionInformation(_ version: Int) -> Int {
        version << 12 | bchRemainder(version, generator: 0b1_1111_0010_0101, degree: 12)
    }

    /// Remainder of `value × x^degree` divided by `generator`, polynomials over GF(2) as bits.
    private static func bchRemainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var remainder = value << degree
        var bit = Int.bitWidth - 1 - remainder.leadingZeroBitCount
        while bit >= degree {
            if remainder & (1 << bit) != 0 { remainder ^= generator << (bit - degree) }
            bit -= 1
        }
        return remainder
    }
}

/// The standard's Table 9, indexed by version − 1.
private enum Tables {
    static let ecL = [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
                      28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
    static let ecM = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
                      26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28]
    static let ecQ = [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
                      28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
    static let ecH = [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
                      30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
    static let blocksL = [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
                          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25]
    static let blocksM = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
                          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49]
    static let blocksQ = [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
                          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68]
    static let blocksH = [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
                          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81]
}

/// Bits appended most significant first.
private struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    /// Whole bytes; callers pad to a multiple of 8 first.
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}

// MARK: - Reed–Solomon

/// Arithmetic in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D), the field QR codes use.
private enum ReedSolomon {
    /// `powers[i]` is α^i for i in 0..<255, with α = 2 (x).
    static let powers: [UInt8] = {
        var powers: [UInt8] = []
        var value = 1
        for _ in 0..<255 {
            powers.append(UInt8(value))
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }  // reduce modulo the field's polynomial
        }
        return powers
    }()

    /// The inverse of `powers`: `logarithms[α^i]` is i (0 has none; it is never looked up).
    static let logarithms: [Int] = {
        var logarithms = [Int](repeating: 0, count: 256)
        for (power, value) in powers.enumerated() { logarithms[Int(value)] = power }
        return logarithms
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return powers[(logarithms[Int(a)] + logarithms[Int(b)]) % 255]
    }

    /// (x − α⁰)(x − α¹)…(x − α^(degree−1)), coefficients highest power first, the leading 1 included.
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for power in 0..<degree {
            // Multiply by (x + α^power): subtraction is addition (XOR) in GF(2⁸).
            var next = polynomial + [0]
            for (index, coefficient) in polynomial.enumerated() {
                next[index + 1] ^= multiply(coefficient, powers[power])
            }
            polynomial = next
        }
        return polynomial
    }

    /// The error correction codewords: the remainder of data × x^degree divided by the generator.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count - 1)
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}

// MARK: - Module grid

/// The modules of one symbol while it is being built; `reserved` marks function patterns, which
/// data and masks leave alone.
private struct Grid {
    let size: Int
    private(set) var dark: [Bool]
    private var reserved: [Bool]

    /// Finder, separator, timing and alignment patterns, the dark module, version information,
    /// and the (still empty) format information areas of `version`.
    init(functionPatternsOf version: Int) {
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        reserved = dark

        for i in 0..<size {  // timing first: the finders overwrite its ends
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centerX: x, centerY: y) }
        drawAlignmentPatterns(version)

        // Format information, drawn per mask later; the dark module sits beside the bottom-left copy.
        for i in 0...8 where i != 6 { set(8, i, false); set(i, 8, false) }  // 6 is timing
        for i in 0..<8 { set(size - 1 - i, 8, false); set(8, size - 1 - i, false) }
        set(8, size - 8, true)

        if version >= 7 {
            let info = QRCode.versionInformation(version)
            for bit in 0..<18 {
                let isDark = info >> bit & 1 == 1
                set(size - 11 + bit % 3, bit / 3, isDark)  // above and left of the top-right finder
                set(bit / 3, size - 11 + bit % 3, isDark)  // its transpose, by the bottom-left finder
            }
        }
    }

    var freeModuleCount: Int { reserved.count - Self.count(of: true, in: reserved) }

    private static func count(of value: Bool, in modules: [Bool]) -> Int {
        var count = 0
        for module in modules where module == value { count += 1 }
        return count
    }

    private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    /// A 7×7 finder with its light separator, clipped at the symbol's edge.
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (x, y) = (centerX + dx, centerY + dy)
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x, y, ring != 2 && ring != 4)
            }
        }
    }

    /// 5×5 alignment patterns on every pair of centre coordinates, except where a finder is.
    private mutating func drawAlignmentPatterns(_ version: Int) {
        let centers = Self.alignmentCenters(version: version, size: size)
        guard let last = centers.last else { return }
        for cy in centers {
            for cx in centers {
                let onFinder = (cx == 6 && cy == 6) || (cx == last && cy == 6) || (cx == 6 && cy == last)
                guard !onFinder else { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
    }

    /// Row and column coordinates of alignment centres (the standard's Annex E): the first at 6,
    /// the last 7 from the far edge, the rest spaced evenly back from the last by an even step.
    static func alignmentCenters(version: Int, size: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        // Version 32 is the one version whose table spacing is not the rounded-up even division.
        let step = version == 32 ? 26 : ((size - 13) + (2 * count - 3)) / (2 * count - 2) * 2
        return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
    }

    /// Fills the free modules with the codewords' bits (most significant first), in two-module-wide columns
    /// from the bottom-right, snaking up then down, skipping the vertical timing column. Modules
    /// left over are the remainder bits, light.
    mutating func place(codewords: [UInt8]) {
        var index = 0
        var upward = true
        var right = size - 1
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in stride(from: right, through: right - 1, by: -1) where !reserved[y * size + x] {
                    let byte = index / 8
                    dark[y * size + x] = byte < codewords.count && codewords[byte] >> (7 - index % 8) & 1 == 1
                    index += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// A copy with data mask `mask` applied to the free modules and the format information written.
    func masked(_ mask: Int, _ correction: QRCode.Correction) -> Grid {
        var copy = self
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.maskInverts(mask, x: x, y: y) {
                copy.dark[y * size + x].toggle()
            }
        }
        copy.drawFormat(QRCode.formatInformation(correction, mask: mask))
        return copy
    }

    /// The eight mask conditions, with `y` the row and `x` the column.
    private static func maskInverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: return (y + x) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (y + x) % 3 == 0
        case 4: return (y / 2 + x / 3) % 2 == 0
        case 5: return (y * x) % 2 + (y * x) % 3 == 0
        case 6: return ((y * x) % 2 + (y * x) % 3) % 2 == 0
        case 7: return ((y + x) % 2 + (y * x) % 3) % 2 == 0
        default: preconditionFailure("QR masks are numbered 0 through 7")
        }
    }

    /// Both copies of the 15 format bits, bit 0 being the least significant.
    private mutating func drawFormat(_ bits: Int) {
        for bit in 0..<15 {
            let isDark = bits >> bit & 1 == 1
            // Around the top-left finder: down column 8 for bits 0–7, then leftwards along row 8,
            // stepping over the timing patterns.
            switch bit {
            case 0...5: set(8, bit, isDark)
            case 6: set(8, 7, isDark)
            case 7: set(8, 8, isDark)
            case 8: set(7, 8, isDark)
            default: set(14 - bit, 8, isDark)
            }
            // Split between the other two finders: bits 0–7 leftwards from the right edge along
            // row 8, bits 8–14 down column 8 under the dark module.
            if bit < 8 { set(size - 1 - bit, 8, isDark) } else { set(8, size - 15 + bit, isDark) }
        }
    }

    // MARK: Penalty

    /// The standard's four penalty rules; the mask with the lowest total is used. They score the
    /// whole symbol as a reader sees it, function patterns and format information included.
    var penalty: Int {
        var total = 0
        for line in 0..<size {
            let row = Array(dark[line * size..<(line + 1) * size])
            let column = stride(from: line, to: dark.count, by: size).map { dark[$0] }
            total += Self.runPenalty(row) + Self.runPenalty(column)
            total += Self.finderLikePenalty(row) + Self.finderLikePenalty(column)
        }
        // Rule 2: 3 for every 2×2 block of one colour (blocks may overlap).
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour && dark[(y + 1) * size + x] == colour
                    && dark[(y + 1) * size + x + 1] == colour {
                    total += 3
                }
            }
        }
        // Rule 4: 10 for every full 5% the dark share is away from 50%.
        let darkCount = Self.count(of: true, in: dark)
        total += 10 * (abs(20 * darkCount - 10 * dark.count) / dark.count)
        return total
    }

    /// Rule 1: a run of 5 or more modules of one colour costs 3, plus 1 per module past 5.
    private static func runPenalty(_ line: [Bool]) -> Int {
        var total = 0
        var run = 1
        for index in 1...line.count {
            if index < line.count && line[index] == line[index - 1] {
                run += 1
            } else {
                if run >= 5 { total += run - 2 }
                run = 1
            }
        }
        return total
    }

    /// Rule 3: 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) run with four light
    /// modules before or after it, since a reader could take it for a finder. Beyond the edge
    /// counts as light: the quiet zone is.
    private static func finderLikePenalty(_ line: [Bool]) -> Int {
        func isLight(_ range: Range<Int>) -> Bool {
            range.allSatisfy { !line.indices.contains($0) || !line[$0] }
        }
        var total = 0
        for s in 0...(line.count - 7) {
            let isFinderLike = line[s] && !line[s + 1] && line[s + 2] && line[s + 3] && line[s + 4]
                && !line[s + 5] && line[s + 6]
            if isFinderLike && (isLight(s - 4..<s) || isLight(s + 7..<s + 11)) { total += 40 }
        }
        return total
    }
}
