extension Campaign {
    /// Whether the campaign runs an experiment or measures a goal: Marquee clients that declare
    /// the experiments capability receive it whole; other clients receive one plain arm.
    public var isMeasured: Bool { experiment != nil || goal != nil }

    /// The arm `unit` falls in; `nil` when the campaign runs no experiment.
    public func arm(for unit: ExperimentUnit) -> ExperimentArm? {
        experiment.map { ExperimentAssignment.arm(campaignID: id, unit: unit, experiment: $0) }
    }

    /// The campaign as one arm shows it: the variant's message in place of the campaign's,
    /// without the experiment and the goal (a plain campaign any client can be sent). `nil` for
    /// the control group, which is shown nothing, and for an arm the experiment lacks.
    public func resolved(for arm: ExperimentArm) -> Campaign? {
        var plain = self
        plain.experiment = nil
        plain.goal = nil
        guard let experiment else { return plain }
        switch arm {
        case .control:
            return nil
        case .variant(let id):
            guard let variant = experiment.variant(id: id) else { return nil }
            if let message = variant.message { plain.message = message }
            return plain
        }
    }

    /// The plain campaign of every arm that shows something, with its arm, in the experiment's
    /// order; without an experiment, the campaign itself (without its goal) and no arm.
    public var plainArms: [(arm: ExperimentArm?, campaign: Campaign)] {
        guard let experiment else {
            var plain = self
            plain.goal = nil
            return [(nil, plain)]
        }
        return experiment.arms.compactMap { variant in
            resolved(for: .variant(variant.id)).map { (ExperimentArm.variant(variant.id), $0) }
        }
    }
}
