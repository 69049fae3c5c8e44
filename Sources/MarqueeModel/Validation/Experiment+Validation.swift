import Foundation

extension Experiment {
    func validate(into report: inout ValidationReport, campaignMessage: Message) {
        let limits = Limits.self
        report.check(variants.isEmpty || limits.variantCount.contains(variants.count), "variants",
                     "must list \(limits.variantCount.lowerBound) to \(limits.variantCount.upperBound) variants, or none for a hold-out test")
        report.check(controlPercent.isFinite && limits.controlPercent.contains(controlPercent), "controlPercent",
                     "must be between \(Int(limits.controlPercent.lowerBound)) and \(Int(limits.controlPercent.upperBound))")
        report.check(!variants.isEmpty || controlPercent > 0, "controlPercent",
                     "must be above 0 when there are no variants: an experiment needs variants or a control group")
        report.check(Set(variants.map(\.id)).count == variants.count, "variants", "variant ids must be unique")
        for (index, variant) in variants.enumerated() {
            report.nested("variants[\(index)]") { variant.validate(into: &$0, campaignMessage: campaignMessage) }
        }
    }
}

extension Variant {
    func validate(into report: inout ValidationReport, campaignMessage: Message) {
        let limits = Experiment.Limits.self
        let allowed = id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        report.check(!id.isEmpty && IdentifierLimits.fits(id, limits.maxVariantIDLength) && allowed, "id",
                     "must be 1 to \(limits.maxVariantIDLength) letters, digits, '-' or '_'")
        report.check(id != ExperimentArm.controlID, "id", "'\(ExperimentArm.controlID)' names the control group")
        report.check(limits.weight.contains(weight), "weight",
                     "must be between \(limits.weight.lowerBound) and \(limits.weight.upperBound)")
        if let name { report.check(TextRule.fits(name, characters: Campaign.Limits.maxNameLength), "name",
                                   "must be at most \(Campaign.Limits.maxNameLength) characters") }
        if let message {
            report.check(message.kind == campaignMessage.kind, "message.kind",
                         "must be \(campaignMessage.kind.rawValue), the campaign message's kind: variants change the content, not the kind")
            report.nested("message") { message.validate(into: &$0) }
            // Answers, results and goals name questions and choices: a variant words them its own way.
            if message.kind == .survey, campaignMessage.kind == .survey {
                report.check(message.survey?.shape == campaignMessage.survey?.shape, "message.survey",
                             "must have the campaign survey's questions (ids, kinds, choice ids): variants change only the words")
            }
        }
    }
}

extension Survey {
    /// What answers depend on: each question's id and kind, and its choices' ids.
    var shape: [String] {
        questions.map { "\($0.id)|\($0.kind.rawValue)|" + $0.choices.map(\.id).joined(separator: ",") }
    }
}

extension ConversionGoal {
    func validate(into report: inout ValidationReport) {
        switch event {
        case .custom:
            report.check(!(name ?? "").trimmingCharacters(in: .whitespaces).isEmpty, "name", "is required for custom goals")
            report.check(IdentifierLimits.fits(name ?? "", Campaign.Limits.maxIdentifierLength), "name",
                         IdentifierLimits.atMost(Campaign.Limits.maxIdentifierLength))
        case .surveyAnswer:
            report.check(!(name ?? "").isEmpty, "name", "must name the survey question whose answer counts")
            report.check(conditions.isEmpty, "conditions", "a survey goal lists answers, not conditions")
        case .purchase:
            break
        }
        report.check(event == .surveyAnswer || answers.isEmpty, "answers", "only survey goals list answers")
        report.check(windowHours.isFinite && windowHours > Limits.windowHours.lowerBound && windowHours <= Limits.windowHours.upperBound,
                     "windowHours", "must be above 0 and at most \(Int(Limits.windowHours.upperBound)) (90 days)")
        for (index, condition) in conditions.enumerated() {
            report.nested("conditions[\(index)]") { condition.validate(into: &$0) }
        }
    }
}
