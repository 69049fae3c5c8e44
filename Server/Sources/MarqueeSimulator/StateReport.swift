import Marquee

/// Text views of ``MarqueeState`` for the simulator's `queue`, `cache` and `status` commands.
enum StateReport {
    static func queue(_ state: MarqueeState) -> String {
        var lines = ["on screen: \(state.onScreen?.campaignName ?? "nothing")"]
        if !state.immediateOnScreen.isEmpty {
            lines.append("also on screen: " + state.immediateOnScreen.map(\.campaignName).joined(separator: ", "))
        }
        if !state.tooltipsOnScreen.isEmpty {
            lines.append("tooltips on screen: " + state.tooltipsOnScreen.map(\.campaignName).joined(separator: ", "))
        }
        if state.queued.isEmpty {
            lines.append("queue: empty")
        } else {
            lines.append("queue (next first):")
            for (index, message) in state.queued.enumerated() {
                lines.append("  \(index + 1). \(message.campaignName) [\(message.message.kind.rawValue)]")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func cache(_ state: MarqueeState) -> String {
        guard !state.campaigns.isEmpty else { return "cache for \(state.identity): no campaigns" + held(state) }
        var lines = ["cache for \(state.identity): \(state.campaigns.count) campaign\(state.campaigns.count == 1 ? "" : "s")"]
        for campaign in state.campaigns {
            let left = campaign.impressionsLeft.map { "\($0) left" } ?? "unlimited"
            let flags = [campaign.isOptedOut ? "opted out" : nil, campaign.isTest ? "test" : nil,
                         campaign.variant.map { $0 == "control" ? "control group" : "variant \($0)" },
                         campaign.goal.map { "goal \($0)\(campaign.hasConverted ? " (converted)" : "")" }].compactMap { $0 }
            let suffix = flags.isEmpty ? "" : ", " + flags.joined(separator: ", ")
            lines.append("  - \(campaign.name) [\(campaign.kind.rawValue)] \(left)\(suffix); on \(campaign.listensFor.joined(separator: " + "))")
        }
        return lines.joined(separator: "\n") + held(state)
    }

    /// The in-app messages pushes delivered, held on the device.
    private static func held(_ state: MarqueeState) -> String {
        guard !state.heldMessages.isEmpty else { return "" }
        return "\nheld from pushes: " + state.heldMessages.map { message in
            "\n  - \(message.id) [\(message.kind.rawValue)] \(message.impressionsLeft ?? 0) views left; on \(message.listensFor.joined(separator: " or "))"
        }.joined()
    }

    static func status(_ state: MarqueeState) -> String {
        """
        user: \(state.identity)
        enabled: \(state.isEnabled), paused: \(state.isPaused), app: \(state.isInForeground ? "foreground" : "background")
        campaigns cached: \(state.campaigns.count), queued: \(state.queued.count), unsent impression batches: \(state.pendingImpressionBatches), unsent conversions: \(state.pendingConversions)\(experiments(state))
        """
    }

    /// One line per campaign with an experiment: the arm this user is in.
    private static func experiments(_ state: MarqueeState) -> String {
        let lines = state.campaigns.compactMap { campaign in
            campaign.variant.map { "\n\(campaign.name): \($0 == "control" ? "control group (sees nothing)" : "variant \($0)")" }
        }
        return lines.joined()
    }
}
