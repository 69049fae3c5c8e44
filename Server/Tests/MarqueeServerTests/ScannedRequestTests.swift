import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// Every key of a body that ``JSONScanner`` reads has a case in its scanner. A sample of each
/// body sets every property (a check below fails when a new property is left unset), the SDK's
/// encoder writes it, and the scanner must read it back to what `JSONDecoder` reads: a key the
/// scanner lacks makes it give up, and every such request would be decoded twice.
@Suite("Scanned request bodies")
struct ScannedRequestTests {
    static let identifiers = [UserIdentifierDTO(id: "user-1", type: .userID),
                              UserIdentifierDTO(id: "tracking-1", type: .idTrackingIdentifier)]

    static let ping = PingRequest(
        userIdentifiers: identifiers, appVersion: "2.1.0", supportedCampaignTypes: [.regular, .pushPrimer],
        rmcSdkVersion: "8.0.0", marqueeCapabilities: Capability.all, locale: "ja-JP", platform: .ios,
        marqueeFingerprint: "f1e2d3", marqueeLanguage: "ja")

    static let impression = ImpressionRequest(
        campaignId: "campaign-1", isTest: false, appVersion: "2.1.0", sdkVersion: "1.1.0",
        impressions: [ImpressionDTO(type: .pageView, timestamp: 1_700_000_000_000, marqueePage: 2)],
        userIdentifiers: identifiers, rmcSdkVersion: "8.0.0", batchId: "batch-1", marqueeVariant: "control")

    @Test func theSamplesSetEveryProperty() {
        #expect(Self.unsetProperties(of: Self.ping, at: "PingRequest") == [])
        #expect(Self.unsetProperties(of: Self.impression, at: "ImpressionRequest") == [])
    }

    @Test func thePingScannerReadsEveryKeyTheSDKWrites() throws {
        try Self.expectScannerReadsEveryKey(of: Self.ping)
    }

    @Test func theImpressionScannerReadsEveryKeyTheSDKWrites() throws {
        try Self.expectScannerReadsEveryKey(of: Self.impression)
    }

    static func expectScannerReadsEveryKey<Body: ScannedJSON & Codable & Equatable>(
        of sample: Body, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try MarqueeJSON.encoder().encode(sample)
        let decoded = try MarqueeJSON.decoder().decode(Body.self, from: bytes)
        let scanned = Body.scanned(from: Array(bytes))
        #expect(scanned != nil, "the scanner gave up on \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(scanned == decoded, sourceLocation: sourceLocation)
    }

    /// The paths of the optional properties left `nil`, and of the arrays left empty, in `value`
    /// and everything it holds.
    static func unsetProperties(of value: Any, at path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return unsetProperties(of: wrapped, at: path)
        case .collection where mirror.children.isEmpty:
            return [path + "[]"]
        default:
            return mirror.children.enumerated().flatMap { index, child in
                unsetProperties(of: child.value, at: "\(path).\(child.label ?? "\(index)")")
            }
        }
    }
}
