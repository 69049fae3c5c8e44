import Foundation
import MarqueeModel

/// What stops an Acoustic in-app message from becoming a campaign: each problem with its field.
public struct AcousticImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var issues: [ValidationIssue]

    public var description: String {
        "the in-app message cannot be used: " + issues.map(\.description).joined(separator: "; ")
    }
}

extension AcousticInApp {
    /// Acoustic's built-in templates and the Marquee kinds they become.
    public enum Template: String, Sendable, CaseIterable {
        /// The banner (iOS `MCEInAppBannerTemplate`, Android `MiniTemplate`); also named `banner` or `mini`.
        case `default`
        case image
        case video

        init?(name: String) {
            switch name.lowercased() {
            case "default", "banner", "mini": self = .default
            case "image": self = .image
            case "video": self = .video
            default: return nil
            }
        }
    }

    /// Seconds a banner or image stays when `duration` is not given, as in Acoustic's templates;
    /// a `duration` of 0 keeps it until the user closes it.
    public static let defaultDuration: Double = 5
    /// A default banner's background when it names none: Acoustic's `#ff5886fa` (alpha first), an opaque blue.
    public static let defaultBannerColor = HexColor("#5886FA")!

    /// A colour as Acoustic writes it: `#RRGGBB`, or `#AARRGGBB` with the alpha first (Android's
    /// `Color.parseColor` order, as in the default `#ff5886fa`), which Marquee stores as `#RRGGBBAA`.
    public static func color(_ text: String) -> HexColor? {
        guard let color = HexColor(text) else { return nil }
        let digits = color.hex.dropFirst()
        guard digits.count == 8 else { return color }
        return HexColor("#" + digits.dropFirst(2) + digits.prefix(2))
    }

    /// The campaign this message is: shown on any of its rules (``MarqueeModel/EventKind/rule``
    /// events, `executeRule`), at most `maxViews` times (default 1), from `triggerDate` until
    /// `expirationDate`, with its `actions` as the message's extras. Active, so a device holding
    /// it can show it at once.
    public func campaign(id: String, name: String? = nil) throws(AcousticImportError) -> Campaign {
        var issues: [ValidationIssue] = []
        func problem(_ field: String, _ message: String) { issues.append(ValidationIssue(field: field, message: message)) }

        let ruleNames = (rules ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if ruleNames.isEmpty { problem("rules", "name at least one rule; the app shows the message with executeRule") }
        let views = maxViews ?? 1
        if views < 1 { problem("maxViews", "must be at least 1") }
        let template = Template(name: self.template ?? Template.default.rawValue)
        if template == nil {
            problem("template", "'\(self.template ?? "")' is not a template Marquee shows; use default (banner), image or video")
        }
        let start = date(triggerDate, field: "triggerDate", problem)
        let end = date(expirationDate, field: "expirationDate", problem)
        if let start, let end, end <= start { problem("expirationDate", "must be after triggerDate") }
        guard let content else {
            problem("content", "is required")
            throw AcousticImportError(issues: issues)
        }
        var message = template.map { content.message($0, problem) }
        message?.extras = extras(problem)
        guard let message, issues.isEmpty else { throw AcousticImportError(issues: issues) }

        let campaign = Campaign(
            id: id, name: name ?? "Acoustic in-app: \(ruleNames.joined(separator: ", "))", status: .active, message: message,
            triggers: TriggerSet(match: .any, triggers: ruleNames.map { Trigger(.rule, name: $0) }),
            delivery: DeliveryRules(startTime: start, endTime: end, maxImpressions: views))
        let invalid = campaign.validationIssues(frequencyCapIDs: [])
        guard invalid.isEmpty else { throw AcousticImportError(issues: invalid) }
        return campaign
    }

    /// ``actions`` by name; each needs a name of its own.
    private func extras(_ problem: (String, String) -> Void) -> [String: String] {
        var extras: [String: String] = [:]
        for (index, action) in (actions ?? []).enumerated() {
            guard let name = action.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
                problem("actions[\(index)].name", "is required")
                continue
            }
            guard extras[name] == nil else {
                problem("actions[\(index)].name", "'\(name)' is named twice")
                continue
            }
            extras[name] = action.value ?? ""
        }
        return extras
    }

