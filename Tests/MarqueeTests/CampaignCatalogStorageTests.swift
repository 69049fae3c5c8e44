import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// How a user's campaign list is kept on the device: a compact index of what launching needs and
/// each campaign's bytes, decoded only when it is shown. Buckets that still hold their campaigns
/// as JSON load once and are rewritten; a catalog this SDK cannot read is dropped and the whole
/// list fetched again.
@Suite struct CampaignCatalogStorageTests {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000.25)

    /// A campaign with every field the summary keeps, and a message and variants it does not.
    static let rich = Campaign(
        id: "rich-ü", name: "[checkout] Spring 🌸 sale", status: .active, isTest: true,
        message: Message(kind: .modal, header: "Header", title: "Spring sale", body: "Up to 50 % off",
                         buttons: [MessageButton(id: "b1", text: "Shop", action: .close)], showsOptOut: true,
                         extras: ["k": "v"], customJSON: .object(["n": .number(1)])),
        triggers: TriggerSet(match: .any, triggers: [
            Trigger(.custom, name: "cart", conditions: [
                AttributeCondition(name: "amount", type: .double, operator: .greaterThan, value: "9.5"),
                AttributeCondition(name: "items", type: .string, operator: .containsItem, value: "sku-1"),
            ], occurrences: 3),
        ], groups: [TriggerSet(triggers: [Trigger(.appStart), Trigger(.login)], groups: [TriggerSet(triggers: [Trigger(.purchase)])])]),
        delivery: DeliveryRules(priority: -4, startTime: start, endTime: start.addingTimeInterval(86_400.5), maxImpressions: 7,
                                reEligibilitySeconds: 3_600.5, frequencyCapIDs: ["daily", "weekly"], delayAfterCloseMillis: 1_500),
        targeting: Targeting(audience: .knownUsers, locales: ["en"]), channel: .inAppAndInbox,
        experiment: Experiment(variants: [
            Variant(id: "a", name: "Plain", weight: 1),
            Variant(id: "b", weight: 3, message: Message(kind: .modal, title: "Variant B", body: "Free shipping")),
        ], controlPercent: 12.5),
        goal: ConversionGoal(event: .custom, name: "checkout", conditions: [
            AttributeCondition(name: "total", type: .integer, operator: .greaterThan, value: "10"),
        ], windowHours: 48))

    static let tooltip = Campaign(
        id: "tip", name: "Cart tip", status: .active,
        message: Message(kind: .tooltip, title: "Tap here", tooltip: TooltipSettings(targetElementID: "cart.button", autoDisappearSeconds: 5)),
        triggers: TriggerSet(triggers: [Trigger(.appStart)]), delivery: DeliveryRules(infiniteImpressions: true))

    static func catalog() -> CampaignCatalog {
        CampaignCatalog(identityKey: "u:ada|t:", campaigns: [rich, tooltip, Fixture.campaign("plain")], fingerprint: "f-1")
    }

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("marquee-tests-\(UUID().uuidString)", isDirectory: true)
    }

    static func catalogURL(in directory: URL, for key: String = "anonymous") -> URL {
        directory.appendingPathComponent(CampaignCatalog.fileName(for: key))
    }

    static func ping(_ campaigns: [Campaign], fingerprint: String) -> Data {
        let response = PingResponse(
            currentPingMillis: 1_800_000_000_000, nextPingMillis: 3_600_000,
            data: campaigns.map { CampaignEnvelope(campaignData: $0.campaignData(includingExtension: true)) },
            marquee: PingExtension(frequencyCaps: [], fingerprint: fingerprint))
        return try! MarqueeJSON.encoder().encode(response)
    }

    static func sentFingerprints(_ harness: Harness) -> [String?] {
        harness.server.requests(to: "ping").compactMap { $0.body }.compactMap {
            try? JSONDecoder().decode(PingRequest.self, from: $0).marqueeFingerprint
        }
    }

    // MARK: - The layout

    @Test func theCatalogSurvivesTheBinaryLayout() throws {
        let catalog = Self.catalog()

        let data = catalog.storedData()
        let read = try CampaignCatalog(storedData: data)

        #expect(CampaignCatalog.isCurrentLayout(data))
        #expect(read == catalog)
        #expect(read.identityKey == "u:ada|t:" && read.fingerprint == "f-1")
        #expect(read.summaries.map(\.id) == ["rich-ü", "tip", "plain"])
        let empty = CampaignCatalog(identityKey: "anonymous")
        #expect(try CampaignCatalog(storedData: empty.storedData()) == empty)
    }

    @Test func aSummaryKeepsWhatTriggersAndEligibilityReadAndNotTheMessage() throws {
        let read = try CampaignCatalog(storedData: Self.catalog().storedData())
        let summary = try #require(read.summaries.first)

        #expect(summary.triggers == Self.rich.triggers)
        #expect(summary.delivery == Self.rich.delivery)
        #expect(summary.goal == Self.rich.goal)
        #expect(summary.experiment?.variants.map(\.id) == ["a", "b"])
        #expect(summary.experiment?.variants.allSatisfy { $0.message == nil } == true)
        #expect(summary.arm(for: ExperimentUnit(identity: UserIdentity(userID: "ada"), deviceID: nil))
                == Self.rich.arm(for: ExperimentUnit(identity: UserIdentity(userID: "ada"), deviceID: nil)))
        #expect(summary.contexts == ["checkout"])
        #expect(summary.message.title.isEmpty && summary.message.buttons.isEmpty)
        #expect(read.summaries[1].message.kind == .tooltip)
        #expect(read.summaries[1].message.tooltip?.targetElementID == "cart.button")
    }

    @Test func theWholeCampaignIsDecodedOnDemandAndEqualsTheOriginal() throws {
        let read = try CampaignCatalog(storedData: Self.catalog().storedData())

        #expect(try read.campaign(id: "rich-ü") == Self.rich)
        #expect(try read.campaign(id: "tip") == Self.tooltip)
        #expect(try read.campaign(id: "rich-ü")?.experiment?.variants.last?.message?.title == "Variant B")
        #expect(try read.campaign(id: "missing") == nil)
    }

    @Test func aDamagedFileIsRefused() throws {
        let data = Self.catalog().storedData()
        for cut in [3, 12, data.count / 3, data.count / 2, data.count - 1] {
            #expect(throws: BinaryFormatError.self) { try CampaignCatalog(storedData: data.prefix(cut)) }
        }
        #expect(throws: BinaryFormatError.self) { try CampaignCatalog(storedData: data + Data([0])) }
        #expect(throws: BinaryFormatError.self) { try CampaignCatalog(storedData: Data("MQCC".utf8) + Data([9] + Array(repeating: 0, count: 8))) }
    }

    @Test func aWriteThatFailsLeavesTheOldFile() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let errors = ErrorLog()
        let files = FileStore(directory: directory) { errors.append($0) }
        // A name the file system accepts but whose temporary file's name is too long for it:
        // the write fails before the rename.
        let name = String(repeating: "c", count: 230)
        let old = CampaignCatalog(identityKey: "anonymous", campaigns: [Fixture.campaign("old")], fingerprint: "f-old")
        try old.storedData().write(to: directory.appendingPathComponent(name))

        files.write(Self.catalog(), to: name)

        #expect(errors.errors.contains { if case .storageWrite = $0 { true } else { false } })
        #expect(files.read(CampaignCatalog.self, from: name) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name], "no temporary file is left")
    }

    // MARK: - Through the SDK

    @Test func aBucketThatHeldItsCampaignsAsJSONLoadsOnceAndIsRewritten() async throws {
        // As buckets were written before the catalog had its own file: campaigns inside, ISO 8601 dates.
        let campaigns = [Fixture.campaign("launch", maxImpressions: 3), Self.rich]
        let encoded = String(decoding: try MarqueeJSONCoders.encoder.encode(campaigns), as: UTF8.self)
        let legacy = """
        {"identityKey":"anonymous","campaigns":\(encoded),"impressions":{"launch":{"maxImpressions":3,"left":2}},
         "optedOut":[],"progress":{"counts":{}},"lastDisplayed":{},"capHistory":{},"frequencyCaps":[],
         "lastPingMillis":5,"listFingerprint":"f-legacy"}
        """
        let directory = Self.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bucketURL = directory.appendingPathComponent(FileStore.bucketFileName(for: "anonymous"))
        try Data(legacy.utf8).write(to: bucketURL)

        let first = Harness(directory: directory)
        first.server.set("ping", .failure)
        let presenter = await RecordingPresenter()
        await MainActor.run { first.sdk.register(presenter: presenter) }
        await first.start()
        first.sdk.logEvent(AppStartEvent())
        await first.sdk.waitUntilIdle()

        #expect(!first.errors.errors.contains { if case .storageReset = $0 { true } else { false } })
        #expect(await first.sdk.state().campaigns.first { $0.id == "launch" }?.impressionsLeft == 2)
        #expect(await presenter.displayed.first?.message == Fixture.campaign("launch").message, "shown whole")
        #expect(Self.sentFingerprints(first) == ["f-legacy"], "the fingerprint moved with the list")
        #expect(CampaignCatalog.isCurrentLayout(try Data(contentsOf: Self.catalogURL(in: directory))))
        let bucketJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: bucketURL)) as? [String: Any]
        #expect(bucketJSON?["campaigns"] == nil && bucketJSON?["listFingerprint"] == nil, "the bucket no longer holds the list")

        let second = Harness(directory: directory, server: first.server)
        await second.start()
        #expect(await second.sdk.state().campaigns.map(\.id) == ["launch", "rich-ü"])
        #expect(try await second.sdk.core.bucket.catalog.campaign(id: "rich-ü") == Self.rich)
    }

    @Test func aCatalogThisSDKCannotReadIsDroppedAndTheWholeListFetchedAgain() async throws {
        let campaign = Fixture.campaign("c", maxImpressions: 3)
        let first = Harness()
        first.server.set("ping", .status(200, Self.ping([campaign], fingerprint: "f1")))
        await first.start()
        #expect(FileManager.default.fileExists(atPath: Self.catalogURL(in: first.directory).path))
        // The magic bytes and a layout number from a later SDK.
        try (Data("MQCC".utf8) + Data([9] + Array(repeating: 0, count: 8))).write(to: Self.catalogURL(in: first.directory))

        let second = Harness(directory: first.directory, server: first.server)
        await second.start()

        #expect(second.errors.errors.contains { if case .storageReset = $0 { true } else { false } })
        #expect(Self.sentFingerprints(second).last == .some(nil), "a lost list is not claimed as held")
        #expect(await second.sdk.state().campaigns.map(\.id) == ["c"])
        #expect(CampaignCatalog.isCurrentLayout(try Data(contentsOf: Self.catalogURL(in: first.directory))))
    }
}
