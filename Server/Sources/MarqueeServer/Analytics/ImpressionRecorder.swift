import Crypto
import Fluent
import Foundation
import MarqueeModel
import MarqueeWire

/// Checks impression batches and hands them to the ``ImpressionWriter``, which stores each
/// exactly once, committing concurrent batches together.
///
/// Test traffic is a test campaign's, or any campaign's shown to one of the app's testers (user
/// or device): both are counted apart, so testing never inflates a live campaign's figures.
/// Each impression is counted in its experiment arm (``ArmAttribution``).
struct ImpressionRecorder {
    /// Asked for only when the catalog does not hold the batch's campaign.
    let database: @Sendable () -> any Database
    let app: App
    let clock: any ServerClock
    let writer: ImpressionWriter
    let catalog: CampaignCatalog

    init(database: @autoclosure @escaping @Sendable () -> any Database, app: App, clock: any ServerClock,
         writer: ImpressionWriter, catalog: CampaignCatalog) {
        self.database = database
        self.app = app
        self.clock = clock
        self.writer = writer
        self.catalog = catalog
    }

    static let maxImpressionsPerBatch = 100

    /// Stores the batch for `user`; returns `false` when it had been stored before (a client retry).
    func record(_ request: ImpressionRequest, as user: CheckedIdentity, deviceID: String?) async throws -> Bool {
        try validate(request)
        let appID = app.id
        let identity = user.identity
        let isTest = request.isTest || app.settings.isTester(DeviceContext(identity: identity, deviceID: deviceID))
        guard let campaignID = UUID(uuidString: request.campaignId),
              let campaign = try await CampaignLookup(database: database(), app: app, catalog: catalog)
                .campaign(campaignID, text: request.campaignId) else {
            throw AnalyticsError.campaignNotFound
        }
        let unit = ExperimentUnit(identity: identity, deviceID: deviceID)
        let batch = ImpressionWriter.Batch(
            appID: appID, key: Self.batchKey(request, deviceID: deviceID), receivedAt: clock.now(), campaignID: campaignID,
            userKey: identity.key, userID: identity.userID, deviceID: deviceID, isTest: isTest,
            variant: ArmAttribution.arm(of: campaign, declared: request.marqueeVariant, unit: unit), unitKey: unit.key,
            events: request.impressions.map { impression in
                ImpressionEvents.Event(type: impression.type, page: impression.type == .pageView ? impression.marqueePage : nil,
                                       occurredAt: impression.timestamp)
            },
            placement: campaign.placement)
        // Copies racing from two server instances are settled by the writer's insert itself.
        return try await writer.write(batch)
    }

    private func validate(_ request: ImpressionRequest) throws {
        guard !request.impressions.isEmpty else {
            throw AnalyticsError.invalidBatch("impressions must not be empty")
        }
        guard request.impressions.count <= Self.maxImpressionsPerBatch else {
            throw AnalyticsError.invalidBatch("at most \(Self.maxImpressionsPerBatch) impressions per batch")
        }
        if let index = request.impressions.firstIndex(where: { $0.type == .invalid }) {
            throw AnalyticsError.invalidBatch("impressions[\(index)].type must not be 0")
        }
        let pages = Campaign.Limits.carouselPages
        if let index = request.impressions.firstIndex(where: { $0.type == .pageView && !(0..<pages.upperBound).contains($0.marqueePage ?? -1) }) {
            throw AnalyticsError.invalidBatch("impressions[\(index)].marqueePage must be a page from 0 to \(pages.upperBound - 1)")
        }
        if let batchID = request.batchId, batchID.isEmpty || !IdentifierLimits.fits(batchID, 100) {
            throw AnalyticsError.invalidBatch("batchId must be 1 to 100 bytes of UTF-8")
        }
        for (index, impression) in request.impressions.enumerated() {
            try DeviceTime.check(impression.timestamp, field: "impressions[\(index)].timestamp")
        }
    }

    /// The client's batch id when it sent one; else a digest of everything the batch says, which an
    /// RInAppMessaging client repeats exactly when it retries.
    static func batchKey(_ request: ImpressionRequest, deviceID: String?) -> String {
        if let batchID = request.batchId { return "id:" + batchID }
        var fingerprint = request
        fingerprint.batchId = nil
        let encoder = MarqueeJSON.encoder()
        let data = (try? encoder.encode(fingerprint)) ?? Data()
        let digest = SHA256.hash(data: data + Data((deviceID ?? "").utf8))
        return "sha256:" + digest.lowercaseHex
    }
}
