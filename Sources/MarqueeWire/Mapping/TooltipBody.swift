import Foundation
import MarqueeModel

/// The JSON that RInAppMessaging tooltips carry in `messageBody`.
struct TooltipBody: Codable {
    var UIElement: String
    var position: TooltipPosition
    var redirectURL: String?
    var autoDisappear: Int?

    enum CodingKeys: String, CodingKey {
        case UIElement, position, redirectURL
        case autoDisappear = "auto-disappear"
    }

    static let titlePrefix = "[Tooltip]"

    init(_ settings: TooltipSettings) {
        UIElement = settings.targetElementID
        position = settings.position
        redirectURL = settings.redirectURL
        autoDisappear = settings.autoDisappearSeconds
    }

    var settings: TooltipSettings {
        TooltipSettings(targetElementID: UIElement, position: position, redirectURL: redirectURL,
                        autoDisappearSeconds: autoDisappear)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    init?(json: String?) {
        guard let data = json?.data(using: .utf8),
              let body = try? JSONDecoder().decode(TooltipBody.self, from: data) else { return nil }
        self = body
    }
}
