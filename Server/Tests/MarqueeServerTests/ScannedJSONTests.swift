import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// The impression body every device sends is read by ``JSONScanner``: for every body it accepts
/// it gives exactly what `JSONDecoder` gives, and it declines (leaving the body to `JSONDecoder`)
/// whatever is not the plain form.
@Suite("Scanned request bodies")
struct ScannedJSONTests {
    func decoded(_ text: String) throws -> ImpressionRequest {
        try MarqueeJSON.decoder().decode(ImpressionRequest.self, from: Data(text.utf8))
    }

    func scanned(_ text: String) -> ImpressionRequest? {
        ImpressionRequest.scanned(from: Array(text.utf8))
    }

    /// Strings with every kind of character JSON escapes, and some it need not.
    static let awkward = ["", "plain", "quote \" and backslash \\", "slash / and \u{7F}", "tab\tnew\nline\r",
                          "bell \u{07} nul \u{00}", "é and ü", "emoji 😀 and 𝄞", "日本語", String(repeating: "long ", count: 200)]

    @Test func bodiesJSONEncoderWritesAreReadAsJSONDecoderReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let text = { Self.awkward.randomElement(using: &generator)! }
            let request = ImpressionRequest(
                campaignId: text(), isTest: Bool.random(using: &generator), appVersion: text(), sdkVersion: text(),
                impressions: (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    ImpressionDTO(type: ImpressionTypeCode.allCases.randomElement(using: &generator)!,
                                  timestamp: Int64.random(in: Int64.min...Int64.max, using: &generator))
                },
                userIdentifiers: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    UserIdentifierDTO(id: text(), type: UserIdentifierTypeCode.allCases.randomElement(using: &generator)!)
                },
                rmcSdkVersion: Bool.random(using: &generator) ? text() : nil,
                batchId: Bool.random(using: &generator) ? text() : nil,
                marqueeVariant: Bool.random(using: &generator) ? text() : nil)
            let encoder = JSONEncoder()
            encoder.outputFormatting = round.isMultiple(of: 2) ? [.prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
            let body = String(decoding: try encoder.encode(request), as: UTF8.self)
            let result = try #require(scanned(body), "\(body)")
            #expect(result == (try decoded(body)))
            #expect(result == request)
        }
    }

    @Test func escapesNullsAndUnknownIdentifierTypesReadAsJSONDecoderReadsThem() throws {
        let body = #"""
            { "campaignId" : "a\"b\\c\/d\u00e9\ud83d\ude00\n" , "isTest":false,"appVersion":"1","sdkVersion":"2",
              "impressions":[{"timestamp":-0,"type":1},{"type":6,"timestamp":-9223372036854775808}],
              "userIdentifiers":[{"id":"u","type":99},{"type":3,"id":""}],
              "rmcSdkVersion":null,"batchId":"b","marqueeVariant":null }
            """#
        let result = try #require(scanned(body))
        #expect(result == (try decoded(body)))
        #expect(result.campaignId == "a\"b\\c/dé😀\n")
        #expect(result.userIdentifiers.first?.type == .invalid)
        #expect(result.impressions.last?.timestamp == .min)
    }

    @Test(arguments: [
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[],"extra":1}"#,
        #"{"campaignId":"c","campaignId":"d","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[{"type":1,"timestamp":1.0}],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[{"type":1,"timestamp":1e3}],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[{"type":1,"timestamp":01}],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[{"type":1,"timestamp":9223372036854775808}],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[{"type":9,"timestamp":1}],"userIdentifiers":[]}"#,
        #"{"campaignId":"\ud800","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]}"#,
        "{\"campaignId\":\"tab\there\",\"isTest\":false,\"appVersion\":\"1\",\"sdkVersion\":\"2\",\"impressions\":[],\"userIdentifiers\":[]}",
        #"{"campaignId":null,"isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":0,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]}"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[]} x"#,
        #"{"campaignId":"c","isTest":false,"appVersion":"1","sdkVersion":"2","impressions":[],"userIdentifiers":[],}"#,
        #"[]"#,
    ])
    func bodiesNotInThePlainFormAreLeftToJSONDecoder(_ body: String) {
        #expect(scanned(body) == nil)
    }

    @Test func pingBodiesAreReadAsJSONDecoderReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let text = { Self.awkward.randomElement(using: &generator)! }
            let maybe = { (value: String) in Bool.random(using: &generator) ? value : nil }
            let request = PingRequest(
                userIdentifiers: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    UserIdentifierDTO(id: text(), type: UserIdentifierTypeCode.allCases.randomElement(using: &generator)!)
                },
                appVersion: text(),
                supportedCampaignTypes: Bool.random(using: &generator) ? [.regular, .pushPrimer].filter { _ in Bool.random() } : nil,
                rmcSdkVersion: maybe(text()), marqueeCapabilities: Bool.random(using: &generator) ? Capability.all.filter { _ in Bool.random() } : nil,
                locale: maybe(text()), platform: Bool.random(using: &generator) ? Platform.allCases.randomElement() : nil,
                marqueeFingerprint: maybe(text()))
            let encoder = JSONEncoder()
            encoder.outputFormatting = round.isMultiple(of: 2) ? [.prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
            let body = String(decoding: try encoder.encode(request), as: UTF8.self)
            let result = try #require(PingRequest.scanned(from: Array(body.utf8)), "\(body)")
            #expect(result == (try MarqueeJSON.decoder().decode(PingRequest.self, from: Data(body.utf8))))
            #expect(result == request)
        }
    }

    @Test func pingBodiesOutOfThePlainFormAreLeftToJSONDecoder() throws {
        let base = #""userIdentifiers":[],"appVersion":"1.0""#
        let declined = [
            #"{\#(base),"supportedCampaignTypes":[1,9],"unknown":1}"#,     // an unknown key
            #"{\#(base),"marqueeFingerprint":7}"#,                          // lenient: read as no fingerprint
            #"{\#(base),"appVersion":"2.0"}"#,                              // a repeated key
            #"{\#(base),"supportedCampaignTypes":[1.5]}"#,                  // a fraction
        ]
        for body in declined {
            #expect(PingRequest.scanned(from: Array(body.utf8)) == nil, "\(body)")
        }
        let unknownCodes = try #require(PingRequest.scanned(from: Array(#"{\#(base),"supportedCampaignTypes":[1,9],"platform":"tv"}"#.utf8)))
        #expect(unknownCodes.supportedCampaignTypes == [.regular])
        #expect(unknownCodes.platform == nil)
    }
}
