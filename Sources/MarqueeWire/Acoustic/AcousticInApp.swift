import Foundation
import MarqueeModel

/// An in-app message in Acoustic's shape: the `inApp` object a push notification carries, which
/// the SDK keeps for ``MarqueeModel/EventKind/rule`` events (`executeRule`) and the admin API
/// imports as a campaign.
///
/// ```json
/// {"rules": ["launch", "all"], "maxViews": 5, "template": "default",
///  "content": {"text": "Your pizza is on its way", "icon": "notification", "orientation": "top",
///              "duration": 10, "action": {"type": "url", "value": "https://example.com"}},
///  "triggerDate": "2026-11-01T00:00:00Z", "expirationDate": "2026-12-01T00:00:00.000+00:00"}
/// ```
///
/// Decoding keeps what was sent (every field optional, numbers given as text accepted); what it
/// means is decided by ``campaign(id:name:)``, which names each problem with its field.
public struct AcousticInApp: Sendable, Hashable, Decodable {
    public var rules: [String]?
    public var maxViews: Int?
    public var template: String?
    public var content: Content?
    public var triggerDate: String?
    public var expirationDate: String?
    /// Named values for the app (`[{"name": …, "value": …}]`): the campaign's message carries
    /// them as its ``MarqueeModel/Message/extras``, handed to the app with the message.
    public var actions: [NamedValue]?

    /// One of ``actions``.
    public struct NamedValue: Sendable, Hashable, Decodable {
        public var name: String?
        public var value: String?
    }

    public struct Content: Sendable, Hashable, Decodable {
        public var title: String?
        public var text: String?
        public var image: String?
        public var video: String?
        public var mainImage: String?
        public var icon: String?
        public var color: String?
        public var foreground: String?
        public var orientation: String?
        public var duration: Double?
        public var action: Action?

        enum CodingKeys: String, CodingKey {
            case title, text, image, video, mainImage, icon, color, foreground, orientation, duration, action
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            title = try c.decodeIfPresent(String.self, forKey: .title)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            image = try c.decodeIfPresent(String.self, forKey: .image)
            video = try c.decodeIfPresent(String.self, forKey: .video)
            mainImage = try c.decodeIfPresent(String.self, forKey: .mainImage)
            icon = try c.decodeIfPresent(String.self, forKey: .icon)
            color = try c.decodeIfPresent(String.self, forKey: .color)
            foreground = try c.decodeIfPresent(String.self, forKey: .foreground)
            orientation = try c.decodeIfPresent(String.self, forKey: .orientation)
            duration = try c.decodeLenientNumber(forKey: .duration)
            action = try c.decodeIfPresent(Action.self, forKey: .action)
        }
    }

    /// What tapping the message does, as Acoustic's notification actions name it.
    public struct Action: Sendable, Hashable, Decodable {
        public var type: String?
        public var value: String?
    }

    enum CodingKeys: String, CodingKey { case rules, maxViews, template, content, triggerDate, expirationDate, actions }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rules = try c.decodeIfPresent([String].self, forKey: .rules)
        maxViews = try c.decodeLenientNumber(forKey: .maxViews).map { Int($0) }
        template = try c.decodeIfPresent(String.self, forKey: .template)
        content = try c.decodeIfPresent(Content.self, forKey: .content)
        triggerDate = try c.decodeIfPresent(String.self, forKey: .triggerDate)
        expirationDate = try c.decodeIfPresent(String.self, forKey: .expirationDate)
        actions = try c.decodeIfPresent([NamedValue].self, forKey: .actions)
    }

    /// Reads the in-app message from a push payload (`{"aps": …, "inApp": {…}}`) or from the
    /// `inApp` object alone; `nil` when `json` holds neither.
    public static func from(json data: Data) throws -> AcousticInApp? {
        let envelope = try JSONDecoder().decode(Envelope.self, from: data)
        return envelope.inApp ?? envelope.bare
    }

    private struct Envelope: Decodable {
        var inApp: AcousticInApp?
        var bare: AcousticInApp?

        enum CodingKeys: String, CodingKey { case inApp, rules }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            inApp = try c.decodeIfPresent(AcousticInApp.self, forKey: .inApp)
            bare = c.contains(.rules) ? try AcousticInApp(from: decoder) : nil
        }
    }
}

extension KeyedDecodingContainer {
    /// A number sent as a number or as its text (`5` or `"5"`), as hand-written payloads do.
    func decodeLenientNumber(forKey key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Double.self, forKey: key) { return number }
        let text = try decode(String.self, forKey: key)
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a number")
        }
        return number
    }
}