    private func date(_ text: String?, field: String, _ problem: (String, String) -> Void) -> Date? {
        guard let text else { return nil }
        guard let date = MarqueeJSON.parseDate(text) else {
            problem(field, "'\(text)' is not an ISO 8601 time such as 2026-11-01T09:00:00Z")
            return nil
        }
        return date
    }
}

extension AcousticInApp.Content {
    /// The message of `template` from this content; problems go to `problem`.
    func message(_ template: AcousticInApp.Template, _ problem: (String, String) -> Void) -> Message {
        func required(_ value: String?, _ field: String) -> String {
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                problem("content.\(field)", "is required for this template")
                return ""
            }
            return value
        }
        func hex(_ text: String?, _ field: String, fallback: HexColor) -> HexColor {
            guard let text else { return fallback }
            guard let color = AcousticInApp.color(text) else {
                problem("content.\(field)", "'\(text)' is not a colour such as #FFFFFF")
                return fallback
            }
            return color
        }
        // 0 means "until closed"; missing means the template's default.
        var closesAfter: Double? = AcousticInApp.defaultDuration
        if let duration {
            if duration < 0 { problem("content.duration", "must not be negative") }
            closesAfter = duration > 0 ? duration : nil
        }
        let ink = hex(foreground, "foreground", fallback: .black)
        let paper = template == .default ? AcousticInApp.defaultBannerColor : .white
        let colors = MessageColors(title: ink, body: ink, background: hex(color, "color", fallback: paper))
        var message: Message
        switch template {
        case .default:
            let placement: BannerPlacement
            switch orientation?.lowercased() {
            case nil, "bottom": placement = .bottom
            case "top": placement = .top
            case let other?:
                problem("content.orientation", "'\(other)' is neither top nor bottom")
                placement = .bottom
            }
            var icon: BannerIcon?
            if let name = self.icon {
                icon = BannerIcon(rawValue: name.lowercased())
                if icon == nil {
                    problem("content.icon", "'\(name)' is not one of \(BannerIcon.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            message = Message(kind: .banner, title: required(text, "text"), colors: colors,
                              banner: BannerSettings(placement: placement, icon: icon, backgroundImageURL: mainImage,
                                                     autoCloseSeconds: closesAfter))
        case .image:
            message = Message(kind: .image, title: title ?? "", body: text, colors: colors,
                              image: MessageImage(url: required(image, "image")),
                              media: MediaSettings(autoCloseSeconds: closesAfter))
        case .video:
            // A video closes when it ends unless a duration says otherwise.
            message = Message(kind: .video, title: title ?? "", body: text, colors: colors,
                              media: MediaSettings(videoURL: required(video, "video"), autoCloseSeconds: duration == nil ? nil : closesAfter))
        }
        message.contentAction = action?.messageAction(problem)
        return message
    }
}

extension AcousticInApp.Action {
    /// Acoustic's `url`, `dial` and `openApp` actions; others are the app's own and are refused.
    func messageAction(_ problem: (String, String) -> Void) -> MessageAction? {
        switch type?.lowercased() {
        case "url":
            guard let value, !value.isEmpty else {
                problem("content.action.value", "a url action needs the address")
                return nil
            }
            return MessageAction(.openURL, uri: value)
        case "dial":
            guard let value, !value.isEmpty else {
                problem("content.action.value", "a dial action needs the number")
                return nil
            }
            // The system opens tel: links, as it does an app's own deep links.
            return MessageAction(.deepLink, uri: "tel:\(value.filter { !$0.isWhitespace })")
        case "openapp":
            return MessageAction(.close)
        case let other:
            problem("content.action.type", "'\(other ?? "")' is not an action Marquee runs; use url, dial or openApp")
            return nil
        }
    }
}
