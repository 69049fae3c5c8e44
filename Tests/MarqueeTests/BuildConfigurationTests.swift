import Foundation
import Marquee
import Testing

/// Build-time configuration: Marquee's own keys, RInAppMessaging's Info.plist keys for apps that
/// move over, and the environment on Linux.
@Suite struct BuildConfigurationTests {
    @Test func rInAppMessagingInfoPlistKeysAreReadWhenMarqueeKeysAreAbsent() {
        let migrated = BuildConfiguration.fromInfoDictionary([
            "InAppMessagingAppSubscriptionID": "rakuten-sub",
            "InAppMessagingConfigurationURL": "https://iam.example.com/v1/config",
        ])
        #expect(migrated == BuildConfiguration(subscriptionID: "rakuten-sub", configurationURL: "https://iam.example.com/v1/config"))

        let both = BuildConfiguration.fromInfoDictionary([
            "InAppMessagingAppSubscriptionID": "rakuten-sub", "MarqueeSubscriptionID": "marquee-sub",
            "InAppMessagingConfigurationURL": "https://old.example.com", "MarqueeConfigurationURL": "",
            "MarqueeEnableTooltipFeature": true,
        ])
        #expect(both.subscriptionID == "marquee-sub", "Marquee's key wins")
        #expect(both.configurationURL == "https://old.example.com", "an empty Marquee value counts as absent")
        #expect(both.enableTooltipFeature == true)
    }

    @Test func theCustomFontKeysAreRead() {
        let fonts = BuildConfiguration.fromInfoDictionary([
            "InAppMessagingCustomFontNameTitle": "Georgia", "InAppMessagingCustomFontNameText": "",
            "InAppMessagingCustomFontNameButton": "Futura",
        ])
        #expect(fonts == BuildConfiguration(titleFontName: "Georgia", buttonFontName: "Futura"))
        let linux = BuildConfiguration.fromEnvironment(["MARQUEE_TITLE_FONT": "Georgia", "MARQUEE_TEXT_FONT": "Palatino"])
        #expect(linux == BuildConfiguration(titleFontName: "Georgia", textFontName: "Palatino"))
    }

    @Test func environmentVariablesWinOverTheConfigurationFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-build-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"subscriptionID": "from-file", "configurationURL": "https://file.example.com"}"#.utf8).write(to: file)
        let configuration = BuildConfiguration.fromEnvironment([
            "MARQUEE_CONFIGURATION_FILE": file.path, "MARQUEE_SUBSCRIPTION_ID": "from-env", "MARQUEE_ENABLE_TOOLTIP_FEATURE": "yes",
        ])
        #expect(configuration == BuildConfiguration(subscriptionID: "from-env", configurationURL: "https://file.example.com",
                                                    enableTooltipFeature: true))
    }
}
