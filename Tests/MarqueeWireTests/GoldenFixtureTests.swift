import Foundation
import MarqueeModel
import MarqueeWire
import Testing

@Suite("Golden fixtures round-trip through the wire types")
struct GoldenFixtureTests {
    static func roundTrips<T: Codable>(_ type: T.Type, _ fixture: String) throws {
        let original = try FixtureLoader.data(fixture)
        let value = try MarqueeJSON.decoder().decode(type, from: original)
        let encoded = try MarqueeJSON.encoder().encode(value)
        #expect(try FixtureLoader.sameJSON(original, encoded), "\(fixture) changed: \(String(decoding: encoded, as: UTF8.self))")
    }

    @Test func config() throws {
        try Self.roundTrips(ConfigResponse.self, "config_response")
        try Self.roundTrips(ConfigResponse.self, "config_response_minimal")
    }

    @Test func ping() throws {
        try Self.roundTrips(PingRequest.self, "ping_request")
        try Self.roundTrips(PingRequest.self, "ping_request_marquee")
        try Self.roundTrips(PingResponse.self, "ping_response")
    }

    @Test func displayPermission() throws {
        try Self.roundTrips(DisplayPermissionRequest.self, "display_permission_request")
        try Self.roundTrips(DisplayPermissionResponse.self, "display_permission_response")
    }

    @Test func impression() throws {
        try Self.roundTrips(ImpressionRequest.self, "impression_request")
        try Self.roundTrips(ImpressionRequest.self, "impression_request_marquee")
    }

    @Test func requestsCarryWhatTheProtocolSays() throws {
        let ping = try FixtureLoader.decode(PingRequest.self, "ping_request")
        #expect(UserIdentifierDTO.identity(from: ping.userIdentifiers) == UserIdentity(userID: "member-42", idTrackingIdentifier: "tracker-7"))
        #expect(ping.marqueeCapabilities == nil, "an RInAppMessaging client declares no capabilities")
        let marquee = try FixtureLoader.decode(PingRequest.self, "ping_request_marquee")
        #expect(marquee.marqueeCapabilities?.contains(.bannerMessages) == true)
        #expect(marquee.platform == .ios)
        let impression = try FixtureLoader.decode(ImpressionRequest.self, "impression_request")
        #expect(impression.impressions.map(\.type) == [.impression, .actionOne])
    }

    @Test func unknownCodesFailToDecode() {
        let json = Data(#"{"type": 8, "timestamp": 1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ImpressionDTO.self, from: json) }
    }
}
