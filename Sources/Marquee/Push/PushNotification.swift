import Foundation
import MarqueeModel
import MarqueeWire

/// What the SDK reads from a push notification's payload (`userInfo`): the campaign or push it
/// came from, and an in-app message it carries in Acoustic's `inApp` object.
struct PushNotification {
    /// `marquee.campaignID`, else `campaignID`/`campaignId`, else `pushID`/`pushId`.
    var pushID: String?
    /// The message carried in `inApp` (an object, or its JSON as text), as a rule campaign, or
    /// why it cannot be shown; `nil` without `inApp`.
    var message: Result<Campaign, MarqueeError>?

    init(userInfo: [AnyHashable: Any]) {
        let marquee = userInfo["marquee"] as? [String: Any]
        pushID = [marquee?["campaignID"], userInfo["campaignID"], userInfo["campaignId"], userInfo["pushID"], userInfo["pushId"]]
            .lazy.compactMap { $0 as? String }.first { !$0.isEmpty }
        message = userInfo["inApp"].map { inApp in Result { () throws(MarqueeError) in try Self.campaign(from: inApp) } }
    }

    /// The rule campaign of an `inApp` value; its ID is a hash of its content, so the same
    /// message delivered twice is one message.
    private static func campaign(from inApp: Any) throws(MarqueeError) -> Campaign {
        do {
            // Sorted keys: the same message has the same ID however the payload was built.
            let data = if let text = inApp as? String { Data(text.utf8) }
                else { try JSONSerialization.data(withJSONObject: inApp, options: [.sortedKeys]) }
            guard let payload = try AcousticInApp.from(json: data) else {
                throw MarqueeError.invalidPushMessage("inApp names no rules")
            }
            return try payload.campaign(id: "push-" + String(StableHash.mixed(String(decoding: data, as: UTF8.self)), radix: 16))
        } catch let error as MarqueeError {
            throw error
        } catch let error as AcousticImportError {
            throw .invalidPushMessage(error.description)
        } catch {
            throw .invalidPushMessage("inApp is not readable: \(error)")
        }
    }
}
