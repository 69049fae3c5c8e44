import MarqueeModel

/// The experiment arm an impression or a conversion is counted in.
///
/// A Marquee SDK says which arm it acted on (`marqueeVariant`); that arm is kept when the
/// campaign has it, since it is what the device did. A client that says nothing (an
/// RInAppMessaging app) is attributed the arm ``ExperimentAssignment`` gives its user, which is
/// the variant the server sent it: no client change is needed.
enum ArmAttribution {
    /// The arm's id; `""` for a campaign without an experiment (or one no longer known).
    static func arm(of campaign: Campaign?, declared: String?, unit: ExperimentUnit) -> String {
        guard let campaign, let experiment = campaign.experiment else { return "" }
        if let declared, experiment.contains(ExperimentArm(id: declared)) { return declared }
        return ExperimentAssignment.arm(campaignID: campaign.id, unit: unit, experiment: experiment).id
    }
}
