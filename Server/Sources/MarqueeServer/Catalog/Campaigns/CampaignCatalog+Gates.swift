import Foundation
import MarqueeModel
import MarqueeWire

extension CampaignCatalog {
    /// The capabilities this server knows, one bit each, so that "does the client have all that a
    /// form needs" is one AND. A form that needed a capability outside the list would need the
    /// bit no client has.
    struct CapabilityMask: Sendable, Equatable {
        let bits: UInt64

        private static let bitByCapability: [Capability: UInt64] = Dictionary(
            uniqueKeysWithValues: Capability.all.enumerated().map { ($1, UInt64(1) << UInt64($0)) })
        private static let unknown: UInt64 = 1 << 63

        init(client capabilities: some Sequence<Capability>) {
            bits = capabilities.reduce(0) { $0 | (Self.bitByCapability[$1] ?? 0) }
        }

        init(required capabilities: some Sequence<Capability>) {
            bits = capabilities.reduce(0) { $0 | (Self.bitByCapability[$1] ?? Self.unknown) }
        }

        func covers(_ required: CapabilityMask) -> Bool { required.bits & ~bits == 0 }
    }

    /// What a client must be able to take to be sent one form.
    struct FormRequirement: Sendable {
        let capabilities: CapabilityMask
        /// Clients that do not list push-primer support must not receive it (an unknown action
        /// code fails a whole ping on iOS).
        let usesPushPrimer: Bool
        let slot: UInt16

        func admits(_ client: CapabilityMask, pushPrimer: Bool) -> Bool {
            client.covers(capabilities) && (pushPrimer || !usesPushPrimer)
        }

        /// The slot of the form a client is sent: the measured campaign when it can take it, else
        /// the plain form of its user's arm (`nil` for the control group) when it can take that.
        static func choose(measured: FormRequirement?, plain: FormRequirement?, client: CapabilityMask,
                           pushPrimer: Bool) -> UInt16? {
            if let measured, measured.admits(client, pushPrimer: pushPrimer) { return measured.slot }
            if let plain, plain.admits(client, pushPrimer: pushPrimer) { return plain.slot }
            return nil
        }
    }

    /// What a delivery check reads of a campaign, as plain values: ``DeliveryAudience`` decides on
    /// these, and reads the campaign's targeting only when it has rules.
    struct DeliveryFacts: Sendable {
        let isActive: Bool
        let start: Date?
        let end: Date?
        let isTest: Bool
        let admitsEveryone: Bool
        /// Its only rules are segments: a ``SegmentMask`` decides.
        let targetsOnlySegments: Bool

        init(_ campaign: Campaign) {
            isActive = campaign.status == .active
            start = campaign.delivery.startTime
            end = campaign.delivery.endTime
            isTest = campaign.isTest
            admitsEveryone = campaign.targeting.admitsEveryone
            var others = campaign.targeting
            others.segments = SegmentTargeting()
            targetsOnlySegments = !admitsEveryone && others.admitsEveryone
        }
    }

    /// A campaign's segments as bits over its snapshot's segments (one bit per segment, in the
    /// snapshot's order), so that checking a user's membership is two ANDs. Only snapshots of at
    /// most 64 segments have them; larger ones check the targeting itself.
    struct SegmentMask: Sendable {
        let include: UInt64
        let exclude: UInt64

        init?(_ segments: SegmentTargeting, bitByID: [String: UInt64]) {
            guard bitByID.count <= 64 else { return nil }
            include = segments.include.reduce(0) { $0 | (bitByID[$1.lowercased()] ?? 0) }
            exclude = segments.exclude.reduce(0) { $0 | (bitByID[$1.lowercased()] ?? 0) }
            // A named segment the snapshot lacks cannot be decided by bits.
            guard segments.all.allSatisfy({ bitByID[$0.lowercased()] != nil }) else { return nil }
        }

        /// Whether a user in the segments `members` names passes: in one included (when any is), in no excluded.
        func admits(_ members: UInt64) -> Bool {
            (include == 0 || include & members != 0) && exclude & members == 0
        }
    }

    /// Everything a ping checks of one entry, in plain values that hold no references: a ping
    /// walks a contiguous array of these, and touches an entry itself only for targeting rules
    /// and experiment arms.
    struct Gate: Sendable {
        /// Whether pings carry the campaign: to show over the app, or in a placement.
        let isSentInPings: Bool
        let delivery: DeliveryFacts
        /// The user's arm decides the form: ``Entry/slot(for:pushPrimer:unit:)`` chooses.
        let assignsArms: Bool
        let measured: FormRequirement?
        /// The one plain form of a campaign without an experiment.
        let plain: FormRequirement?

        /// The slot of the form a client is sent, for a campaign without arms.
        func slot(for client: CapabilityMask, pushPrimer: Bool) -> UInt16? {
            FormRequirement.choose(measured: measured, plain: plain, client: client, pushPrimer: pushPrimer)
        }
    }
}
