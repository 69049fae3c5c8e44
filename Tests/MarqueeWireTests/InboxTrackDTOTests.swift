import Foundation
import MarqueeModel
import MarqueeWire
import Testing

@Suite("Inbox tracking events on the wire")
struct InboxTrackDTOTests {
    @Test func anEventWithoutTheFlagReadsAsTrackedUnderConsent() throws {
        let json = #"{"id": "e1", "messageID": "m1", "interaction": "opened", "timestamp": 5}"#
        let event = try MarqueeJSON.decoder().decode(InboxTrackingEvent.self, from: Data(json.utf8))
        #expect(event == InboxTrackingEvent(id: "e1", messageID: "m1", interaction: .opened, timestamp: 5))
        #expect(event.withoutTrackingConsent == false)
    }

    @Test func theFlagIsSentOnlyWhenSet() throws {
        let plain = InboxTrackingEvent(id: "e1", messageID: "m1", interaction: .opened, timestamp: 5)
        let forced = InboxTrackingEvent(id: "e2", messageID: "m1", interaction: .clicked, url: "https://example.com",
                                        timestamp: 6, withoutTrackingConsent: true)
        let plainJSON = String(decoding: try MarqueeJSON.encoder().encode(plain), as: UTF8.self)
        let forcedJSON = String(decoding: try MarqueeJSON.encoder().encode(forced), as: UTF8.self)
        #expect(!plainJSON.contains("withoutTrackingConsent"), "ordinary events look as they always did")
        #expect(forcedJSON.contains(#""withoutTrackingConsent":true"#))
        #expect(try MarqueeJSON.decoder().decode(InboxTrackingEvent.self, from: Data(forcedJSON.utf8)) == forced)
    }
}
