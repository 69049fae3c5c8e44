import Foundation
import MarqueeModel

/// How a campaign catalog is stored: an index in the compact binary layout of ``BinaryWriter``,
/// read whole at launch, then the campaigns' JSON payloads, which a launch does not read.
///
/// Layout 2, after the magic bytes `MQCC` and the layout number: the byte length of the index as
/// 8 little-endian bytes, then the index: the identity key, the fingerprint (optional), the number
/// of campaigns, and for each its summary and the byte length of its payload; then the payloads,
/// one after another in the same order. A summary holds the id, name, status, channel, message
/// kind, a flags byte (test, infinite impressions, experiment, goal), the tooltip's target
/// element (optional), the placement (optional), the trigger set, the delivery rules, the experiment without its variants'
/// messages, and the goal (with the answers a survey goal counts). Layout 1 had neither the
/// placement nor a goal's answers. Enums are written as their raw text, times as seconds since 2001.
///
/// Before this file existed, campaigns were JSON inside the user's bucket: the bucket reader
/// still reads them, and the loader moves them here once. A file in a layout this version does
/// not know, or damaged, is reported and removed; the next ping then fetches the whole list.
extension CampaignCatalog: CompactStorable {
    private static let magic: [UInt8] = Array("MQCC".utf8)
    private static let layout: UInt8 = 2
    /// Magic, layout number, and the index length.
    private static let headerSize = magic.count + 1 + 8
    /// Deeper trigger groups than any editor makes mean a damaged file, not recursion without end.
    private static let maxGroupDepth = 32

    private enum Flag {
        static let test: UInt8 = 1
        static let infiniteImpressions: UInt8 = 2
        static let experiment: UInt8 = 4
        static let goal: UInt8 = 8
    }

    static func isCurrentLayout(_ data: Data) -> Bool {
        data.count > magic.count && data.prefix(magic.count).elementsEqual(magic) && data[data.startIndex + magic.count] == layout
    }

