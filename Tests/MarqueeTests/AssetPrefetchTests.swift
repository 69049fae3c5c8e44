import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeRender
import Testing

/// Campaign media fetched after each ping into a bounded on-disk cache, and handed to presenters
/// so a message shows without downloading again (the transport counts every request).
@MainActor
@Suite struct AssetPrefetchTests {
    /// A PNG's signature and `size - 8` more bytes.
    static func png(_ size: Int = 200) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: size - 8)) }

    static func imageCampaign(_ id: String, trigger: Trigger = Trigger(.login)) -> Campaign {
        var campaign = Fixture.campaign(id, [trigger], maxImpressions: 5)
        campaign.message.image = MessageImage(url: "https://cdn.test/\(id).png")
        return campaign
    }

    @Test func eachPingFetchesTheMediaOnceAndDisplayUsesTheDevicesCopy() async throws {
        var tour = Fixture.campaign("tour", [Trigger(.custom, name: "tour")], kind: .video)
        tour.message.media = MediaSettings(videoURL: "https://cdn.test/tour.mp4")
        let harness = Harness(campaigns: [Self.imageCampaign("sale"), tour])
        harness.server.set("sale.png", .status(200, Self.png()))
        harness.server.set("tour.mp4", .status(200, Data(repeating: 1, count: 300)))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        #expect(harness.server.requests(to: "sale.png").count == 1)
        #expect(harness.server.requests(to: "tour.mp4").count == 1)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let shown = try #require(presenter.current)
        let file = try #require(shown.cachedAssets["https://cdn.test/sale.png"])
        #expect(try Data(contentsOf: file) == Self.png())
        var options = RenderOptions()
        options.inlineImages = shown.inlineImages()
        let html = HTMLRenderer(options: options).render(shown.message)
        #expect(html.contains("src=\"data:image/png;base64,"), "the image is in the document")
        #expect(!html.contains("https://cdn.test/sale.png"), "and is not fetched again")
        #expect(html.contains("img-src data:"), "the policy admits it")

        await harness.advance(3_600)   // the next ping
        #expect(harness.server.requests(to: "ping").count == 2)
        #expect(harness.server.requests(to: "sale.png").count == 1, "held assets are not fetched again")
        #expect(harness.server.requests(to: "tour.mp4").count == 1)
    }

    @Test func aFailedFetchIsTriedAgainAtTheNextPingAndTheMessageStillShows() async throws {
        let harness = Harness(campaigns: [Self.imageCampaign("sale")])
        harness.server.queue("sale.png", .status(404, Data()))
        harness.server.set("sale.png", .status(200, Self.png()))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.cachedAssets.isEmpty == true, "shown, and its presenter fetches the image itself")
        #expect(harness.errors.errors.isEmpty, "a prefetch failure is not the app's error")

        await harness.advance(3_600)
        #expect(harness.server.requests(to: "sale.png").count == 2)
    }

    @Test func theCacheKeepsTheMostRecentlyUsedWithinItsLimit() async throws {
        let campaigns = (1...5).map { Self.imageCampaign("c\($0)", trigger: Trigger(.custom, name: "c\($0)")) }
        let harness = Harness(campaigns: campaigns)
        for index in 1...5 { harness.server.set("c\(index).png", .status(200, Self.png(240))) }
        harness.sdk.assetCacheLimit = 1_000   // four 240-byte images fit
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        let files = try FileManager.default.contentsOfDirectory(atPath: harness.directory.appendingPathComponent("assets").path)
        #expect(files.filter { $0.hasSuffix(".png") }.count == 4)
        harness.sdk.logEvent(CustomEvent(name: "c1"))
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.cachedAssets.isEmpty == true, "the least recently used went first")
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(60)
        harness.sdk.logEvent(CustomEvent(name: "c5"))
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.cachedAssets["https://cdn.test/c5.png"] != nil)
    }

    @Test func anAssetOverAQuarterOfTheLimitIsNotKept() async throws {
        let harness = Harness(campaigns: [Self.imageCampaign("big")])
        harness.server.set("big.png", .status(200, Self.png(400)))
        harness.sdk.assetCacheLimit = 1_000
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        #expect(presenter.current?.cachedAssets.isEmpty == true)
    }

    @Test func onlyKnownImageFormatsAreWrittenIntoTheDocument() {
        #expect(InlineImage(data: Self.png())?.mimeType == "image/png")
        #expect(InlineImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0]))?.mimeType == "image/jpeg")
        #expect(InlineImage(data: Data("GIF89a……".utf8))?.mimeType == "image/gif")
        #expect(InlineImage(data: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8))?.mimeType == "image/webp")
        #expect(InlineImage(data: Data("<svg onload=alert(1)>".utf8)) == nil)
        #expect(InlineImage(data: Data()) == nil)
    }
}
