import Crypto
import Fluent
import Foundation
import Logging
import MarqueeModel
import MarqueeWire
import NIOConcurrencyHelpers
import NIOCore

/// The active campaigns of each app, held in memory and ready to serve pings without a table scan
/// or a JSON encoder: each campaign is encoded once per catalog version, and a ping concatenates
/// the bytes of the campaigns it admits.
///
/// A snapshot is tagged with the app's `campaignsVersion`, which every campaign write bumps in the
/// same transaction. Each ping already loads its app row, so comparing versions costs nothing and
/// every server instance sharing a database sees changes on its next request. Concurrent requests
/// that find the snapshot stale share one rebuild.
actor CampaignCatalog {
    /// One encoding of a campaign, in the two forms pings copy.
    struct Form: Sendable {
        let requirement: FormRequirement
        /// `{"campaignData": …}` as RInAppMessaging clients read it, in the default language.
        let baseJSON: ByteBuffer
        /// The same in each language the message is translated into, by language tag.
        let localizedBaseJSON: [String: ByteBuffer]
        /// The same with the `marquee` extension and every translation, for clients that declared
        /// capabilities but no language.
        let extendedJSON: ByteBuffer
        /// The extended form for a client showing messages in each language the campaign is
        /// translated into: that language's translations along its fallbacks only
        /// (``Campaign/keepingTranslations(along:)``). Empty when the campaign has none.
        let extendedJSONByLanguage: [String: ByteBuffer]
        /// The extended form without translations, for a language the campaign is not translated into.
        let untranslatedExtendedJSON: ByteBuffer
        /// A digest of both forms: what a conditional ping compares.
        let digest: [UInt8]

        /// `slot` says which of its entry's forms this is (0 the measured campaign, then one per
        /// plain arm): with the entry's position in the snapshot, it names the form within a
        /// catalog version (``PingDataCache/Key``).
        init(_ campaign: Campaign, slot: UInt16, requiredCapabilities: Set<Capability>, encoder: JSONEncoder) throws {
            let actions = campaign.plainArms.flatMap { arm in
                arm.campaign.message.buttons.map(\.action) + [arm.campaign.message.contentAction].compactMap { $0 }
            }
            requirement = FormRequirement(capabilities: CapabilityMask(required: requiredCapabilities),
                                          usesPushPrimer: actions.contains { $0.type == .pushPrimer }, slot: slot)
            let base = try Self.baseJSON(campaign, language: nil, encoder: encoder)
            localizedBaseJSON = try Dictionary(uniqueKeysWithValues: campaign.message.translations.keys.map { language in
                (language, ByteBuffer(data: try Self.baseJSON(campaign, language: language, encoder: encoder)))
            })
            let extended = try Self.extendedJSON(campaign, encoder: encoder)
            let languages = campaign.translationLanguages
            extendedJSONByLanguage = try Dictionary(uniqueKeysWithValues: languages.map { language in
                (language, ByteBuffer(data: try Self.extendedJSON(campaign.keepingTranslations(along: language), encoder: encoder)))
            })
            baseJSON = ByteBuffer(data: base)
            extendedJSON = ByteBuffer(data: extended)
            untranslatedExtendedJSON = languages.isEmpty ? extendedJSON
                : ByteBuffer(data: try Self.extendedJSON(campaign.keepingTranslations(along: ""), encoder: encoder))
            var hash = SHA256()
            hash.update(data: base)
            hash.update(data: extended)
            digest = Array(hash.finalize())
        }

        /// The form a client is sent, for the language tags it shows messages in, most specific
        /// first (``LanguageTag/fallbacks(for:)``): the extended one with the translations along
        /// them (the SDK picks among them itself; no tags: every translation), else the base form
        /// in the first of them translated.
        func json(extended: Bool, languages: [String] = []) -> ByteBuffer {
            if extended {
                guard !languages.isEmpty, !extendedJSONByLanguage.isEmpty else { return extendedJSON }
                return languages.lazy.compactMap { extendedJSONByLanguage[$0] }.first ?? untranslatedExtendedJSON
            }
            guard !localizedBaseJSON.isEmpty else { return baseJSON }
            return languages.lazy.compactMap { localizedBaseJSON[$0] }.first ?? baseJSON
        }

        private static func extendedJSON(_ campaign: Campaign, encoder: JSONEncoder) throws -> Data {
            try encoder.encode(CampaignEnvelope(campaignData: campaign.campaignData(includingExtension: true)))
        }

        /// A base client shows text as written, in one language: the campaign in `language`, its
        /// placeholders filled with their fallbacks.
        private static func baseJSON(_ campaign: Campaign, language: String?, encoder: JSONEncoder) throws -> Data {
            let shown = campaign.localized(to: language).filledForBaseClients
            return try encoder.encode(CampaignEnvelope(campaignData: shown.campaignData(includingExtension: false)))
        }
    }

    /// One active campaign with everything a ping needs precomputed.
    struct Entry: Sendable {
        let campaign: Campaign
        /// A campaign with an experiment or a goal, whole, for clients that declare
        /// ``Capability/experiments`` (they assign their user themselves). Slot 0.
        let measured: Form?
        /// The plain campaign of each arm that shows something, in slots 1, 2, …: what other
        /// clients are sent, their user's arm only.
        let plain: [Form]
        /// The slot of each arm's plain form, by arm id (`""` without an experiment).
        private let plainSlotByArm: [String: Int]
        /// Orders campaigns of equal priority: older first, as RInAppMessaging clients show them in list order.
        let createdAt: Date
        let gate: Gate

        init(_ campaign: Campaign, createdAt: Date, encoder: JSONEncoder) throws {
            self.campaign = campaign
            self.createdAt = createdAt
            let measured = campaign.isMeasured
                ? try Form(campaign, slot: 0, requiredCapabilities: campaign.measuredCapabilities, encoder: encoder) : nil
            var plain: [Form] = []
            var plainSlotByArm: [String: Int] = [:]
            for arm in campaign.plainArms {
                plainSlotByArm[arm.arm?.id ?? ""] = plain.count + 1
                plain.append(try Form(arm.campaign, slot: UInt16(plain.count + 1),
                                      requiredCapabilities: arm.campaign.requiredCapabilities, encoder: encoder))
            }
            self.measured = measured
            self.plain = plain
            self.plainSlotByArm = plainSlotByArm
            gate = Gate(isSentInPings: campaign.channel.isSentInPings, delivery: DeliveryFacts(campaign),
                        assignsArms: campaign.experiment != nil, measured: measured?.requirement,
                        plain: campaign.experiment == nil ? plain.first?.requirement : nil)
        }

        /// The slot of the form a client that declared `client` is sent for the user `unit`: the
        /// whole campaign, or the plain campaign of the user's arm; `nil` for the control group,
        /// and for a client that cannot take the form.
        func slot(for client: CapabilityMask, pushPrimer: Bool, unit: ExperimentUnit) -> UInt16? {
            guard gate.assignsArms else { return gate.slot(for: client, pushPrimer: pushPrimer) }
            let arm = campaign.arm(for: unit)
            let armForm = arm?.isControl == true ? nil : plainSlotByArm[arm?.id ?? ""].map { plain[$0 - 1].requirement }
            return FormRequirement.choose(measured: gate.measured, plain: armForm, client: client, pushPrimer: pushPrimer)
        }

        func form(slot: UInt16) -> Form {
            slot == 0 ? measured! : plain[Int(slot) - 1]
        }
    }

    struct Snapshot: Sendable {
        let version: Int
        let entries: [Entry]
        /// Each entry's gate, in the entries' order.
        let gates: [Gate]
        /// Whether any campaign is translated: only then does a base client's language matter.
        let hasTranslations: Bool
        /// The segments active campaigns target, which a ping evaluates for its user.
        let segments: [Segment]
        /// The campaigns those segments' history conditions name.
        let historyCampaigns: [UUID]
        /// Each segment's bit, when there are at most 64 (``SegmentMask``).
        private let segmentBits: [String: UInt64]
        /// Each entry's segments as bits, in the entries' order.
        private let segmentMasks: [SegmentMask?]
        private let indexByID: [String: Int]
        /// Every form's digest, one after another (slot 0 zeros for an entry without a measured
        /// form), and where each entry's start (``forEachDigest(of:_:)``).
        private let digests: (bytes: [UInt8], offsets: [Int])

        init(version: Int, entries: [Entry], segments: [Segment] = []) {
            self.version = version
            self.segments = segments
            historyCampaigns = segments.reduce(into: Set<String>()) { $0.formUnion($1.rule.campaignsInHistory) }
                .compactMap(UUID.init(uuidString:)).sorted { $0.uuidString < $1.uuidString }
            // Highest priority first, then the oldest, then by id so the order is always the same.
            self.entries = entries.sorted { a, b in
                if a.campaign.delivery.priority != b.campaign.delivery.priority {
                    return a.campaign.delivery.priority > b.campaign.delivery.priority
                }
                if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
                return a.campaign.id < b.campaign.id
            }
            gates = self.entries.map(\.gate)
            let bits = segments.count <= 64
                ? Dictionary(uniqueKeysWithValues: segments.enumerated().map { ($1.id.lowercased(), UInt64(1) << UInt64($0)) }) : [:]
            segmentBits = bits
            segmentMasks = self.entries.map { entry in
                entry.gate.delivery.targetsOnlySegments ? SegmentMask(entry.campaign.targeting.segments, bitByID: bits) : nil
            }
            hasTranslations = self.entries.contains { entry in
                ([entry.measured].compactMap { $0 } + entry.plain).contains {
                    !$0.localizedBaseJSON.isEmpty || !$0.extendedJSONByLanguage.isEmpty
                }
            }
            indexByID = Dictionary(uniqueKeysWithValues: self.entries.enumerated().map { ($1.campaign.id, $0) })
            var digestBytes: [UInt8] = [], offsets: [Int] = []
            for entry in self.entries {
                offsets.append(digestBytes.count)
                digestBytes += entry.measured?.digest ?? Array(repeating: 0, count: SHA256.byteCount)
                for form in entry.plain { digestBytes += form.digest }
            }
            digests = (digestBytes, offsets)
        }

        func entry(id: String) -> Entry? { indexByID[id.lowercased()].map { entries[$0] } }

        /// The forms a client is sent, in order, each named as ``PingDataCache/Key`` names it.
        func admittedForms(for audience: DeliveryAudience, client: CapabilityMask, pushPrimer: Bool,
                           unit: ExperimentUnit) -> [UInt64] {
            var admitted: [UInt64] = []
            admitted.reserveCapacity(gates.count)
            let members = audience.device.segments.map { ids in ids.reduce(UInt64(0)) { $0 | (segmentBits[$1] ?? 0) } }
            gates.withUnsafeBufferPointer { gates in
                for position in gates.indices {
                    let gate = gates[position]
                    let segments = segmentMasks[position].map { (mask: $0, members: members) }
                    guard gate.isSentInPings,
                          audience.admits(gate.delivery, targeting: entries[position].campaign.targeting, segments: segments) else { continue }
                    let slot = gate.assignsArms
                        ? entries[position].slot(for: client, pushPrimer: pushPrimer, unit: unit)
                        : gate.slot(for: client, pushPrimer: pushPrimer)
                    if let slot { admitted.append(PingDataCache.Key.form(position: position, slot: slot)) }
                }
            }
            return admitted
        }

        /// The form a ``PingDataCache/Key`` names.
        func form(_ key: UInt64) -> Form {
            entries[Int(key >> 16)].form(slot: UInt16(truncatingIfNeeded: key))
        }

        /// Calls `body` with the digest of each form `keys` names (``PingDataCache/Key``), in
        /// order, read in place: a Marquee client's every ping hashes them all, and copying a
        /// thousand forms to read one field each took a third of such a ping's time.
        func forEachDigest(of keys: [UInt64], _ body: (UnsafeRawBufferPointer) -> Void) {
            digests.bytes.withUnsafeBytes { bytes in
                for key in keys {
                    let start = digests.offsets[Int(key >> 16)] + Int(UInt16(truncatingIfNeeded: key)) * SHA256.byteCount
                    body(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + SHA256.byteCount)]))
                }
            }
        }
    }

    /// Read under a lock, without entering the actor (every ping asks); rebuilt through it.
    private let snapshots = NIOLockedValueBox<[UUID: Snapshot]>([:])
    /// Rebuilds under way, so concurrent requests for a stale app wait for one instead of each
    /// reading and encoding every campaign.
    private var rebuilds: [UUID: (version: Int, task: Task<Snapshot, any Error>)] = [:]
    private let logger: Logger
    /// The compressed campaign lists of ping answers, by catalog version.
    nonisolated let pingData = PingDataCache()
    /// How many times a snapshot was built from the database (`marquee_catalog_rebuilds_total`).
    private(set) var rebuildCount = 0

    init(logger: Logger) {
        self.logger = logger
    }

    /// The app's active campaigns at `version` or newer, rebuilt from the database when the app's
    /// version moved on.
    /// `database` is asked for only when the snapshot must be rebuilt: a request's database
    /// handle costs more to make than a cached snapshot costs to return.
    nonisolated func snapshot(appID: UUID, version: Int,
                              on database: @autoclosure @escaping @Sendable () -> any Database) async throws -> Snapshot {
        if let cached = snapshots.withLockedValue({ $0[appID] }), cached.version >= version { return cached }
        return try await rebuilt(appID: appID, version: version, on: database)
    }

    private func rebuilt(appID: UUID, version: Int, on database: @escaping @Sendable () -> any Database) async throws -> Snapshot {
        if let cached = snapshots.withLockedValue({ $0[appID] }), cached.version >= version { return cached }
        if let running = rebuilds[appID], running.version >= version { return try await running.task.value }
        let logger = self.logger
        let task = Task { try await Self.load(appID: appID, version: version, on: database(), logger: logger) }
        rebuilds[appID] = (version, task)
        rebuildCount += 1
        ServerMetrics.catalogRebuilt()
        defer { if rebuilds[appID]?.version == version { rebuilds[appID] = nil } }
        let snapshot = try await task.value
        // Keep the newest version when rebuilds race.
        snapshots.withLockedValue { if ($0[appID]?.version ?? Int.min) <= version { $0[appID] = snapshot } }
        return snapshot
    }

    private static func load(appID: UUID, version: Int, on database: any Database, logger: Logger) async throws -> Snapshot {
        let records = try await CampaignRecord.query(on: database)
            .filter(\.$app.$id == appID)
            .filter(\.$status == CampaignStatus.active.rawValue)
            .all()
        let encoder = MarqueeJSON.encoder()
        var entries: [Entry] = []
        for record in records {
            do {
                entries.append(try Entry(try record.campaign(), createdAt: record.createdAt ?? .distantPast, encoder: encoder))
            } catch {
                logger.error("skipping unreadable campaign", metadata: ["campaign": "\(record.id?.uuidString ?? "?")", "error": "\(error)"])
            }
        }
        let targeted = Set(entries.flatMap { $0.campaign.targeting.segments.all }).compactMap(UUID.init(uuidString:))
        var segments: [Segment] = []
        for record in try await SegmentRecord.query(on: database).filter(\.$app.$id == appID).filter(\.$id ~~ targeted).sort(\.$id).all() {
            do {
                segments.append(try record.segment())
            } catch {
                logger.error("skipping unreadable segment", metadata: ["segment": "\(record.id?.uuidString ?? "?")", "error": "\(error)"])
            }
        }
        logger.debug("catalog rebuilt", metadata: ["app": "\(appID)", "version": "\(version)", "campaigns": "\(entries.count)",
                                                   "segments": "\(segments.count)"])
        return Snapshot(version: version, entries: entries, segments: segments)
    }

    /// Forgets an app (deleted).
    func remove(appID: UUID) {
        snapshots.withLockedValue { $0[appID] = nil }
        pingData.remove(appID: appID)
    }
}
