/// The one function that places a user in an experiment's arm, shared by the server (which
/// serves RInAppMessaging clients their variant and attributes their impressions) and the SDK
/// (which shows the variant or holds the user back), so both always agree.
///
/// Two independent stable hashes of the campaign id and the ``ExperimentUnit`` decide:
/// - the first, in 10,000 slots, puts `controlPercent × 100` of them in the control group;
/// - the second picks a variant in proportion to the weights.
///
/// Being separate, changing the control share moves users only into or out of the control
/// group, never between variants. Hashes are ``StableHash/mixed(_:)``: the same on every
/// platform, in every process, for every server instance, and after the SDK's storage is wiped.
public enum ExperimentAssignment {
    /// Slots of the control draw: control shares are exact to a hundredth of a percent.
    public static let controlSlots: UInt64 = 10_000

    /// The arm of `unit` in `experiment` of the campaign `campaignID`.
    public static func arm(campaignID: String, unit: ExperimentUnit, experiment: Experiment) -> ExperimentArm {
        let controlShare = UInt64(max(0, (experiment.controlPercent * 100).rounded()))
        if controlShare > 0, StableHash.mixed("control|\(campaignID)|\(unit.key)") % controlSlots < controlShare {
            return .control
        }
        let arms = experiment.arms
        let total = arms.reduce(0) { $0 + max(0, $1.weight) }
        guard total > 0 else { return .variant(arms[0].id) }
        var point = Int(StableHash.mixed("variant|\(campaignID)|\(unit.key)") % UInt64(total))
        for arm in arms {
            let weight = max(0, arm.weight)
            if point < weight { return .variant(arm.id) }
            point -= weight
        }
        return .variant(arms[arms.count - 1].id)
    }
}
