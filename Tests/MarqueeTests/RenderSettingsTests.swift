import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import Testing

/// Collects what a terminal presenter writes.
private final class Output: @unchecked Sendable {
    // @unchecked Sendable: `text` is only touched while `lock` is held.
    private let lock = NSLock()
    private var blocks: [String] = []

    func append(_ block: String) { lock.withLock { blocks.append(block) } }
    var text: String { lock.withLock { blocks.joined(separator: "\n") } }
}

@MainActor
@Suite("Style defaults and strings through the SDK")
struct RenderSettingsTests {
    @Test func registeredPresentersRenderWithTheAppsStyleDefaultsAndLanguage() async throws {
        let harness = Harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        var defaults = StyleDefaults()
        defaults[.modal].maxWidth = 360
        defaults.all.title.fontName = "Avenir Next"
        harness.sdk.styleDefaults = defaults
        harness.sdk.language = "de-AT"
        await harness.start()

        harness.sdk.present(message: Message(kind: .modal, title: "Hallo"))
        await harness.sdk.waitUntilIdle()

        let options = try #require(presenter.renderOptions.first)
        #expect(options.styleDefaults == defaults)
        #expect(options.strings == .german)
        let html = HTMLRenderer(options: options).render(try #require(presenter.displayed.first).message)
        #expect(html.contains("max-width: min(100%, 360px)"))
        #expect(html.contains(#"aria-label="Schließen""#))
        #expect(harness.errors.errors.isEmpty)
    }

    @Test func marqueesWordsSpeakTheUsersLanguageWithTheAppsOwnInPlace() async throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-strings-\(UUID().uuidString).bundle")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let table = bundle.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: table, withIntermediateDirectories: true)
        try #"""
            "MarqueeInbox.title" = "Mitteilungen";
            "MarqueeInbox.unreadCount" = "%d neu (%@)";
            "Marquee.close" = "Zumachen";
            """#.write(to: table.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)

        let harness = Harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.language = "de-AT"
        harness.sdk.stringsBundle = try #require(Bundle(url: bundle))
        await harness.start()

        let labels = harness.sdk.currentInboxLabels
        #expect(labels.title == "Mitteilungen", "the app's word")
        #expect(labels.unreadCount == InboxLabels.german.unreadCount, "a count's text that would not format is ignored")
        #expect(labels.retry == "Erneut versuchen", "Marquee's German otherwise")

        harness.sdk.present(message: Message(kind: .modal, title: "Hallo"))
        await harness.sdk.waitUntilIdle()
        let strings = try #require(presenter.renderOptions.first?.strings)
        #expect(strings.close == "Zumachen" && strings.optOut == RenderStrings.german.optOut, "messages take the app's words too")

        harness.sdk.language = "pt-BR"
        harness.sdk.inboxLabels["pt"] = InboxLabels.french
        #expect(harness.sdk.currentInboxLabels.retry == "Réessayer", "a language the app added")
    }

    @Test func theInfoPlistFontsApplyWhereNeitherTheCampaignNorTheStyleDefaultsNameOne() async throws {
        let build = BuildConfiguration.fromInfoDictionary([
            "InAppMessagingCustomFontNameTitle": "Georgia",
            "InAppMessagingCustomFontNameText": "Palatino",
            "InAppMessagingCustomFontNameButton": "Futura",
        ])
        let harness = Harness(build: build)
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.styleDefaults.all.body.fontName = "Avenir"
        harness.sdk.styleDefaults[.slideUp].button.fontName = "Menlo"
        await harness.start()

        harness.sdk.present(message: Message(kind: .modal, title: "Plain", body: "Text", buttons: [MessageButton(id: "ok", text: "OK")]))
        harness.sdk.present(message: Message(kind: .modal, title: "Branded", appearance: Appearance(titleFont: "Didot")))
        await harness.sdk.waitUntilIdle()
        let plain = try #require(presenter.renderOptions.first).styleDefaults
        #expect(plain.style(for: .modal).title.fontName == "Georgia", "the build's title font")
        #expect(plain.style(for: .modal).body.fontName == "Avenir", "the style defaults win over the build")
        #expect(plain.style(for: .modal).button.fontName == "Futura")
        #expect(plain.style(for: .slideUp).button.fontName == "Menlo", "a kind's own font wins too")
        let html = HTMLRenderer(options: try #require(presenter.renderOptions.first)).render(try #require(presenter.displayed.first).message)
        #expect(html.contains("Georgia") && html.contains("Futura"))

        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(60)
        let branded = try #require(presenter.displayed.last)
        #expect(branded.message.title == "Branded")
        let brandedHTML = HTMLRenderer(options: try #require(presenter.renderOptions.last)).render(branded.message)
        #expect(brandedHTML.contains("Didot"), "the campaign's font wins over everything")
    }

    @Test func theTerminalPresenterDrawsInTheDevicesLanguageAndTheAppsColours() async {
        let harness = Harness()
        let output = Output()
        let presenter = TerminalPresenter(width: 50, useColor: true, write: output.append)
        harness.sdk.register(presenter: presenter)
        harness.sdk.localizedStrings["en"] = RenderStrings(close: "Dismiss", optOut: "Never again", videoUnavailable: "No video")
        harness.sdk.styleDefaults.all.title.color = HexColor("#0F766E")!
        await harness.start()

        harness.sdk.present(message: Message(kind: .modal, title: "Teal", showsOptOut: true))
        await harness.sdk.waitUntilIdle()
        try? presenter.choose(.toggleOptOut)

        // The harness device speaks en_JP: no Japanese for an English app, and the app's English words.
        #expect(output.text.contains("[x] Dismiss"))
        #expect(output.text.contains("[o] Never again"))
        #expect(output.text.contains("[x] Never again"), "the ticked box echoes the same words")
        #expect(output.text.contains("38;2;15;118;110"), "the title is drawn in the app's teal")
    }

    @Test func theDevicesLanguageChoosesTheStringsUnlessTheAppNamesOne() async {
        let harness = Harness(locale: "fr_CA")
        let output = Output()
        let presenter = TerminalPresenter(width: 50, write: output.append)
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.present(message: Message(kind: .modal, title: "Bonjour"))
        await harness.sdk.waitUntilIdle()
        try? presenter.choose(.close)
        harness.sdk.language = "ja"
        harness.sdk.present(message: Message(kind: .modal, title: "こんにちは"))
        await harness.sdk.waitUntilIdle()

        #expect(output.text.contains("[x] Fermer"))
        #expect(output.text.contains("[x] 閉じる"))
    }

    @Test func aChangeAppliesFromTheNextMessage() async {
        let harness = Harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.present(message: Message(kind: .slideUp, title: "First"))
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        harness.sdk.language = "fr"
        harness.sdk.styleDefaults[.slideUp].cornerRadius = 0
        harness.sdk.present(message: Message(kind: .slideUp, title: "Second"))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.renderOptions.map(\.strings) == [.english, .french])
        #expect(presenter.renderOptions.map { $0.styleDefaults[.slideUp].cornerRadius } == [nil, 0])
    }

    @Test func outOfRangeStyleValuesAreReportedAndClamped() async {
        let harness = Harness()
        var defaults = StyleDefaults()
        defaults.all.padding = .all(-4)
        defaults[.banner].button.fontSize = 500

        harness.sdk.styleDefaults = defaults

        let reported = harness.errors.errors.map(\.description)
        #expect(reported.count == 5)
        #expect(reported.contains("Marquee: style default adjusted: all.padding.top: -4 is below 0; 0 is used"))
        #expect(reported.contains("Marquee: style default adjusted: banner.button.fontSize: 500 is above 96; 96 is used"))
        #expect(harness.sdk.styleDefaults.style(for: .banner).button.fontSize == 96)
    }

    @Test func anUnregisteredPresenterKeepsTheBuiltInDesign() {
        let presenter = RecordingPresenter()
        presenter.display(InAppMessage(id: "c1", campaignName: "Local", message: Message(kind: .modal, title: "Hi"))) { _ in }
        #expect(presenter.renderOptions == [RenderOptions()])
    }
}