    init(storedData data: Data) throws {
        guard data.count >= Self.headerSize, data.prefix(Self.magic.count).elementsEqual(Self.magic) else {
            throw BinaryFormatError("not a campaign catalog")
        }
        let layout = data[data.startIndex + Self.magic.count]
        guard layout == Self.layout else { throw BinaryFormatError("campaign catalog layout \(layout) is newer than this SDK") }
        var indexLength = 0
        for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), data.dropFirst(Self.magic.count + 1).prefix(8)) {
            indexLength |= Int(byte) << shift
        }
        guard indexLength >= 0, indexLength <= data.count - Self.headerSize else {
            throw BinaryFormatError("the campaign index is longer than the file")
        }
        let indexStart = data.startIndex + Self.headerSize
        // Only the index is copied out; the payloads stay slices of the (mapped) file.
        var reader = BinaryReader(data[indexStart..<(indexStart + indexLength)])
        let identityKey = try reader.string()
        let fingerprint = try reader.optionalString()
        let count = try reader.count()
        var summaries: [Campaign] = []
        var payloads: [Data] = []
        summaries.reserveCapacity(count)
        payloads.reserveCapacity(count)
        var payloadStart = indexStart + indexLength
        var summarizer = CampaignSummarizer()
        for _ in 0..<count {
            summaries.append(try Self.readSummary(&reader, summarizer: &summarizer))
            let length = try reader.integer()
            guard length >= 0, length <= data.endIndex - payloadStart else { throw BinaryFormatError("a payload is longer than the file") }
            payloads.append(data[payloadStart..<(payloadStart + length)])
            payloadStart += length
        }
        guard reader.isAtEnd, payloadStart == data.endIndex else { throw BinaryFormatError("the campaign catalog has bytes after its end") }
        self.init(identityKey: identityKey, summaries: summaries, payloads: payloads, fingerprint: fingerprint)
    }

    func storedData() -> Data {
        var index = BinaryWriter(capacity: 64 + summaries.count * 160)
        index.write(identityKey)
        index.write(fingerprint)
        index.write(count: summaries.count)
        for (summary, payload) in zip(summaries, payloads) {
            Self.write(summary, to: &index)
            index.write(integer: payload.count)
        }
        var data = Data(capacity: Self.headerSize + index.bytes.count + payloads.reduce(0) { $0 + $1.count })
        data.append(contentsOf: Self.magic)
        data.append(Self.layout)
        withUnsafeBytes(of: UInt64(index.bytes.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: index.bytes)
        for payload in payloads { data.append(payload) }
        return data
    }

    // MARK: - Summaries

    private static func write(_ campaign: Campaign, to writer: inout BinaryWriter) {
        writer.write(campaign.id)
        writer.write(campaign.name)
        writer.write(raw: campaign.status)
        writer.write(raw: campaign.channel)
        writer.write(raw: campaign.message.kind)
        var flags: UInt8 = campaign.isTest ? Flag.test : 0
        if campaign.delivery.infiniteImpressions { flags |= Flag.infiniteImpressions }
        if campaign.experiment != nil { flags |= Flag.experiment }
        if campaign.goal != nil { flags |= Flag.goal }
        writer.write(flags)
        writer.write(campaign.message.tooltip?.targetElementID)
        writer.write(campaign.placement)
        write(campaign.triggers, to: &writer)
        write(campaign.delivery, to: &writer)
        if let experiment = campaign.experiment {
            writer.write(experiment.controlPercent)
            writer.write(count: experiment.variants.count)
            for variant in experiment.variants {
                writer.write(variant.id)
                writer.write(variant.name)
                writer.write(integer: variant.weight)
            }
        }
        if let goal = campaign.goal {
            writer.write(raw: goal.event)
            writer.write(goal.name)
            write(goal.conditions, to: &writer)
            writer.write(goal.windowHours)
            writer.write(count: goal.answers.count)
            for answer in goal.answers { writer.write(answer) }
        }
    }

    private static func readSummary(_ reader: inout BinaryReader, summarizer: inout CampaignSummarizer) throws -> Campaign {
        let id = try reader.string()
        let name = try reader.string()
        let status = try reader.raw(CampaignStatus.self)
        let channel = try reader.raw(CampaignChannel.self)
        let kind = try reader.raw(MessageKind.self)
        let flags = try reader.byte()
        let tooltipTarget = try reader.optionalString()
        let placement = try reader.optionalString()
        let triggers = try readTriggerSet(&reader, depth: 0)
        var delivery = try readDelivery(&reader)
        delivery.infiniteImpressions = flags & Flag.infiniteImpressions != 0
        var experiment: Experiment?
        if flags & Flag.experiment != 0 {
            let controlPercent = try reader.double()
            var variants: [Variant] = []
            for _ in 0..<(try reader.count()) {
                let id = try reader.string()
                let name = try reader.optionalString()
                variants.append(Variant(id: id, name: name, weight: try reader.integer()))
            }
            experiment = Experiment(variants: variants, controlPercent: controlPercent)
        }
        var goal: ConversionGoal?
        if flags & Flag.goal != 0 {
            let event = try reader.raw(ConversionGoal.EventKind.self)
            let name = try reader.optionalString()
            let conditions = try readConditions(&reader)
            let windowHours = try reader.double()
            var answers: [String] = []
            for _ in 0..<(try reader.count()) { answers.append(try reader.string()) }
            goal = ConversionGoal(event: event, name: name, conditions: conditions, windowHours: windowHours, answers: answers)
        }
        return summarizer.summary(id: id, name: name, status: status, isTest: flags & Flag.test != 0, kind: kind,
                                  tooltipTarget: tooltipTarget, triggers: triggers, delivery: delivery, channel: channel,
                                  placement: placement, experiment: experiment, goal: goal)
    }

    // MARK: - Delivery

    /// Everything but `infiniteImpressions`, which is a flag of the summary.
    private static func write(_ delivery: DeliveryRules, to writer: inout BinaryWriter) {
        writer.write(integer: delivery.priority)
        writer.write(delivery.startTime?.timeIntervalSinceReferenceDate)
        writer.write(delivery.endTime?.timeIntervalSinceReferenceDate)
        writer.write(integer: delivery.maxImpressions)
        writer.write(delivery.reEligibilitySeconds)
        writer.write(count: delivery.frequencyCapIDs.count)
        for capID in delivery.frequencyCapIDs { writer.write(capID) }
        writer.write(integer: delivery.delayAfterCloseMillis)
    }

    private static func readDelivery(_ reader: inout BinaryReader) throws -> DeliveryRules {
        let priority = try reader.integer()
        let startTime = try reader.optionalDouble().map(Date.init(timeIntervalSinceReferenceDate:))
        let endTime = try reader.optionalDouble().map(Date.init(timeIntervalSinceReferenceDate:))
        let maxImpressions = try reader.integer()
        let reEligibilitySeconds = try reader.optionalDouble()
        var capIDs: [String] = []
        for _ in 0..<(try reader.count()) { capIDs.append(try reader.string()) }
        return DeliveryRules(priority: priority, startTime: startTime, endTime: endTime, maxImpressions: maxImpressions,
                             reEligibilitySeconds: reEligibilitySeconds, frequencyCapIDs: capIDs,
                             delayAfterCloseMillis: try reader.integer())
    }

    // MARK: - Triggers

    private static func write(_ set: TriggerSet, to writer: inout BinaryWriter) {
        writer.write(raw: set.match)
        writer.write(count: set.triggers.count)
        for trigger in set.triggers {
            writer.write(raw: trigger.event)
            writer.write(trigger.name)
            write(trigger.conditions, to: &writer)
            writer.write(integer: trigger.occurrences)
        }
        writer.write(count: set.groups.count)
        for group in set.groups { write(group, to: &writer) }
    }

    private static func readTriggerSet(_ reader: inout BinaryReader, depth: Int) throws -> TriggerSet {
        guard depth <= maxGroupDepth else { throw BinaryFormatError("trigger groups nest too deep") }
        let match = try reader.raw(TriggerMatch.self)
        var triggers: [Trigger] = []
        for _ in 0..<(try reader.count()) {
            let event = try reader.raw(EventKind.self)
            let name = try reader.optionalString()
            let conditions = try readConditions(&reader)
            triggers.append(Trigger(event, name: name, conditions: conditions, occurrences: try reader.integer()))
        }
        var groups: [TriggerSet] = []
        for _ in 0..<(try reader.count()) { groups.append(try readTriggerSet(&reader, depth: depth + 1)) }
        return TriggerSet(match: match, triggers: triggers, groups: groups)
    }

    private static func write(_ conditions: [AttributeCondition], to writer: inout BinaryWriter) {
        writer.write(count: conditions.count)
        for condition in conditions {
            writer.write(condition.name)
            writer.write(raw: condition.type)
            writer.write(raw: condition.operator)
            writer.write(condition.value)
        }
    }

    private static func readConditions(_ reader: inout BinaryReader) throws -> [AttributeCondition] {
        var conditions: [AttributeCondition] = []
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            let type = try reader.raw(AttributeType.self)
            let op = try reader.raw(ConditionOperator.self)
            conditions.append(AttributeCondition(name: name, type: type, operator: op, value: try reader.string()))
        }
        return conditions
    }
}
