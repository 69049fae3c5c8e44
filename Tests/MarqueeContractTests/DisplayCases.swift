import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeTesting
import Testing

/// The `display` area: which ready campaigns may show, with every time given by the case.
/// Eligibility runs through the per-user store's rules (``UserBucket``), the message queue
/// through the display scheduler; neither reads a clock.
enum DisplayCases {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.kind {
        case "eligibility": try eligibility(contractCase)
        case "queue": try queue(contractCase)
        default: throw ContractError.unknownKind(contractCase.id, contractCase.kind)
        }
    }

    // MARK: eligibility

    /// One step at `at`: a display of `shown` that ended (with or without opting out), a user of
    /// the control group held back from `heldBack`, or a question whether `check` may show.
    struct EligibilityStep: Decodable {
        let at: Date
        let shown: String?
        let optOut: Bool?
        let heldBack: String?
        let check: String?
    }

    struct EligibilityInput: Decodable {
        let campaigns: [ContractCampaign]
        let frequencyCaps: [FrequencyCap]?
        let steps: [EligibilityStep]
    }

    /// A check's answer: eligible, or not with the debug session's reason code.
    struct Answer: Decodable, Equatable {
        let eligible: Bool
        let reason: String?
    }

    /// One entry per step: `null` for the steps that only act.
    struct EligibilityExpectation: ContractExpectation {
        let steps: [Answer?]
        static let keys: Set<String> = ["steps"]
    }

    static func eligibility(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: EligibilityInput.self)
        let expected = try contractCase.expected(as: EligibilityExpectation.self)
        guard expected.steps.count == input.steps.count, let first = input.steps.first else {
            throw ContractError.malformed(contractCase.id, "\"steps\" needs one entry per step")
        }
        var bucket = UserBucket(identityKey: "contract")
        bucket.adopt(input.campaigns.map(\.campaign), caps: input.frequencyCaps ?? [], pingMillis: 1, now: first.at)
        for (index, step) in input.steps.enumerated() {
            let answer: Answer?
            switch (step.shown, step.heldBack, step.check) {
            case (let id?, nil, nil):
                bucket.recordEnd(of: try input.campaigns.campaign(id, in: contractCase), optedOut: step.optOut ?? false, at: step.at)
                answer = nil
            case (nil, let id?, nil):
                bucket.recordHoldBack(of: try input.campaigns.campaign(id, in: contractCase), at: step.at)
                answer = nil
            case (nil, nil, let id?):
                let reason = bucket.ineligibility(try input.campaigns.campaign(id, in: contractCase), now: step.at)
                answer = Answer(eligible: reason == nil, reason: reason?.rawValue)
            default:
                throw ContractError.malformed(contractCase.id, "step \(index) needs exactly one of \"shown\", \"heldBack\" and \"check\"")
            }
            #expect(answer == expected.steps[index], "step \(index)")
        }
    }

    // MARK: queue

    /// One step at `at`: `ready` puts a campaign in line, `next` asks for the next message to
    /// show, `end` ends the message on screen.
    struct QueueStep: Decodable {
        let at: Date
        let ready: String?
        let next: JSONValue?
        let end: JSONValue?
    }

    struct QueueInput: Decodable {
        let displayIntervalSeconds: Double
        /// `fifo` or `lifo`, among equal priorities.
        let order: String
        let campaigns: [ContractCampaign]
        let steps: [QueueStep]
    }

    /// What `next` gave: the campaign shown, or none, with the reason the first in line waits.
    struct Next: Decodable, Equatable {
        let shows: String?
        let reason: String?
    }

    struct QueueExpectation: ContractExpectation {
        let steps: [Next?]
        static let keys: Set<String> = ["steps"]
    }

    static func queue(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: QueueInput.self)
        let expected = try contractCase.expected(as: QueueExpectation.self)
        guard expected.steps.count == input.steps.count else {
            throw ContractError.malformed(contractCase.id, "\"steps\" needs one entry per step")
        }
        let order: QueueOrder
        switch input.order {
        case "fifo": order = .fifo
        case "lifo": order = .lifo
        default: throw ContractError.malformed(contractCase.id, "order \(input.order) is neither fifo nor lifo")
        }
        var scheduler = DisplayScheduler()
        for (index, step) in input.steps.enumerated() {
            let result: Next?
            switch (step.ready, step.next, step.end) {
            case (let id?, nil, nil):
                scheduler.enqueue(try input.campaigns.campaign(id, in: contractCase), for: .anonymous, at: step.at)
                result = nil
            case (nil, _?, nil):
                if let display = scheduler.claimNextMessage(order: order, at: step.at) {
                    result = Next(shows: display.item.campaign.id, reason: nil)
                } else {
                    let waiting = scheduler.waiting(order).first
                    let reason = waiting.flatMap { scheduler.slotWait(for: $0.campaign, coordinator: .standard, at: step.at) }
                    result = Next(shows: nil, reason: reason?.rawValue)
                }
            case (nil, nil, _?):
                guard let display = scheduler.message else {
                    throw ContractError.malformed(contractCase.id, "step \(index) ends a message, and none is on screen")
                }
                scheduler.ended(display, at: step.at, displayInterval: input.displayIntervalSeconds)
                _ = scheduler.release(display.token)
                result = nil
            default:
                throw ContractError.malformed(contractCase.id, "step \(index) needs exactly one of \"ready\", \"next\" and \"end\"")
            }
            #expect(result == expected.steps[index], "step \(index)")
        }
    }
}
