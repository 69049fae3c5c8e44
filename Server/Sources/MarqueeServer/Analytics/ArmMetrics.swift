import MarqueeModel

/// One arm's counts: a variant, the control group, or (`""`) a campaign without an experiment.
struct ArmMetrics: Encodable, Sendable {
    /// The variant id, `control`, or `default` for the campaign's own message in a hold-out test.
    var variant: String
    /// The variant's label, when it has one.
    var name: String?
    var isControl: Bool
    var metrics: CampaignMetrics

    enum CodingKeys: String, CodingKey { case variant, name, isControl }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(variant, forKey: .variant)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(isControl, forKey: .isControl)
        try metrics.encode(to: encoder)
    }

    /// Every arm of `experiment` in order (control last), with the counts `metrics` has for each;
    /// arms no longer in the experiment but counted (edited away) follow.
    static func list(_ metrics: [String: CampaignMetrics], experiment: Experiment?) -> [ArmMetrics] {
        guard let experiment else { return [] }
        var ids = experiment.armIDs
        ids += metrics.keys.filter { !$0.isEmpty && !ids.contains($0) }.sorted()
        return ids.map { id in
            ArmMetrics(variant: id, name: experiment.variant(id: id)?.name, isControl: id == ExperimentArm.controlID,
                       metrics: metrics[id] ?? CampaignMetrics())
        }
    }
}
