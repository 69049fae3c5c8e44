import Foundation
import MarqueeRender

/// Configuration fixed when the app is built: Info.plist keys on Apple platforms, a JSON file or
/// environment variables on Linux. Values passed to ``MarqueeSDK/configure(subscriptionID:configurationURL:enableTooltipFeature:)`` win.
///
/// | Info.plist key | Environment variable | JSON key |
/// |---|---|---|
/// | `MarqueeSubscriptionID` | `MARQUEE_SUBSCRIPTION_ID` | `subscriptionID` |
/// | `MarqueeConfigurationURL` | `MARQUEE_CONFIGURATION_URL` | `configurationURL` |
/// | `MarqueeEnableTooltipFeature` | `MARQUEE_ENABLE_TOOLTIP_FEATURE` | `enableTooltipFeature` |
/// | `InAppMessagingCustomFontNameTitle` | `MARQUEE_TITLE_FONT` | `titleFontName` |
/// | `InAppMessagingCustomFontNameText` | `MARQUEE_TEXT_FONT` | `textFontName` |
/// | `InAppMessagingCustomFontNameButton` | `MARQUEE_BUTTON_FONT` | `buttonFontName` |
///
/// The three fonts (RInAppMessaging's keys) apply to every message kind wherever neither the
/// campaign nor ``MarqueeSDK/styleDefaults`` names a font.
///
/// On Linux the JSON file is named by `MARQUEE_CONFIGURATION_FILE`; environment variables win over it.
///
/// An app moving from RInAppMessaging keeps its Info.plist as it is: `InAppMessagingAppSubscriptionID`
/// and `InAppMessagingConfigurationURL` are read when the Marquee keys are absent.
public struct BuildConfiguration: Sendable, Hashable, Codable {
    public var subscriptionID: String?
    public var configurationURL: String?
    public var enableTooltipFeature: Bool?
    /// The font of titles (and headers), of body text, and of buttons.
    public var titleFontName: String?
    public var textFontName: String?
    public var buttonFontName: String?

    /// Creates a configuration.
    public init(subscriptionID: String? = nil, configurationURL: String? = nil, enableTooltipFeature: Bool? = nil,
                titleFontName: String? = nil, textFontName: String? = nil, buttonFontName: String? = nil) {
        self.subscriptionID = subscriptionID
        self.configurationURL = configurationURL
        self.enableTooltipFeature = enableTooltipFeature
        self.titleFontName = titleFontName
        self.textFontName = textFontName
        self.buttonFontName = buttonFontName
    }

    /// Reads the build-time configuration of the running app.
    public static func fromBuildSettings() -> BuildConfiguration {
        #if canImport(Darwin)
        return fromInfoDictionary(Bundle.main.infoDictionary ?? [:])
        #else
        return fromEnvironment(ProcessInfo.processInfo.environment)
        #endif
    }

    /// Reads the Info.plist keys.
    public static func fromInfoDictionary(_ info: [String: Any]) -> BuildConfiguration {
        func text(_ key: String) -> String? { (info[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        return BuildConfiguration(subscriptionID: text("MarqueeSubscriptionID") ?? text("InAppMessagingAppSubscriptionID"),
                                  configurationURL: text("MarqueeConfigurationURL") ?? text("InAppMessagingConfigurationURL"),
                                  enableTooltipFeature: info["MarqueeEnableTooltipFeature"] as? Bool,
                                  titleFontName: text("InAppMessagingCustomFontNameTitle"),
                                  textFontName: text("InAppMessagingCustomFontNameText"),
                                  buttonFontName: text("InAppMessagingCustomFontNameButton"))
    }

    /// Reads the environment variables, over the JSON file that `MARQUEE_CONFIGURATION_FILE` names.
    public static func fromEnvironment(_ environment: [String: String]) -> BuildConfiguration {
        var result = BuildConfiguration()
        if let path = environment["MARQUEE_CONFIGURATION_FILE"],
           let data = FileManager.default.contents(atPath: path),
           let file = try? JSONDecoder().decode(BuildConfiguration.self, from: data) {
            result = file
        }
        if let value = environment["MARQUEE_SUBSCRIPTION_ID"], !value.isEmpty { result.subscriptionID = value }
        if let value = environment["MARQUEE_CONFIGURATION_URL"], !value.isEmpty { result.configurationURL = value }
        if let value = environment["MARQUEE_ENABLE_TOOLTIP_FEATURE"] {
            result.enableTooltipFeature = ["1", "true", "yes"].contains(value.lowercased())
        }
        if let value = environment["MARQUEE_TITLE_FONT"], !value.isEmpty { result.titleFontName = value }
        if let value = environment["MARQUEE_TEXT_FONT"], !value.isEmpty { result.textFontName = value }
        if let value = environment["MARQUEE_BUTTON_FONT"], !value.isEmpty { result.buttonFontName = value }
        return result
    }

    /// This configuration with the runtime values laid over it.
    func overridden(subscriptionID: String?, configurationURL: URL?, enableTooltipFeature: Bool?) -> BuildConfiguration {
        var result = self
        result.subscriptionID = subscriptionID ?? self.subscriptionID
        result.configurationURL = configurationURL?.absoluteString ?? self.configurationURL
        result.enableTooltipFeature = enableTooltipFeature ?? self.enableTooltipFeature
        return result
    }

    /// `defaults` with this configuration's fonts wherever they name none, for every kind.
    func fillingFonts(of defaults: StyleDefaults) -> StyleDefaults {
        var filled = defaults
        filled.all.title.fontName = defaults.all.title.fontName ?? titleFontName
        filled.all.body.fontName = defaults.all.body.fontName ?? textFontName
        filled.all.button.fontName = defaults.all.button.fontName ?? buttonFontName
        return filled
    }
}
