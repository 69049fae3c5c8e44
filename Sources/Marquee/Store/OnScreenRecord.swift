/// The campaigns on screen right now, saved when a display starts and when it ends. An entry left
/// at the next launch means the app was killed during that display: it is reported as
/// ``DisplayResolution/interrupted`` and, as RInAppMessaging does, not counted as an impression.
struct OnScreenRecord: Sendable, Hashable, Codable {
    struct Entry: Sendable, Hashable, Codable {
        var campaignID: String
        /// The user the campaign was shown to (whose bucket holds it).
        var identityKey: String
        /// The display within its launch, so the right entry is cleared when it ends.
        var token: Int
    }

    var entries: [Entry] = []

    static let fileName = "on-screen.json"
}
