import Fluent
import Foundation
import Logging
import MarqueeModel
import MarqueeWire

/// The active campaigns of each app, held in memory and ready to serve pings without a table scan.
///
/// A snapshot is tagged with the app's `campaignsVersion`, which every campaign write bumps in the
/// same transaction. Each ping already loads its app row, so comparing versions costs nothing and
/// every server instance sharing a database sees changes on its next request.
actor CampaignCatalog {
    /// One active campaign with everything a ping needs precomputed.
    struct Entry: Sendable {
        let campaign: Campaign
        let requiredCapabilities: Set<Capability>
        /// As RInAppMessaging clients read it.
        let baseData: CampaignData
        /// With the `marquee` extension, for clients that declared capabilities.
        let extendedData: CampaignData
        /// Clients that do not list push-primer support must not receive it (an unknown action code
        /// fails a whole ping on iOS).
        let usesPushPrimer: Bool
        /// Orders campaigns of equal priority: older first, as RInAppMessaging clients show them in list order.
        let createdAt: Date

        init(_ campaign: Campaign, createdAt: Date) {
            self.campaign = campaign
            self.createdAt = createdAt
            let actions = campaign.message.buttons.map(\.action) + [campaign.message.contentAction].compactMap { $0 }
            usesPushPrimer = actions.contains { $0.type == .pushPrimer }
            requiredCapabilities = campaign.requiredCapabilities
            baseData = campaign.campaignData(includingExtension: false)
            extendedData = campaign.campaignData(includingExtension: true)
        }
    }

    struct Snapshot: Sendable {
        let version: Int
        let entries: [Entry]
        private let indexByID: [String: Int]

        init(version: Int, entries: [Entry]) {
            self.version = version
            // Highest priority first, then the oldest, then by id so the order is always the same.
            self.entries = entries.sorted { a, b in
                if a.campaign.delivery.priority != b.campaign.delivery.priority {
                    return a.campaign.delivery.priority > b.campaign.delivery.priority
                }
                if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
                return a.campaign.id < b.campaign.id
            }
            indexByID = Dictionary(uniqueKeysWithValues: self.entries.enumerated().map { ($1.campaign.id, $0) })
        }

        func entry(id: String) -> Entry? { indexByID[id.lowercased()].map { entries[$0] } }
    }

    private var snapshots: [UUID: Snapshot] = [:]
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// The app's active campaigns, rebuilt from the database when the app's version moved on.
    func snapshot(appID: UUID, version: Int, on database: any Database) async throws -> Snapshot {
        if let cached = snapshots[appID], cached.version == version { return cached }
        let records = try await CampaignRecord.query(on: database)
            .filter(\.$app.$id == appID)
            .filter(\.$status == CampaignStatus.active.rawValue)
            .all()
        var entries: [Entry] = []
        for record in records {
            do {
                entries.append(Entry(try record.campaign(), createdAt: record.createdAt ?? .distantPast))
            } catch {
                logger.error("skipping unreadable campaign", metadata: ["campaign": "\(record.id?.uuidString ?? "?")", "error": "\(error)"])
            }
        }
        let snapshot = Snapshot(version: version, entries: entries)
        // Keep the newest version when rebuilds race.
        if (snapshots[appID]?.version ?? Int.min) <= version { snapshots[appID] = snapshot }
        logger.debug("catalog rebuilt", metadata: ["app": "\(appID)", "version": "\(version)", "campaigns": "\(entries.count)"])
        return snapshot
    }

    /// Forgets an app (deleted).
    func remove(appID: UUID) {
        snapshots[appID] = nil
    }
}
