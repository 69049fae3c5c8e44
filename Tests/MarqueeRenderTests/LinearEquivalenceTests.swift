@testable import MarqueeRender
import Testing

/// The linear-time text passes produce exactly what the straightforward versions produced, on
/// thousands of random inputs from a seeded generator (a failure names its input and reproduces).
@Suite("Linear-time rewrites match the straightforward versions")
struct LinearEquivalenceTests {
    private static let cases = 3_000
    private static let values = ["first_name": "Ada <&> \"'", "a.b-c_d": "", "x": "1"]

    /// Random text, now and then with a long run of one piece and no spaces (an unbreakable word).
    private func text(using random: inout SplitMix64) -> String {
        var text = RandomText.make(using: &random)
        if Int.random(in: 0..<4, using: &random) == 0 {
            let piece = RandomText.pieces.randomElement(using: &random)!
            text += String(repeating: piece, count: Int.random(in: 1...60, using: &random))
            text += RandomText.make(using: &random, maximumPieces: 5)
        }
        return text
    }

    @Test("wrapping matches the reference for widths 2…80")
    func wrapping() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<Self.cases {
            let input = text(using: &random)
            let width = Int.random(in: 2...80, using: &random)
            #expect(TextWrapper.wrap(input, width: width) == ReferenceTextWrapper.wrap(input, width: width),
                    "width \(width): \(input.debugDescription)")
        }
    }

    @Test("truncating matches the reference for widths 0…80")
    func truncating() {
        var random = SplitMix64(seed: 2)
        for _ in 0..<Self.cases {
            let input = text(using: &random)
            let width = Int.random(in: 0...80, using: &random)
            #expect(TextWrapper.truncate(input, width: width) == ReferenceTextWrapper.truncate(input, width: width),
                    "width \(width): \(input.debugDescription)")
        }
    }

    @Test("tokenizing matches the reference, with work at most a few steps per byte")
    func tokenizing() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<Self.cases {
            let input = text(using: &random)
            var work = 0
            let tokens = HTMLTokenizer.tokens(in: input, work: &work)
            #expect(tokens == ReferenceHTMLTokenizer.tokens(in: input), "\(input.debugDescription)")
            #expect(work <= LinearWorkTests.tokenizerStepsPerByte * (input.utf8.count + 1), "\(input.debugDescription)")
        }
    }

    @Test("link extraction matches the reference")
    func links() {
        var random = SplitMix64(seed: 4)
        for _ in 0..<Self.cases {
            let input = text(using: &random)
            #expect(HTMLLinkClassifier.links(in: input) == ReferenceHTMLLinks.links(in: input), "\(input.debugDescription)")
        }
    }

    @Test("placeholder filling and naming match the reference")
    func placeholders() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<Self.cases {
            let input = text(using: &random)
            #expect(Personalizer.fill(input, values: Self.values)
                    == ReferenceTextFilters.fill(input, values: Self.values, html: false), "\(input.debugDescription)")
            #expect(Personalizer.fill(input, values: Self.values, encoding: .html)
                    == ReferenceTextFilters.fill(input, values: Self.values, html: true), "\(input.debugDescription)")
            #expect(Personalizer.placeholderNames(in: input) == ReferenceTextFilters.placeholderNames(in: input),
                    "\(input.debugDescription)")
        }
    }

    @Test("HTML escaping and the frame's script hashes match the references")
    func escapingAndScripts() {
        var random = SplitMix64(seed: 6)
        for _ in 0..<Self.cases {
            let input = text(using: &random) + (Int.random(in: 0..<8, using: &random) == 0 ? "\u{0}" : "")
            // Byte for byte: String equality would forgive a change of normalization.
            #expect(Array(HTMLEscaping.escape(input).utf8) == Array(ReferenceTextFilters.escape(input).utf8),
                    "\(input.debugDescription)")
            #expect(FrameDocument(input).scriptSources == ReferenceTextFilters.scriptSources(in: input),
                    "\(input.debugDescription)")
        }
    }
}
